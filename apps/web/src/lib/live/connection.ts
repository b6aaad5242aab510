import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveSequence, ServerToClientEvents } from '@portal/contracts';
import { REALTIME_MESSAGES } from '@portal/contracts';
import { forgetAllViewers, setViewers } from './presence.ts';
import { forgetWantedRooms, joinWantedRooms, someRoomUnsequenced } from './rooms.ts';
import { dispatch, forgetSequences, receive, resync } from './sequence.ts';
import { liveTarget } from './target.ts';

export { configureLive } from './target.ts';

/** The socket itself: one per signed-in session, opened on first use, reconnecting by itself. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** `signedOut`: the session ended on the server (a password change, a deactivation, a sign-out elsewhere). */
export type LiveStatus = 'connecting' | 'online' | 'offline' | 'signedOut';

/** The handshake's refusals that mean the session is over. */
const SESSION_REFUSALS = new Set<string>([REALTIME_MESSAGES.sessionExpired, REALTIME_MESSAGES.notSignedIn]);

let socket: LiveSocket | null = null;
let status: LiveStatus = 'connecting';
/** Whether this connection has been up before: its first connect has no sequence to continue. */
let connectedBefore = false;
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

/** The connection if it is open (a screen leaving its rooms does not open one). */
export const openLiveSocket = () => socket;

/** The connection, opened on first use. */
export function liveSocket(): LiveSocket {
  if (socket) return socket;
  // Same origin with the session cookie, unless told otherwise (target.ts).
  const { url, token } = liveTarget();
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
    const unsequenced = !connectedBefore || someRoomUnsequenced();
    connectedBefore = true;
    joinWantedRooms(s);
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
  s.on('presence', ({ jobId, viewers }) => setViewers(jobId, viewers));
  s.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
    if (sequence && typeof sequence.seq === 'number') receive(name, payload, sequence);
    else dispatch(name, payload);
  });
  return s;
}

/** Closes the connection (sign-out). */
export function closeLiveSocket() {
  socket?.disconnect();
  socket = null;
  connectedBefore = false;
  forgetWantedRooms();
  forgetSequences();
  forgetAllViewers();
  setStatus('connecting');
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
