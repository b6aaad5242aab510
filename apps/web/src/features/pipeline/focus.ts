import { useSyncExternalStore } from 'react';
import type { CardFocusEvent } from '@portal/contracts';
import { liveSocket } from '../../lib/live.ts';

/**
 * Who of the team looks at (or drags) which card right now, from the job room's `card:focus` / `card:blur`.
 * Kept outside React and read per card, so that a teammate's hover re-renders that card alone, not the board.
 */
export type Looker = { userId: number; name: string; dragging: boolean };
export type Lookers = ReadonlyMap<string, readonly Looker[]>;

/** A teammate looks at a card: they look at that one only (a person has one pointer). */
export function applyFocus(lookers: Lookers, event: CardFocusEvent): Lookers {
  const next = new Map(withoutUser(lookers, event.userId));
  const looker = { userId: event.userId, name: event.name, dragging: event.dragging };
  next.set(event.uuid, [...(next.get(event.uuid) ?? []), looker]);
  return next;
}

/** A teammate stopped looking at a card. */
export function applyBlur(lookers: Lookers, event: CardFocusEvent): Lookers {
  const list = lookers.get(event.uuid);
  if (!list?.some((l) => l.userId === event.userId)) return lookers;
  const next = new Map(lookers);
  const rest = list.filter((l) => l.userId !== event.userId);
  if (rest.length > 0) next.set(event.uuid, rest);
  else next.delete(event.uuid);
  return next;
}

/** Forgets the people who left the job (its room's `presence`): a closed tab sends no blur. */
export function keepViewers(lookers: Lookers, viewerIds: ReadonlySet<number>): Lookers {
  let changed = false;
  const next = new Map<string, readonly Looker[]>();
  for (const [uuid, list] of lookers) {
    const kept = list.filter((l) => viewerIds.has(l.userId));
    if (kept.length !== list.length) changed = true;
    if (kept.length > 0) next.set(uuid, kept);
  }
  return changed ? next : lookers;
}

function withoutUser(lookers: Lookers, userId: number): Lookers {
  let result: Map<string, readonly Looker[]> | null = null;
  for (const [uuid, list] of lookers) {
    if (!list.some((l) => l.userId === userId)) continue;
    result ??= new Map(lookers);
    const rest = list.filter((l) => l.userId !== userId);
    if (rest.length > 0) result.set(uuid, rest);
    else result.delete(uuid);
  }
  return result ?? lookers;
}

/** The store one board reads: its lookers, and the listeners of each card. */
export function createLookerStore() {
  let lookers: Lookers = new Map();
  const listeners = new Set<() => void>();
  return {
    get: () => lookers,
    set(next: Lookers) {
      if (next === lookers) return;
      lookers = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type LookerStore = ReturnType<typeof createLookerStore>;

const NOBODY: readonly Looker[] = [];

/** The teammates (not me) looking at one card; re-renders only when that card's list changes. */
export function useLookers(store: LookerStore, uuid: string, myId: number | undefined): readonly Looker[] {
  const list = useSyncExternalStore(store.subscribe, () => store.get().get(uuid) ?? NOBODY);
  return myId === undefined || !list.some((l) => l.userId === myId)
    ? list
    : list.filter((l) => l.userId !== myId);
}

/**
 * What this person looks at, said to the job's room: a new card (or the same one, picked up) sends
 * `card:focus`, leaving it `card:blur`. Repeats are not sent: hovering over a card's parts says nothing new.
 */
export function createFocusSender(jobId: number, emit = defaultEmit) {
  let current: { uuid: string; dragging: boolean } | null = null;
  return {
    focus(uuid: string, dragging = false) {
      if (current?.uuid === uuid && current.dragging === dragging) return;
      // While a card is being dragged, hovering over others does not change what is dragged.
      if (current?.dragging && !dragging && current.uuid !== uuid) return;
      if (current && current.uuid !== uuid) emit('card:blur', { jobId, uuid: current.uuid });
      current = { uuid, dragging };
      emit('card:focus', { jobId, uuid, dragging });
    },
    blur(uuid: string, { endDrag = false } = {}) {
      if (current?.uuid !== uuid || (current.dragging && !endDrag)) return;
      current = null;
      emit('card:blur', { jobId, uuid });
    },
  };
}
export type FocusSender = ReturnType<typeof createFocusSender>;

type FocusMessage = 'card:focus' | 'card:blur';
function defaultEmit(name: FocusMessage, payload: { jobId: number; uuid: string; dragging?: boolean }) {
  // Ephemeral: an unanswered or refused one is simply not shown to the others.
  liveSocket().emit(name, payload, () => {});
}

/** How long a card moved by a teammate stays marked (its arrival is animated once). */
const MOVED_MS = 1500;

/** The cards a teammate just moved, read per card like the lookers. */
export function createMovedStore() {
  let moved: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  const set = (next: ReadonlySet<string>) => {
    moved = next;
    listeners.forEach((l) => l());
  };
  return {
    mark(uuid: string) {
      set(new Set(moved).add(uuid));
      setTimeout(() => {
        const next = new Set(moved);
        next.delete(uuid);
        set(next);
      }, MOVED_MS);
    },
    has: (uuid: string) => moved.has(uuid),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type MovedStore = ReturnType<typeof createMovedStore>;

/** Whether a teammate just moved this card. */
export function useMovedLive(store: MovedStore, uuid: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.has(uuid));
}
