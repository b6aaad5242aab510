import type { FastifyInstance } from 'fastify';
import type { SessionEndedEvent } from '@portal/contracts';
import type { SequencedMessage } from '../events.ts';
import { rooms } from './rooms.ts';
import type { DashboardFigures } from './figures.ts';
import type { RealtimeServer } from './types.ts';

/**
 * Events to sockets: the messages of committed changes to their rooms (numbered in the outbox, see
 * routing.ts), a notification to its user's sockets, a change to the dashboards' figures, and an ended
 * session's or a revoked review link's sockets closed on every node. Returns what stops it.
 */
export function startDelivery({
  app,
  io,
  figures,
}: {
  app: FastifyInstance;
  io: RealtimeServer;
  figures: DashboardFigures;
}) {
  /** Closes this node's sockets of sessions that ended. A scan, not a room per user and per session: sign-outs
   * are rare, and two rooms for every open socket cost memory all the time. */
  function endSessions({ userId, sid, except }: SessionEndedEvent) {
    for (const socket of io.of('/').sockets.values()) {
      const { user } = socket.data;
      // A review page's socket has no session.
      if (!user) continue;
      if (sid ? user.sid === sid : user.id === userId && user.sid !== except) socket.disconnect(true);
    }
  }
  io.on('session:ended', endSessions);

  const unsubscribe = app.events.subscribe((event) => {
    if (event.name === 'session.ended') {
      endSessions(event.payload);
      // The other nodes close theirs (each looks at its own sockets only).
      if (app.redis) io.serverSideEmit('session:ended', event.payload);
      return;
    }
    // A notification goes to its user's sockets only, on every node (through the adapter).
    if (event.name === 'notification.created') {
      io.to(rooms.user(event.payload.userId)).emit('notification:new', event.payload.notification);
      return;
    }
    figures.observe(event);
  });
  // The messages of committed changes, each with its place in its room's sequence (the outbox).
  const undeliver = app.events.onDeliver((messages: SequencedMessage[]) => {
    for (const { room, seq, name, payload } of messages) {
      (io.to(room).emit as (n: string, ...args: unknown[]) => boolean)(name, payload, { room, seq });
      // A revoked link's sockets, told just now, are closed on every node (they leave the share's room). The
      // adapter puts the message and the closing on its stream in this order, and each node, this one too,
      // acts on them in that order; a socket sends what it was told before it closes.
      if (name === 'review:revoked') io.in(room).disconnectSockets(true);
    }
  });

  return () => {
    unsubscribe();
    undeliver();
  };
}
