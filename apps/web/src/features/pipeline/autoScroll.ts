/**
 * Scrolling the board while a card is held near its side (and a column while held near its top or
 * bottom). Chromium and Firefox scroll a box under a dragged item only in a thin strip at the box's very
 * edge, after a pause, and not at all when the box's edge is the window's; the board's columns run past
 * the screen on a laptop or a phone, so without this a card could only reach the columns in view.
 *
 * The pointer's place comes from the drag's `dragover` events (a mouse and a touch drag both send them);
 * the scrolling runs once a frame, so a card held still at the edge keeps scrolling. A keyboard drag moves
 * focus from drop place to drop place without scrolling to it: the column of each one is brought into view.
 */

/** How far in from a side a held card starts the scrolling (px), and the fastest step per frame there. */
const EDGE = 64;
const MAX_STEP = 20;

/**
 * The scroll step for a pointer at `pos` on a line from `start` to `end` (a box's visible span): negative
 * near the start, positive near the end, faster the closer to (or past) the side, 0 in the middle.
 */
export function edgeStep(pos: number, start: number, end: number): number {
  const band = Math.min(EDGE, (end - start) / 4);
  if (band <= 0) return 0;
  const into = (depth: number) => Math.ceil(MAX_STEP * Math.min(1, depth / band));
  if (pos < start + band) return -into(start + band - pos);
  if (pos > end - band) return into(pos - (end - band));
  return 0;
}

export interface AutoScroller {
  /** A drag began: follow the pointer until `stop` (or the drag's drop or end). */
  start: () => void;
  stop: () => void;
}

/** Scrolls `board()` sideways and the column list under the pointer up or down while a drag is held. */
export function createAutoScroller(board: () => HTMLElement | null): AutoScroller {
  let frame = 0;
  let point: { x: number; y: number } | null = null;
  const follow = (e: DragEvent) => {
    point = { x: e.clientX, y: e.clientY };
  };
  const tick = () => {
    frame = requestAnimationFrame(tick);
    const el = board();
    if (!el || !point) return;
    const box = el.getBoundingClientRect();
    // Only while the pointer is level with the board: a card held over the page's header scrolls nothing.
    if (point.y < box.top || point.y > box.bottom) return;
    const dx = edgeStep(point.x, Math.max(box.left, 0), Math.min(box.right, window.innerWidth));
    if (dx !== 0) el.scrollLeft += dx;
    for (const list of el.querySelectorAll<HTMLElement>('.pipeline-list')) {
      const r = list.getBoundingClientRect();
      if (point.x < r.left || point.x > r.right) continue;
      const dy = edgeStep(point.y, Math.max(r.top, 0), Math.min(r.bottom, window.innerHeight));
      if (dy !== 0 && point.y >= r.top - EDGE && point.y <= r.bottom + EDGE) list.scrollTop += dy;
      break;
    }
  };
  /** A keyboard drag's new drop place: its whole column is scrolled into the board's view. */
  const reveal = (e: FocusEvent) => {
    const el = board();
    const column = (e.target as HTMLElement | null)?.closest?.('.pipeline-column');
    if (!el || !column || !el.contains(column)) return;
    const box = el.getBoundingClientRect();
    const r = column.getBoundingClientRect();
    if (r.left < box.left) el.scrollLeft -= box.left - r.left;
    else if (r.right > box.right) el.scrollLeft += Math.min(r.right - box.right, r.left - box.left);
  };
  const stop = () => {
    board()?.removeAttribute('data-dragging');
    document.removeEventListener('focusin', reveal, true);
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    point = null;
    document.removeEventListener('dragover', follow, true);
    document.removeEventListener('drop', stop, true);
    document.removeEventListener('dragend', stop, true);
  };
  return {
    start() {
      if (frame) return;
      // The board snaps to a column's side after every scroll, which would undo each small step; it snaps
      // again once the drag ends (see `.pipeline-board[data-dragging]`).
      board()?.setAttribute('data-dragging', '');
      document.addEventListener('dragover', follow, true);
      document.addEventListener('focusin', reveal, true);
      document.addEventListener('drop', stop, true);
      document.addEventListener('dragend', stop, true);
      frame = requestAnimationFrame(tick);
    },
    stop,
  };
}
