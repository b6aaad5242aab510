import type { Ack, JoinAck } from '@portal/contracts';
import type { LiveSocket } from './connection.ts';
import { forgetViewers } from './presence.ts';
import { forgetSequence, isSequenced, sequenceJoined } from './sequence.ts';

/**
 * A room a screen follows. A job's screens and its candidates' also say `viewing`: the others there see
 * the person as viewing the job; a screen that only follows a job's changes (a list across jobs) does not.
 */
export type LiveRoom =
  | { kind: 'job'; jobId: number; viewing?: boolean }
  | { kind: 'board' }
  | { kind: 'dashboard' }
  | { kind: 'ledger' };

/** Rooms wanted by mounted screens, with how many screens want each and how many of them view it. */
const wanted = new Map<string, { room: LiveRoom; count: number; viewing: number }>();

export const keyOf = (room: LiveRoom) => (room.kind === 'job' ? `job:${room.jobId}` : room.kind);
export const viewsIt = (room: LiveRoom) => room.kind === 'job' && room.viewing === true;

function join(s: LiveSocket, room: LiveRoom) {
  const key = keyOf(room);
  const joined = (answer: JoinAck) => {
    if (!answer.ok || answer.data === undefined || !wanted.has(key)) return;
    sequenceJoined(key, answer.data.seq);
  };
  // Joining again says anew whether this person views the job, or only follows it.
  if (room.kind === 'job') {
    const viewing = (wanted.get(key)?.viewing ?? 0) > 0;
    s.emit('job:join', viewing ? { jobId: room.jobId, viewing } : { jobId: room.jobId }, joined);
  } else s.emit(`${room.kind}:join`, joined);
}
/**
 * Whether the server has answered this client's join of `room`: from then on the room's changes reach it
 * (a screen that must not miss one, or a test, waits for this rather than for time).
 */
export const isLiveRoomJoined = (room: LiveRoom) => isSequenced(keyOf(room));

function leave(s: LiveSocket, room: LiveRoom) {
  const noop = (_: Ack) => {};
  if (room.kind === 'job') s.emit('job:leave', { jobId: room.jobId }, noop);
  else s.emit(`${room.kind}:leave`, noop);
}

/** Whether a wanted room has no sequence yet (its screen fetched before the room was joined). */
export const someRoomUnsequenced = () => [...wanted.keys()].some((key) => !isSequenced(key));

/** Joins every wanted room again (a new connection). */
export function joinWantedRooms(s: LiveSocket) {
  for (const { room } of wanted.values()) join(s, room);
}

/** The connection closed (sign-out): no room is wanted any more. */
export function forgetWantedRooms() {
  wanted.clear();
}

/** One more screen wants the room: joined when it is the first (or the first that views the job). */
export function wantRoom(s: LiveSocket, room: LiveRoom) {
  const key = keyOf(room);
  const views = viewsIt(room) ? 1 : 0;
  const entry = wanted.get(key);
  if (entry) {
    entry.count++;
    entry.viewing += views;
    // The first screen that views a followed job: join again, now as a viewer.
    if (views && entry.viewing === 1 && s.connected) join(s, entry.room);
  } else {
    const followed: LiveRoom = room.kind === 'job' ? { kind: 'job', jobId: room.jobId } : room;
    wanted.set(key, { room: followed, count: 1, viewing: views });
    if (s.connected) join(s, followed);
  }
}

/** A screen no longer wants the room: left when it was the last. */
export function releaseRoom(s: LiveSocket | null, room: LiveRoom) {
  const key = keyOf(room);
  const e = wanted.get(key);
  if (!e) return;
  if (viewsIt(room) && --e.viewing === 0 && room.kind === 'job') forgetViewers(room.jobId);
  if (--e.count === 0) {
    wanted.delete(key);
    forgetSequence(key);
    if (s?.connected) leave(s, room);
  } else if (viewsIt(room) && e.viewing === 0 && s?.connected) {
    // The last viewing screen went; the others still follow the job's changes.
    join(s, e.room);
  }
}
