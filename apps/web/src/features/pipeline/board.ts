import { generateKeyBetween } from 'fractional-indexing';
import {
  CANDIDATE_STATUSES,
  type CandidateMovedEvent,
  type ClientFeedbackEvent,
  type ClientFeedbackSummary,
  type CandidateStatus,
  type MoveConflictBody,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumn,
  type PipelineColumnPage,
} from '@portal/contracts';

/**
 * The board's state and every change to it, as plain functions of (state, change) → state, so the screen
 * only dispatches and the rules are tested without a browser. A column keeps the server's total and the
 * cards loaded so far (the first page and the pages "Show more" added); `next` says where the next page
 * starts.
 *
 * One rule keeps live messages, answers and rollbacks from undoing each other: a card's `version` only
 * grows, so a copy older than the one on the board is ignored (a late echo of one's own move, a message
 * read back twice after a reconnect).
 */
export type BoardState = PipelineColumn[];

/** Fractional-index keys are ordered byte by byte (case matters), never by locale; ties by id. */
export function compareCards(
  a: Pick<PipelineCard, 'position' | 'id'>,
  b: Pick<PipelineCard, 'position' | 'id'>,
) {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id - b.id;
}

/** The board in the requirements' status order, whatever order the answer had. */
export function boardFromAnswer(board: PipelineBoard): BoardState {
  return CANDIDATE_STATUSES.map(
    (status) => board.columns.find((c) => c.status === status) ?? { status, total: 0, cards: [], next: null },
  );
}

export function findCard(board: BoardState, uuid: string): PipelineCard | undefined {
  for (const column of board) {
    const card = column.cards.find((c) => c.uuid === uuid);
    if (card) return card;
  }
  return undefined;
}

/** How many cards each column has loaded: a refetch asks for as many, so "Show more" is not undone. */
export function loadedCount(board: BoardState): number {
  return Math.max(0, ...board.map((c) => c.cards.length));
}

/** Adds a column's next page, skipping cards already shown (one may have moved in live meanwhile). */
export function appendPage(board: BoardState, status: CandidateStatus, page: PipelineColumnPage): BoardState {
  return board.map((column) => {
    if (column.status !== status) return column;
    const shown = new Set(column.cards.map((c) => c.uuid));
    return {
      ...column,
      cards: [...column.cards, ...page.cards.filter((c) => !shown.has(c.uuid))],
      next: page.next,
    };
  });
}

/**
 * Whether a card with this position belongs among the loaded cards of the column: always when the column is
 * loaded to its end, otherwise only up to its last loaded card (beyond it, it would show up out of place
 * and then again on a later page).
 */
function fitsLoaded(column: PipelineColumn, card: PipelineCard): boolean {
  const last = column.cards.at(-1);
  return column.next === null || (last !== undefined && compareCards(card, last) < 0);
}

/** The column's cards without `uuid`, and whether it was there. */
function without(column: PipelineColumn, uuid: string): [PipelineColumn, boolean] {
  const index = column.cards.findIndex((c) => c.uuid === uuid);
  if (index < 0) return [column, false];
  const cards = column.cards.slice(0, index).concat(column.cards.slice(index + 1));
  return [{ ...column, cards, total: Math.max(0, column.total - 1) }, true];
}

/** The column with `card` inserted where its position sorts (or counted only, when past the loaded cards). */
function withCard(column: PipelineColumn, card: PipelineCard): PipelineColumn {
  const total = column.total + 1;
  if (!fitsLoaded(column, card)) return { ...column, total };
  const index = column.cards.findIndex((c) => compareCards(card, c) < 0);
  const cards =
    index < 0
      ? [...column.cards, card]
      : [...column.cards.slice(0, index), card, ...column.cards.slice(index)];
  return { ...column, cards, total };
}

/**
 * Puts a card where its status and position say (a server's answer, a conflict's `current`, a rollback).
 * A copy older than the board's is ignored; one of the same version replaces it (a rollback of one's own
 * optimistic move, whose copy kept the version it was made from).
 */
export function placeCard(board: BoardState, card: PipelineCard): BoardState {
  const shown = findCard(board, card.uuid);
  if (shown && shown.version > card.version) return board;
  const next = board.map((column) => without(column, card.uuid)[0]);
  return next.map((column) => (column.status === card.status ? withCard(column, card) : column));
}

/** What applying a live `candidate:moved` did: the board, and whether it must be fetched again to be right. */
export interface MovedResult {
  board: BoardState;
  /** The card was not loaded here: the totals and cards of two columns are better read again. */
  refetch: boolean;
}

/** A teammate's move (the job room's `candidate:moved`), applied once in the room's order. */
export function applyMoved(board: BoardState, event: CandidateMovedEvent): MovedResult {
  const shown = findCard(board, event.uuid);
  if (!shown) return { board, refetch: true };
  if (shown.version >= event.version) return { board, refetch: false };
  const card: PipelineCard = {
    ...shown,
    status: event.to,
    position: event.position,
    version: event.version,
    stage_entered_at: event.stage_entered_at,
  };
  return { board: placeCard(board, card), refetch: false };
}

/**
 * A client's answer (the job room's `candidate:client-feedback`): the card's badge takes the summary the
 * message carries. Only the badge changes (no version, no place); a card not loaded here has nothing to show.
 */
export function applyClientFeedback(board: BoardState, event: ClientFeedbackEvent): BoardState {
  const shown = findCard(board, event.uuid);
  if (!shown) return board;
  const { decision, reason, comments, by, at } = event;
  const card: PipelineCard = { ...shown, client_feedback: { decision, reason, comments, by, at } };
  return board.map((column) =>
    column.cards.includes(shown)
      ? { ...column, cards: column.cards.map((c) => (c === shown ? card : c)) }
      : column,
  );
}

/** Whether two copies of a card show the same client answer (the badge). */
const sameFeedback = (a: ClientFeedbackSummary | null, b: ClientFeedbackSummary | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.decision === b.decision &&
    a.comments === b.comments &&
    a.at === b.at &&
    a.reason === b.reason);

/** Where a card was dropped in a column: on an item (before or after it), or on the column itself (its end). */
export type DropTarget = { key: string; dropPosition: 'before' | 'after' | 'on' } | { key?: undefined };

/** A move's neighbours once dropped: the card it lands right before and/or right after (uuids). */
export interface Neighbours {
  before?: string;
  after?: string;
}

/**
 * The neighbours the server needs for a drop, from the column's loaded cards (the moving card left out:
 * dropped next to itself, it keeps its other neighbour). Dropped on the column or past its last loaded card
 * of a column with more pages, only `after` (or nothing: the column's end).
 */
export function dropNeighbours(
  cards: readonly PipelineCard[],
  movingUuid: string,
  target: DropTarget,
): Neighbours {
  const rest = cards.filter((c) => c.uuid !== movingUuid);
  if (target.key === undefined) {
    const last = rest.at(-1);
    return last ? { after: last.uuid } : {};
  }
  const index = rest.findIndex((c) => c.uuid === target.key);
  if (index < 0) {
    // Dropped on itself: it stays between the cards it had around it.
    const own = cards.findIndex((c) => c.uuid === movingUuid);
    return neighboursAt(rest, own < 0 ? rest.length : own);
  }
  return neighboursAt(rest, target.dropPosition === 'before' ? index : index + 1);
}

/** The neighbours of a gap in `cards` (0 = before the first). */
function neighboursAt(cards: readonly PipelineCard[], gap: number): Neighbours {
  const before = cards[gap]?.uuid;
  const after = gap > 0 ? cards[gap - 1]?.uuid : undefined;
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

/**
 * A key between two neighbours' keys, for the optimistic copy of a moved card, so that it sorts in place
 * until the server's answer brings the real one. Keys this screen cannot read (or out of order) give
 * the neighbours' own key: the card still shows where it was dropped.
 */
export function keyBetween(after: PipelineCard | undefined, before: PipelineCard | undefined): string {
  try {
    return generateKeyBetween(after?.position ?? null, before?.position ?? null);
  } catch {
    return after?.position ?? before?.position ?? '';
  }
}

/** The board without the card (an optimistic move to another column takes it out first: see `putIn`). */
export const takeOut = (board: BoardState, uuid: string): BoardState =>
  board.map((column) => without(column, uuid)[0]);

/**
 * `card` in column `to` between its new neighbours, with a provisional key, taken out of where it was.
 * Its version stays, so the server's answer (a higher version) replaces it, and a rollback (`placeCard`
 * with the original copy) can put it back.
 */
export function putIn(
  board: BoardState,
  card: PipelineCard,
  to: CandidateStatus,
  neighbours: Neighbours,
): BoardState {
  const removed = takeOut(board, card.uuid);
  const target = removed.find((c) => c.status === to);
  const find = (id: string | undefined) => (id ? target?.cards.find((c) => c.uuid === id) : undefined);
  const after = find(neighbours.after);
  const before = find(neighbours.before);
  const moved: PipelineCard = { ...card, status: to, position: keyBetween(after, before) };
  return removed.map((column) => {
    if (column.status !== to) return column;
    const cards = [...column.cards];
    const at = before
      ? cards.findIndex((c) => c.uuid === before.uuid)
      : after
        ? cards.findIndex((c) => c.uuid === after.uuid) + 1
        : cards.length;
    // Dropped at the end of a column with more pages: the card goes to the server's end, past what is loaded.
    if (!before && !after && column.next !== null) return { ...column, total: column.total + 1 };
    cards.splice(at < 0 ? cards.length : at, 0, moved);
    return { ...column, cards, total: column.total + 1 };
  });
}

/** Puts back a refused optimistic move: the original copy where it was, unless the board knows better. */
export function rollBack(board: BoardState, original: PipelineCard): BoardState {
  const shown = findCard(board, original.uuid);
  // A teammate's move arrived meanwhile (a higher version): that is where the card really is.
  if (shown && shown.version > original.version) return board;
  return placeCard(board, original);
}

/** The requirements' status names, capitalised as the board heads its columns. */
export const statusName = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** "a moment ago", "5 minutes ago": how long ago `iso` was, relative to `now`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return 'a moment ago';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.round(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** What a refused move says instead of silently undoing a teammate's: "Priya moved Rahul Menon to Interviewed a moment ago". */
export function conflictMessage(
  conflict: Pick<MoveConflictBody, 'current' | 'changed_by' | 'changed_at'>,
  now?: number,
) {
  const who = conflict.changed_by ?? 'Someone';
  return `${who} moved ${conflict.current.name} to ${statusName(conflict.current.status)} ${relativeTime(conflict.changed_at, now)}`;
}

/** "3 d in stage": whole days since the card entered its status. */
export function daysInStage(stageEnteredAt: string, now: number = Date.now()): number {
  const ms = now - new Date(stageEnteredAt).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 86_400_000)) : 0;
}

/**
 * A board read again, keeping the objects of the cards and columns that did not change, so that only
 * what changed is drawn again (a card is the same when its uuid and version are: every change raises it;
 * a client's answer, which raises no version, is compared on its own).
 */
export function reconcileBoard(previous: BoardState | null, next: BoardState): BoardState {
  if (!previous) return next;
  const known = new Map<string, PipelineCard>();
  for (const column of previous) for (const card of column.cards) known.set(card.uuid, card);
  return next.map((column, i) => {
    const cards = column.cards.map((card) => {
      const old = known.get(card.uuid);
      return old &&
        old.version === card.version &&
        old.status === card.status &&
        old.position === card.position &&
        sameFeedback(old.client_feedback, card.client_feedback)
        ? old
        : card;
    });
    const before = previous[i];
    const same =
      before !== undefined &&
      before.status === column.status &&
      before.total === column.total &&
      before.next === column.next &&
      before.cards.length === cards.length &&
      before.cards.every((c, j) => c === cards[j]);
    return same ? before : { ...column, cards };
  });
}
