import type { EventsResponse, LiveSequence } from '@portal/contracts';
import { api, queryString } from '../api.ts';

/**
 * Messages, in sequence: each message a change sends carries its room and its number in that room. The
 * last number applied per room is remembered; a repeat is dropped; a number that skips ahead makes the
 * client read what it missed from `GET /api/events` and apply it in order first. When the server no longer
 * has it (`reset`), the screens fetch what they show again (`onResync`). Rooms are named by their key.
 */
type Message = { seq: number; name: string; payload: unknown };
/** The last number applied per room (by room key). */
const lastSeq = new Map<string, number>();
/** Messages that came while their room was catching up, or after a gap: applied once it is filled. */
const held = new Map<string, Message[]>();
const catchingUp = new Set<string>();
/** Rooms asked to catch up again while they were at it (a reconnect meanwhile): one more read. */
const catchUpAgain = new Set<string>();
const messageListeners = new Map<string, Set<(payload: unknown) => void>>();
const caughtUpListeners = new Map<string, Set<() => void>>();
const resyncListeners = new Set<() => void>();

export function dispatch(name: string, payload: unknown) {
  // A bulk import's new candidates come several to a message: each is told as its own candidate:created.
  if (name === 'candidates:created') {
    for (const candidate of (payload as { candidates: unknown[] }).candidates)
      dispatch('candidate:created', candidate);
    return;
  }
  messageListeners.get(name)?.forEach((l) => l(payload));
}
export function resync() {
  resyncListeners.forEach((l) => l());
}
/** Applies the room's held messages that continue its sequence; says whether a gap is left. */
function applyHeld(room: string): boolean {
  const pending = (held.get(room) ?? []).sort((a, b) => a.seq - b.seq);
  held.delete(room);
  for (const [i, m] of pending.entries()) {
    const last = lastSeq.get(room) ?? 0;
    if (m.seq <= last) continue;
    if (m.seq > last + 1) {
      held.set(room, pending.slice(i));
      return true;
    }
    lastSeq.set(room, m.seq);
    dispatch(m.name, m.payload);
  }
  return false;
}

/** A numbered message from the server, live or replayed by Socket.IO's recovery. */
export function receive(name: string, payload: unknown, sequence: LiveSequence) {
  const { room, seq } = sequence;
  const last = lastSeq.get(room);
  // Before its join's answer (which starts the sequence), or after leaving: nothing to keep in order.
  if (last === undefined) return dispatch(name, payload);
  if (!catchingUp.has(room)) {
    if (seq <= last) return;
    if (seq === last + 1) {
      lastSeq.set(room, seq);
      return dispatch(name, payload);
    }
  }
  held.set(room, [...(held.get(room) ?? []), { seq, name, payload }]);
  void catchUp(room);
}

/** At most this many reads per catch-up: a room still showing a gap after them is fetched again whole. */
const CATCH_UP_ATTEMPTS = 3;

/**
 * Reads what the room said after its last applied number and applies it, then what came meanwhile.
 * Derived screens (dashboards' figures) hear of it through `useLiveCatchUp`.
 */
async function catchUp(room: string) {
  if (catchingUp.has(room)) return void catchUpAgain.add(room);
  catchingUp.add(room);
  let replayed = 0;
  try {
    for (let attempt = 0; ; attempt++) {
      const since = lastSeq.get(room) ?? 0;
      const answer = await api<EventsResponse>(`/api/events${queryString({ room, since })}`);
      if (!lastSeq.has(room)) return; // left meanwhile
      if (answer.reset) {
        lastSeq.set(room, answer.last);
        resync();
      } else {
        for (const m of answer.events) {
          if (m.seq !== (lastSeq.get(room) ?? 0) + 1) continue;
          lastSeq.set(room, m.seq);
          dispatch(m.name, m.payload);
          replayed++;
        }
      }
      const gap = applyHeld(room);
      if (!gap && !catchUpAgain.delete(room)) break;
      if (gap && attempt + 1 >= CATCH_UP_ATTEMPTS) throw new Error('the gap stays open');
    }
  } catch {
    // Not readable now (offline, server busy): take what came and let the screens fetch again.
    for (const m of (held.get(room) ?? []).sort((a, b) => a.seq - b.seq)) {
      if (m.seq <= (lastSeq.get(room) ?? 0)) continue;
      lastSeq.set(room, m.seq);
      dispatch(m.name, m.payload);
    }
    resync();
  } finally {
    catchingUp.delete(room);
    catchUpAgain.delete(room);
    held.delete(room);
    if (replayed > 0) caughtUpListeners.get(room)?.forEach((l) => l());
  }
}

/**
 * A join's answer is the room's latest number: where a first sequence starts, or how far a sequence
 * broken by a reconnect has to catch up.
 */
export function sequenceJoined(room: string, latest: number) {
  const last = lastSeq.get(room);
  if (last === undefined) lastSeq.set(room, latest);
  else if (latest > last) void catchUp(room);
  else if (latest < last) {
    // The room starts over (a database restored from a backup): so does this client.
    lastSeq.set(room, latest);
    resync();
  }
}

/** Whether the room's sequence has started (its join was answered). */
export const isSequenced = (room: string) => lastSeq.has(room);

/** The room was left: its sequence ends. */
export function forgetSequence(room: string) {
  lastSeq.delete(room);
  held.delete(room);
}

/** The connection closed (sign-out): every sequence ends. */
export function forgetSequences() {
  lastSeq.clear();
  held.clear();
  catchUpAgain.clear();
}

/** Called after a reconnect that lost messages: refetch what the screen shows. */
export function onResync(listener: () => void) {
  resyncListeners.add(listener);
  return () => void resyncListeners.delete(listener);
}

/** Calls `listener` with each `name` message's payload until the returned function is called. */
export function onMessage(name: string, listener: (payload: unknown) => void) {
  const set = messageListeners.get(name) ?? new Set();
  messageListeners.set(name, set.add(listener));
  return () => void set.delete(listener);
}

/** Calls `listener` after messages of `room` were read back, until the returned function is called. */
export function onCaughtUp(room: string, listener: () => void) {
  const set = caughtUpListeners.get(room) ?? new Set();
  caughtUpListeners.set(room, set.add(listener));
  return () => void set.delete(listener);
}
