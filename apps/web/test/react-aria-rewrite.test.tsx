import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { GridList, GridListItem, useDragAndDrop } from 'react-aria-components';

/**
 * The web tests run react-aria as the build ships it (vite-react-aria-modality.ts): a draggable list reads
 * the pointer's kind from one kept media query list, not from a new one per card and draw. Without the
 * rewrite, every card asks `matchMedia('(pointer: coarse)')` again on every draw.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Cards({ names }: { names: string[] }) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
  });
  return (
    <GridList aria-label="Cards" dragAndDropHooks={dragAndDropHooks}>
      {names.map((name) => (
        <GridListItem key={name} id={name} textValue={name}>
          {name}
        </GridListItem>
      ))}
    </GridList>
  );
}

it('asks the media query for the pointer once, however many cards draw', () => {
  const asked = vi.fn((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('matchMedia', asked);
  const names = ['Asha', 'Bala', 'Chitra', 'Devi', 'Esha'];
  const { rerender } = render(<Cards names={names} />);
  rerender(<Cards names={[...names].reverse()} />);
  const coarse = asked.mock.calls.filter(([query]) => query === '(pointer: coarse)');
  expect(coarse.length).toBeLessThanOrEqual(1);
});
