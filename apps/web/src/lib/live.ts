import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@portal/contracts';

/**
 * The live connection (DESIGN §6): one Socket.IO connection per signed-in session, authenticated by the
 * session cookie (the app is same-origin), reconnecting by itself. Screens join the rooms of what they
 * show (`useLiveRoom`) and listen to messages (`useLiveEvent`); rooms are joined again after every
 * reconnect; when Socket.IO could not recover the session (`socket.recovered` false) the screens refetch
 * what they show (`onResync`), since messages sent meanwhile were lost.
 */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveStatus = 'connecting' | 'online' | 'offline';
export type LiveRoom = { kind: 'job'; jobId: number } | { kind: 'board' } | { kind: 'dashboard' };

let socket: LiveSocket | null = null;
let status: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();
const resyncListeners = new Set<() => void>();
/** Rooms wanted by mounted screens, with how many screens want each. */
const wanted = new Map<string, { room: LiveRoom; count: number }>();

const keyOf = (room: LiveRoom) => (room.kind === 'job' ? `job:${room.jobId}` : room.kind);

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

function join(s: LiveSocket, room: LiveRoom) {
  const noop = (_: Ack) => {};
  if (room.kind === 'job') s.emit('job:join', { jobId: room.jobId }, noop);
  else if (room.kind === 'board') s.emit('board:join', noop);
  else s.emit('dashboard:join', noop);
}
function leave(s: LiveSocket, room: LiveRoom) {
  const noop = (_: Ack) => {};
  if (room.kind === 'job') s.emit('job:leave', { jobId: room.jobId }, noop);
  else if (room.kind === 'board') s.emit('board:leave', noop);
  else s.emit('dashboard:leave', noop);
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
    const recovered = s.recovered;
    setStatus('online');
    // A recovered session kept its rooms and got what it missed; otherwise join again and refetch what
    // the screens show (also on the first connection: a change made between a screen's first fetch and
    // the socket's arrival in its rooms would otherwise be missed).
    if (!recovered) {
      for (const { room } of wanted.values()) join(s, room);
      resyncListeners.forEach((l) => l());
    }
  });
  s.on('disconnect', (reason) => {
    // The server closed it (the session ended): no reconnecting.
    if (reason === 'io server disconnect') s.disconnect();
    setStatus('offline');
  });
  s.on('connect_error', () => setStatus('offline'));
  s.on('presence', ({ jobId, viewers }) => {
    presence = new Map(presence).set(jobId, viewers);
    presenceListeners.forEach((l) => l());
  });
  return s;
}

// Who is viewing each job (the latest `presence` of its room), for screens that mount after it came.
export type Viewer = { userId: number; name: string };
let presence = new Map<number, Viewer[]>();
const presenceListeners = new Set<() => void>();
const NO_VIEWERS: Viewer[] = [];

/** Who is viewing the job now (joining its room while mounted). */
export function usePresence(jobId: number | undefined): Viewer[] {
  useLiveRoom(jobId ? { kind: 'job', jobId } : null);
  const all = useSyncExternalStore(
    (l) => {
      presenceListeners.add(l);
      return () => void presenceListeners.delete(l);
    },
    () => presence,
  );
  return (jobId && all.get(jobId)) || NO_VIEWERS;
}

/** Closes the connection (sign-out). */
export function closeLiveSocket() {
  socket?.disconnect();
  socket = null;
  wanted.clear();
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
  const keys = rooms.map(keyOf).sort().join(',');
  useEffect(() => {
    const s = liveSocket();
    for (const room of rooms) {
      const key = keyOf(room);
      const entry = wanted.get(key);
      if (entry) entry.count++;
      else {
        wanted.set(key, { room, count: 1 });
        if (s.connected) join(s, room);
      }
    }
    return () => {
      for (const room of rooms) {
        const key = keyOf(room);
        const e = wanted.get(key);
        if (!e) continue;
        if (--e.count === 0) {
          wanted.delete(key);
          if (socket?.connected) leave(socket, room);
        }
      }
    };
    // `keys` names the rooms: the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
}
export const useLiveRoom = (room: LiveRoom | null) => useLiveRooms(room ? [room] : []);

/** Calls `handler` for each `name` message while mounted (the latest handler, without resubscribing). */
export function useLiveEvent<E extends keyof ServerToClientEvents>(
  name: E,
  handler: ServerToClientEvents[E],
) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const s = liveSocket();
    const listener = ((...args: unknown[]) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClientEvents[E];
    s.on(name, listener as never);
    return () => void s.off(name, listener as never);
  }, [name]);
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
