import type { Plugin } from 'vite';

/**
 * react-aria keeps "how the person is interacting" (mouse, keyboard, touch) as React state in every
 * draggable item, in every droppable list and in every grid's selection description, only to choose
 * the screen-reader hint it gives ("Press Enter to start dragging", "Double tap…"). So each switch between
 * keyboard and mouse redraws every card on the pipeline board: the first press after a drop (react-aria
 * switches to "keyboard" after a drop, to show where the card landed) cost a 90–130 ms task with 42 cards
 * on screen, and the drop itself as much again. Upstream knows (adobe/react-spectrum#2403, open; the fix in
 * #2489 was closed unmerged).
 *
 * This plugin makes those four modules read the current modality when they draw instead of subscribing
 * to it, as #2489 did: the hint is then the one current when the card or list last drew (a list redraws
 * its cards whenever focus moves within it, so a keyboard user hears the keyboard hint). Reading the
 * modality then asks a media query on each draw, which a fifth rewrite keeps (see below). The build stops
 * if a module no longer reads as expected: after a react-aria upgrade, check whether #2403 is fixed and
 * remove this plugin if it is.
 */
const REWRITES: { file: RegExp; from: RegExp; to: string; append?: string }[] = [
  // `useDragModality` (state) → `getDragModality` (a read), imported from the package's dnd utilities.
  ...['useDrag', 'useDraggableItem', 'useVirtualDrop'].map((name) => ({
    file: new RegExp(`/react-aria/dist/private/dnd/${name}\\.mjs$`),
    from: /\buseDragModality as (\$\w+)/,
    to: 'getDragModality as $1',
  })),
  {
    file: /\/react-aria\/dist\/private\/grid\/useHighlightSelectionDescription\.mjs$/,
    from: /\buseInteractionModality as (\$\w+)/,
    to: 'getInteractionModality as $1',
  },
  // Reading the modality asks `matchMedia('(pointer: coarse)')` each time, once per card per draw, and
  // Chromium evaluates a new media query list on every call (about 4 ms of a drop with 50 cards drawn). The
  // list is kept instead: its `matches` follows the device as it changes.
  {
    file: /\/react-aria\/dist\/private\/dnd\/utils\.mjs$/,
    from: /window\.matchMedia\('\(pointer: coarse\)'\)\.matches/,
    to: '$portal$coarsePointer().matches',
    append:
      "\nlet $portal$coarsePointerList;\nfunction $portal$coarsePointer() {\n  return ($portal$coarsePointerList ??= window.matchMedia('(pointer: coarse)'));\n}\n",
  },
];

/**
 * The rewrites as a plugin. It runs wherever react-aria's modules are read: in the production build, in the
 * dev server's pre-bundling of packages (`optimizeDeps.rolldownOptions.plugins`) and in the web tests (which
 * inline react-aria for it), so the board behaves the same in all three. Only a whole build must have met
 * every module (`requireAll`): a dev page or a test file may load only some of them.
 */
export function reactAriaModalityReads({ requireAll = false }: { requireAll?: boolean } = {}): Plugin {
  const done = new Set<RegExp>();
  return {
    name: 'react-aria-modality-reads',
    transform(code, id) {
      const rewrite = REWRITES.find((r) => r.file.test(id.split('?')[0]!.replaceAll('\\', '/')));
      if (!rewrite) return null;
      if (!rewrite.from.test(code)) this.error(`${id} no longer imports what this plugin rewrites`);
      done.add(rewrite.file);
      return { code: code.replace(rewrite.from, rewrite.to) + (rewrite.append ?? ''), map: null };
    },
    buildEnd(error) {
      if (error || !requireAll) return;
      const missed = REWRITES.filter((r) => !done.has(r.file)).map((r) => r.file.source);
      if (missed.length > 0) this.error(`react-aria modules not found to rewrite: ${missed.join(', ')}`);
    },
  };
}
