import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Config } from '../config.ts';
import { clientAddressOf } from '../lib/client-address.ts';
import { createHandshake } from './handshake.ts';
import { createReviewSockets, type ReviewSocketLimits } from './review-sockets.ts';
import { createViewers } from './viewers.ts';
import { createRoomHandlers } from './handlers.ts';
import { createDashboardFigures } from './figures.ts';
import { startDelivery } from './delivery.ts';
import { addShutdown } from './shutdown.ts';
import type { RealtimeServer } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/** How long a dropped client's missed messages are kept for Socket.IO's connection-state recovery. */
const RECOVERY_WINDOW_MS = 2 * 60_000;

export interface RealtimeOptions {
  /** Review pages' handshakes and joins per minute, per address and per link (the review routes' limits). */
  reviewLimits: ReviewSocketLimits;
  /** Whose forwarded address a socket's opening request is believed from (as Fastify's `trustProxy`). */
  trustProxy: Config['TRUST_PROXY'];
}

/**
 * Socket.IO on the app's HTTP server: the handshake authenticates with the session cookie or
 * `auth: { token }` and refuses anonymous or revoked sessions (handshake.ts), or takes a review page's socket
 * signed in with its link, which may only follow its share (review-sockets.ts); clients join job, board and
 * dashboard rooms with acknowledged requests (handlers.ts, viewers.ts for who views a job); domain events
 * become the contract's messages (routing.ts), numbered per room in the event outbox and sent with their
 * `{ room, seq }` after the commit (delivery.ts), with the dashboards' figures coalesced (figures.ts); a
 * session that ends (sign-out, password change, deactivation, role change) loses its sockets on every node
 * (`serverSideEmit` through the adapter), as does a revoked review link (`disconnectSockets`, delivery.ts).
 * Closing the app ends the sockets first (shutdown.ts).
 * With `REDIS_URL`, the Redis streams adapter fans messages out across nodes and keeps recovery working.
 */
export default fp<RealtimeOptions>(
  async (app, opts) => {
    // The adapter reads the stream with blocking calls: it gets a connection of its own.
    const adapterClient = app.redis?.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
    // Without a listener, a connection problem of this client would be an unhandled error event.
    adapterClient?.on('error', (err: Error) =>
      app.log.warn({ err: err.message }, 'redis (socket fan-out) problem'),
    );
    const io: RealtimeServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      ...(adapterClient ? { adapter: createAdapter(adapterClient) } : {}),
    });
    app.decorate('io', io);

    const reviewSockets = createReviewSockets({
      app,
      limits: opts.reviewLimits,
      addressOf: clientAddressOf(opts.trustProxy),
    });
    io.use(createHandshake(app, reviewSockets));
    const viewers = createViewers({ io, redis: app.redis, log: app.log });
    await viewers.start();
    io.on('connection', createRoomHandlers({ app, viewers, reviewSockets }).connected);

    const figures = createDashboardFigures({ app, io });
    const stopDelivery = startDelivery({ app, io, figures });
    addShutdown(app, { io, adapterClient, stopDelivery, figures, viewers });
  },
  {
    name: 'realtime',
    dependencies: ['auth', 'events', 'redis', 'db'],
    decorators: { fastify: ['services'] },
  },
);
