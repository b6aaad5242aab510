import { describe, expect, it, vi } from 'vitest';
import {
  applyBlur,
  applyFocus,
  createFocusSender,
  createMovedStore,
  keepViewers,
  type Lookers,
} from './focus.ts';

const ev = (uuid: string, userId: number, dragging = false) => ({
  uuid,
  jobId: 1,
  userId,
  name: `U${userId}`,
  dragging,
});

describe('who looks at which card', () => {
  it('keeps one card per person and forgets it on blur', () => {
    let l: Lookers = new Map();
    l = applyFocus(l, ev('a', 1));
    l = applyFocus(l, ev('a', 2));
    l = applyFocus(l, ev('b', 1, true));
    expect(l.get('a')!.map((x) => x.userId)).toEqual([2]);
    expect(l.get('b')).toEqual([{ userId: 1, name: 'U1', dragging: true }]);
    l = applyBlur(l, ev('b', 1));
    expect(l.has('b')).toBe(false);
    // A blur for a card the person no longer looks at changes nothing.
    expect(applyBlur(l, ev('b', 1))).toBe(l);
  });

  it('forgets people who left the job', () => {
    let l: Lookers = new Map();
    l = applyFocus(applyFocus(l, ev('a', 1)), ev('b', 2));
    const kept = keepViewers(l, new Set([2]));
    expect([...kept.keys()]).toEqual(['b']);
    expect(keepViewers(kept, new Set([2]))).toBe(kept);
  });
});

describe('what this person says they look at', () => {
  it('sends a focus per new card, a blur on leaving, and nothing for repeats', () => {
    const emit = vi.fn();
    const s = createFocusSender(7, emit);
    s.focus('a');
    s.focus('a');
    s.focus('b');
    s.blur('a');
    s.blur('b');
    expect(emit.mock.calls).toEqual([
      ['card:focus', { jobId: 7, uuid: 'a', dragging: false }],
      ['card:blur', { jobId: 7, uuid: 'a' }],
      ['card:focus', { jobId: 7, uuid: 'b', dragging: false }],
      ['card:blur', { jobId: 7, uuid: 'b' }],
    ]);
  });

  it('keeps a dragged card until the drag ends', () => {
    const emit = vi.fn();
    const s = createFocusSender(7, emit);
    s.focus('a', true);
    s.focus('b');
    s.blur('a');
    expect(emit).toHaveBeenCalledTimes(1);
    s.blur('a', { endDrag: true });
    expect(emit).toHaveBeenLastCalledWith('card:blur', { jobId: 7, uuid: 'a' });
  });
});

describe('cards a teammate just moved', () => {
  it('are marked for a moment, then no more', () => {
    vi.useFakeTimers();
    try {
      const store = createMovedStore();
      const heard = vi.fn();
      store.subscribe(heard);
      store.mark('a');
      expect(store.has('a')).toBe(true);
      vi.advanceTimersByTime(2000);
      expect(store.has('a')).toBe(false);
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
