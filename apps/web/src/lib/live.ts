import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  ClientToServerEvents,
  EventsResponse,
  JoinAck,
  LiveSequence,
  ServerToClientEvents,
} from '@portal/contracts';
import { REALTIME_MESSAGES } from '@portal/contracts';
import { api, queryString } from './api.ts';

/**
 * The live connection: one Socket.IO connection per signed-in session, authenticated by the
 * session cookie (the app is same-origin), reconnecting by itself. Screens join the rooms of what they
 * show (`useLiveRoom`) and listen to messages (`useLiveEvent`).
 *
 * No change is lost or shown twice: each message a change sends carries its room and its number
 * in that room. The last number applied per room is remembered; a repeat is dropped; a number that skips
 * ahead, or a join answering with a later number after a reconnect Socket.IO did not recover, makes the
 * client read what it missed from `GET /api/events` and apply it in order first. When the server no longer
 * has it (`reset`), the screens fetch what they show again (`onResync`).
 */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** `signedOut`: the session ended on the server (a password change, a deactivation, a sign-out elsewhere). */
export type LiveStatus = 'connecting' | 'online' | 'offline' | 'signedOut';
/**
 * A room a screen follows. A job's screens and its candidates' also say `viewing`: the others there see
 * the person as viewing the job; a screen that only follows a job's changes (a list across jobs) does not.
 */
export type LiveRoom =
  | { kind: 'job'; jobId: number; viewing?: boolean }
  | { kind: 'board' }
  | { kind: 'dashboard' }
  | { kind: 'ledger' };

/** The handshake's refusals that mean the session is over. */
const SESSION_REFUSALS = new Set<string>([REALTIME_MESSAGES.sessionExpired, REALTIME_MESSAGES.notSignedIn]);

let socket: LiveSocket | null = null;
let status: LiveStatus = 'connecting';
/** Whether this connection has been up before: its first connect has no sequence to continue. */
let connectedBefore = false;
const statusListeners = new Set<() => void>();
const resyncListeners = new Set<() => void>();
/** Rooms wanted by mounted screens, with how many screens want each and how many of them view it. */
const wanted = new Map<string, { room: LiveRoom; count: number; viewing: number }>();

const keyOf = (room: LiveRoom) => (room.kind === 'job' ? `job:${room.jobId}` : room.kind);
const viewsIt = (room: LiveRoom) => room.kind === 'job' && room.viewing === true;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

// ------------------------------------------------------------------------------ messages, in sequence

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

function dispatch(name: string, payload: unknown) {
  // A bulk import's new candidates come several to a message: each is told as its own candidate:created.
  if (name === 'candidates:created') {
    for (const candidate of (payload as { candidates: unknown[] }).candidates)
      dispatch('candidate:created', candidate);
    return;
  }
  messageListeners.get(name)?.forEach((l) => l(payload));
}
function resync() {
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
function receive(name: string, payload: unknown, sequence: LiveSequence) {
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

function join(s: LiveSocket, room: LiveRoom) {
  const key = keyOf(room);
  // The join's answer is the room's latest number: where a first sequence starts, or how far a
  // sequence broken by a reconnect has to catch up.
  const joined = (answer: JoinAck) => {
    if (!answer.ok || answer.data === undefined || !wanted.has(key)) return;
    const last = lastSeq.get(key);
    if (last === undefined) lastSeq.set(key, answer.data.seq);
    else if (answer.data.seq > last) void catchUp(key);
    else if (answer.data.seq < last) {
      // The room starts over (a database restored from a backup): so does this client.
      lastSeq.set(key, answer.data.seq);
      resync();
    }
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
export const isLiveRoomJoined = (room: LiveRoom) => lastSeq.has(keyOf(room));

function leave(s: LiveSocket, room: LiveRoom) {
  const noop = (_: Ack) => {};
  if (room.kind === 'job') s.emit('job:leave', { jobId: room.jobId }, noop);
  else s.emit(`${room.kind}:leave`, noop);
}
function forget(key: string) {
  lastSeq.delete(key);
  held.delete(key);
}

/** Where the connection goes and how it signs in: same origin with the session cookie, unless told. */
let target: { url?: string; token?: () => string | null } = {};
/** For a host without the app's origin or cookie (component tests under jsdom): a URL and a bearer token. */
export function configureLive(next: typeof target): typeof target {
  const previous = target;
  target = next;
  return previous;
}

/** The connection, opened on first use. */
export function liveSocket(): LiveSocket {
  if (socket) return socket;
  const { url, token } = target;
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    ...(token ? { auth: (cb: (data: object) => void) => cb({ token: token() }) } : {}),
  };
  const s: LiveSocket = url ? io(url, options) : io(options);
  socket = s;
  setStatus('connecting');
  s.on('connect', () => {
    setStatus('online');
    // A recovered session kept its rooms and gets what it missed, numbered: nothing more to do.
    if (s.recovered) return;
    // Otherwise the rooms are joined again, and each join's answer says whether the room moved on
    // meanwhile (then its messages are read back). A screen whose room has no sequence yet (the first
    // connection: it fetched before its room was joined) fetches again.
    const unsequenced = !connectedBefore || [...wanted.keys()].some((key) => !lastSeq.has(key));
    connectedBefore = true;
    for (const { room } of wanted.values()) join(s, room);
    if (unsequenced) resync();
  });
  s.on('disconnect', (reason) => {
    // The server closes a socket itself only when its session ended (a stopping node closes the transport
    // instead, and browsers reconnect): no reconnecting, and the person is told they were signed out.
    if (reason === 'io server disconnect') {
      s.disconnect();
      setStatus('signedOut');
    } else setStatus('offline');
  });
  // A handshake refused for the session (Socket.IO does not retry a refusal) is a sign-out too; anything
  // else (the server unreachable, briefly unavailable) is retried.
  s.on('connect_error', (error) => setStatus(SESSION_REFUSALS.has(error.message) ? 'signedOut' : 'offline'));
  s.on('presence', ({ jobId, viewers }) => {
    presence = new Map(presence).set(jobId, viewers);
    presenceListeners.forEach((l) => l());
  });
  s.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
    if (sequence && typeof sequence.seq === 'number') receive(name, payload, sequence);
    else dispatch(name, payload);
  });
  return s;
}

// Who is viewing each job (the latest `presence` of its room), for screens that mount after it came.
export type Viewer = { userId: number; name: string };
let presence = new Map<number, Viewer[]>();
const presenceListeners = new Set<() => void>();
const NO_VIEWERS: Viewer[] = [];

/** Who is viewing the job now (joining its room as a viewer while mounted). */
export function usePresence(jobId: number | undefined): Viewer[] {
  useLiveRoom(jobId ? { kind: 'job', jobId, viewing: true } : null);
  const all = useSyncExternalStore(
    (l) => {
      presenceListeners.add(l);
      return () => void presenceListeners.delete(l);
    },
    () => presence,
  );
  return (jobId && all.get(jobId)) || NO_VIEWERS;
}

/** No screen views the job any more: its viewers are no longer told to this client, so they are dropped. */
function forgetViewers(jobId: number) {
  if (!presence.has(jobId)) return;
  presence = new Map(presence);
  presence.delete(jobId);
  presenceListeners.forEach((l) => l());
}

/** Closes the connection (sign-out). */
export function closeLiveSocket() {
  socket?.disconnect();
  socket = null;
  connectedBefore = false;
  wanted.clear();
  lastSeq.clear();
  held.clear();
  catchUpAgain.clear();
  presence = new Map();
  setStatus('connecting');
}

/** Called after a reconnect that lost messages: refetch what the screen shows. */
export function onResync(listener: () => void) {
  resyncListeners.add(listener);
  return () => void resyncListeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => void statusListeners.delete(l);
    },
    () => status,
  );
}

/** Keeps the screen in these rooms while it is mounted. */
export function useLiveRooms(rooms: LiveRoom[]) {
  const keys = rooms
    .map((r) => `${keyOf(r)}${viewsIt(r) ? '+viewing' : ''}`)
    .sort()
    .join(',');
  useEffect(() => {
    const s = liveSocket();
    for (const room of rooms) {
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
    return () => {
      for (const room of rooms) {
        const key = keyOf(room);
        const e = wanted.get(key);
        if (!e) continue;
        if (viewsIt(room) && --e.viewing === 0 && room.kind === 'job') forgetViewers(room.jobId);
        if (--e.count === 0) {
          wanted.delete(key);
          forget(key);
          if (socket?.connected) leave(socket, room);
        } else if (viewsIt(room) && e.viewing === 0 && socket?.connected) {
          // The last viewing screen went; the others still follow the job's changes.
          join(socket, e.room);
        }
      }
    };
    // `keys` names the rooms: the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
}
export const useLiveRoom = (room: LiveRoom | null) => useLiveRooms(room ? [room] : []);

/**
 * Calls `handler` for each `name` message while mounted (the latest handler, without resubscribing):
 * numbered messages in their room's order, each once, including those read back after a reconnect.
 */
export function useLiveEvent<E extends keyof ServerToClientEvents>(
  name: E,
  handler: (payload: Parameters<ServerToClientEvents[E]>[0]) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    liveSocket();
    const listener = (payload: unknown) => latest.current(payload as Parameters<ServerToClientEvents[E]>[0]);
    const set = messageListeners.get(name) ?? new Set();
    messageListeners.set(name, set.add(listener));
    return () => void set.delete(listener);
  }, [name]);
}

/**
 * Calls `handler` after messages of `room` were read back (a reconnect or a gap): for screens that show
 * figures computed from the changes rather than the changes themselves, which then fetch them again.
 */
export function useLiveCatchUp(room: LiveRoom, handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  const key = keyOf(room);
  useEffect(() => {
    const listener = () => latest.current();
    const set = caughtUpListeners.get(key) ?? new Set();
    caughtUpListeners.set(key, set.add(listener));
    return () => void set.delete(listener);
  }, [key]);
}

// Things that changed a moment ago (by key, e.g. `candidate:12`, `job:3`), for a subtle highlight that fades.
const FRESH_MS = 2500;
let fresh: ReadonlySet<string> = new Set();
const freshListeners = new Set<() => void>();
const freshTimers = new Map<string, ReturnType<typeof setTimeout>>();
function setFresh(next: ReadonlySet<string>) {
  fresh = next;
  freshListeners.forEach((l) => l());
}

/** Marks something as just changed elsewhere: it is highlighted for a moment. */
export function markFresh(key: string) {
  setFresh(new Set(fresh).add(key));
  clearTimeout(freshTimers.get(key));
  freshTimers.set(
    key,
    setTimeout(() => {
      freshTimers.delete(key);
      const next = new Set(fresh);
      next.delete(key);
      setFresh(next);
    }, FRESH_MS),
  );
}

/** Whether `key` changed elsewhere a moment ago. */
export function useIsFresh(): (key: string) => boolean {
  const current = useSyncExternalStore(
    (l) => {
      freshListeners.add(l);
      return () => void freshListeners.delete(l);
    },
    () => fresh,
  );
  return (key) => current.has(key);
}
