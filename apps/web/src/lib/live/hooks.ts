import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@portal/contracts';
import { liveSocket, openLiveSocket } from './connection.ts';
import { useViewers, type Viewer } from './presence.ts';
import { keyOf, releaseRoom, viewsIt, wantRoom, type LiveRoom } from './rooms.ts';
import { onCaughtUp, onMessage } from './sequence.ts';

/** Keeps the screen in these rooms while it is mounted. */
export function useLiveRooms(rooms: LiveRoom[]) {
  const keys = rooms
    .map((r) => `${keyOf(r)}${viewsIt(r) ? '+viewing' : ''}`)
    .sort()
    .join(',');
  useEffect(() => {
    const s = liveSocket();
    for (const room of rooms) wantRoom(s, room);
    return () => {
      for (const room of rooms) releaseRoom(openLiveSocket(), room);
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
    return onMessage(name, (payload) => latest.current(payload as Parameters<ServerToClientEvents[E]>[0]));
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
  useEffect(() => onCaughtUp(key, () => latest.current()), [key]);
}

const NO_VIEWERS: Viewer[] = [];

/** Who is viewing the job now (joining its room as a viewer while mounted). */
export function usePresence(jobId: number | undefined): Viewer[] {
  useLiveRoom(jobId ? { kind: 'job', jobId, viewing: true } : null);
  const all = useViewers();
  return (jobId && all.get(jobId)) || NO_VIEWERS;
}
