import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  AUTH_MESSAGES,
  DASHBOARD_STATS_COALESCE_MS,
  JOB_MESSAGES,
  REALTIME_MESSAGES,
  SESSION_COOKIE,
  parseId,
  type Ack,
  type ClientToServerEvents,
  type JoinAck,
  type Role,
  type ServerToClientEvents,
  type SessionEndedEvent,
} from '@portal/contracts';
import type { SessionClaims } from '../lib/caller.ts';
import { fromOwnOrigin } from '../plugins/security.ts';
import type { SequencedMessage } from '../events.ts';
import { refuseRoom, rooms } from './rooms.ts';
import { createPresence, PRESENCE_HEARTBEAT_MS } from './presence.ts';
import { createFiguresCoalescer, movesLedgerFigures, movesRecruitmentFigures } from './dashboard-stats.ts';
import { createCardFocus } from './card-focus.ts';

/** What a socket knows of its user, set at the handshake. */
export interface SocketUser {
  id: number;
  sid: string;
  role: Role;
  name: string;
}
/** Between nodes (`serverSideEmit`): sessions that ended, whose sockets each node closes. */
interface NodeEvents {
  'session:ended': (ended: SessionEndedEvent) => void;
}
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, { user: SocketUser }>;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  NodeEvents,
  { user: SocketUser }
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/** How long a dropped client's missed messages are kept for Socket.IO's connection-state recovery. */
const RECOVERY_WINDOW_MS = 2 * 60_000;
/**
 * Joins and leaves of one job within this window make one `presence` message: each is sent to everyone in
 * the room, so announcing every join of 1,000 viewers arriving together would be half a million messages.
 */
const PRESENCE_COALESCE_MS = 200;

/** The session cookie's value in a Cookie header. */
function cookieToken(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Socket.IO on the app's HTTP server: the handshake authenticates with the session cookie or
 * `auth: { token }` and refuses anonymous or revoked sessions; clients join job, board and dashboard rooms
 * with acknowledged requests; domain events become the contract's messages (realtime/routing.ts), numbered
 * per room in the event outbox and sent with their `{ room, seq }` after the commit; a session
 * that ends (sign-out, password change, deactivation, role change) loses its sockets on every node
 * (`serverSideEmit` through the adapter).
 * With `REDIS_URL`, the Redis streams adapter fans messages out across nodes and keeps recovery working.
 */
export default fp(
  async (app) => {
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

    io.use(async (socket, next) => {
      const { auth, headers } = socket.handshake;
      const bearer = typeof auth?.token === 'string' ? auth.token : undefined;
      const cookie = bearer ? undefined : cookieToken(headers.cookie);
      const token = bearer ?? cookie;
      if (!token) return next(new Error(REALTIME_MESSAGES.notSignedIn));
      // The browser sends the cookie along from any site's page: only the app's own pages may ride on it,
      // as with the API's writes. A token is given explicitly, which another site's page cannot do.
      if (cookie && !fromOwnOrigin({ headers, host: headers.host ?? '' })) {
        return next(new Error(AUTH_MESSAGES.crossSiteRefused));
      }
      let claims: SessionClaims;
      try {
        claims = app.jwt.verify<SessionClaims>(token);
      } catch {
        return next(new Error(REALTIME_MESSAGES.sessionExpired));
      }
      try {
        if (!(await app.services.auth.isSessionValid(claims)))
          return next(new Error(REALTIME_MESSAGES.sessionExpired));
        const user = (await app.db('users').where({ id: claims.sub }).first('name')) as
          { name: string } | undefined;
        socket.data.user = { id: claims.sub, sid: claims.sid, role: claims.role, name: user?.name ?? '' };
        next();
      } catch (error) {
        app.log.warn({ err: error }, 'socket handshake failed');
        next(new Error(REALTIME_MESSAGES.unavailable));
      }
    });

    // Who views which job: counted per node, shared through Redis (presence.ts); never by listing sockets.
    const presenceFailed = (error: unknown) => app.log.warn({ err: error }, 'presence not stored');
    const presence = createPresence(app.redis, presenceFailed);
    /**
     * Per job: the pending announcement, whether its viewers may have changed since the last one, and the
     * sockets that joined since (they have no list yet). With 10,000 sockets of a few users arriving, most
     * joins change nothing: the list goes to the newcomers only, not to the whole room again.
     */
    const presenceDue = new Map<
      number,
      { timer: NodeJS.Timeout; changed: boolean; newcomers: Set<string> }
    >();
    let closing = false;

    /** Who is viewing a job now, across nodes (each user once): to the job's room (every node) when it may
     * have changed, else to this node's newcomers. */
    async function announcePresence(jobId: number, changed: boolean, newcomers: Set<string> = new Set()) {
      const message = { jobId, viewers: await presence.viewers(jobId) };
      if (changed) io.to(rooms.jobViewers(jobId)).emit('presence', message);
      else if (newcomers.size) io.local.to([...newcomers]).emit('presence', message);
    }

    function schedulePresence(
      jobId: number,
      { changed = false, newcomer }: { changed?: boolean; newcomer?: string },
    ) {
      if (closing) return;
      let due = presenceDue.get(jobId);
      if (!due) {
        const announce = () => {
          presenceDue.delete(jobId);
          announcePresence(jobId, due!.changed, due!.newcomers).catch((error: unknown) =>
            app.log.debug({ err: error }, 'presence not announced'),
          );
        };
        due = { timer: setTimeout(announce, PRESENCE_COALESCE_MS), changed, newcomers: new Set() };
        presenceDue.set(jobId, due);
      }
      due.changed ||= changed;
      if (newcomer) due.newcomers.add(newcomer);
    }
    const viewing = (socket: RealtimeSocket, jobId: number) =>
      schedulePresence(jobId, { changed: presence.join(jobId, socket.data.user), newcomer: socket.id });
    const stoppedViewing = (socket: RealtimeSocket, jobId: number) => {
      if (presence.leave(jobId, socket.data.user.id)) schedulePresence(jobId, { changed: true });
    };

    /**
     * Whether the socket shows as viewing the job (its screens or a candidate's), not only following its
     * changes: a list of candidates across jobs follows many jobs and views none of them.
     */
    function showViewing(socket: RealtimeSocket, jobId: number, view: boolean) {
      const room = rooms.jobViewers(jobId);
      if (view === socket.rooms.has(room)) return;
      if (view) {
        void socket.join(room);
        viewing(socket, jobId);
      } else {
        void socket.leave(room);
        stoppedViewing(socket, jobId);
      }
    }
    const VIEWERS_PREFIX = rooms.jobViewers(0).slice(0, -1);
    const viewedJobs = (socket: RealtimeSocket) =>
      [...socket.rooms]
        .filter((r) => r.startsWith(VIEWERS_PREFIX))
        .map((r) => Number(r.slice(VIEWERS_PREFIX.length)));

    // This node is alive; the viewers of nodes that stopped without saying so (a crash) go.
    const beat = async () =>
      (await presence.heartbeat()).forEach((jobId) => schedulePresence(jobId, { changed: true }));
    const heartbeat = app.redis
      ? setInterval(() => void beat().catch(presenceFailed), PRESENCE_HEARTBEAT_MS).unref()
      : undefined;
    await beat().catch(presenceFailed);

    /** Joins a room the user may be in; answers with the room's latest number, read after joining so that
     * every later message reaches the socket live. `onJoined` runs as the socket is in the room (entered
     * now or before). */
    async function joinRoom(socket: RealtimeSocket, room: string, onJoined?: () => void): Promise<JoinAck> {
      try {
        const refusal = await refuseRoom(app.db, socket.data.user, room);
        if (refusal) return { ok: false, message: refusal.message };
        await socket.join(room);
        onJoined?.();
        return { ok: true, data: { seq: await app.outbox.latest(room) } };
      } catch (error) {
        app.log.warn({ err: error, room }, 'room join failed');
        return { ok: false, message: REALTIME_MESSAGES.unavailable };
      }
    }
    // Which card each socket looks at or drags on a job's board (ephemeral, card-focus.ts).
    const cardFocus = createCardFocus(app.db);
    const answer = <A>(ack: unknown) => (typeof ack === 'function' ? (ack as (a: A) => void) : () => {});
    /** The job a payload names (`parseId`: a number, or decimal digits), or null. */
    const jobIdOf = (payload: unknown) => parseId((payload as { jobId?: unknown } | undefined)?.jobId);

    /**
     * What clients ask, by event: one set of functions for every socket, given the socket and the event's
     * arguments. Closures made per socket (about a dozen each) would cost memory for every open socket.
     */
    const handlers = new Map<string, (socket: RealtimeSocket, args: unknown[]) => Promise<void>>([
      [
        'job:join',
        async (socket, [payload, ack]) => {
          const jobId = jobIdOf(payload);
          if (jobId === null) return answer<JoinAck>(ack)({ ok: false, message: JOB_MESSAGES.notFound });
          const view = (payload as { viewing?: unknown }).viewing === true;
          // Counted as a viewer as the socket is in the room (not after the answer: it may be gone by then).
          answer<JoinAck>(ack)(
            await joinRoom(socket, rooms.job(jobId), () => showViewing(socket, jobId, view)),
          );
        },
      ],
      [
        'job:leave',
        async (socket, [payload, ack]) => {
          const jobId = jobIdOf(payload);
          if (jobId === null) return answer<Ack>(ack)({ ok: true });
          const room = rooms.job(jobId);
          const was = socket.rooms.has(room);
          if (was) cardFocus.leftJob(socket, jobId);
          await socket.leave(room);
          answer<Ack>(ack)({ ok: true });
          showViewing(socket, jobId, false);
        },
      ],
      [
        'card:focus',
        async (socket, [payload, ack]) =>
          answer<Ack>(ack)(
            // The card's job is read from the database: when it cannot answer, the focus is not shown.
            await cardFocus.focus(socket, payload).catch((error: unknown): Ack => {
              app.log.warn({ err: error }, 'card focus not checked');
              return { ok: false, message: REALTIME_MESSAGES.unavailable };
            }),
          ),
      ],
      [
        'card:blur',
        async (socket, [payload, ack]) => answer<Ack>(ack)(await cardFocus.blur(socket, payload)),
      ],
      ...(['board', 'dashboard', 'ledger'] as const).flatMap((room) => [
        [
          `${room}:join`,
          async (socket: RealtimeSocket, [ack]: unknown[]) =>
            answer<JoinAck>(ack)(await joinRoom(socket, rooms[room])),
        ] as const,
        [
          `${room}:leave`,
          async (socket: RealtimeSocket, [ack]: unknown[]) => {
            await socket.leave(rooms[room]);
            answer<Ack>(ack)({ ok: true });
          },
        ] as const,
      ]),
    ]);
    function dispatch(this: RealtimeSocket, event: string, ...args: unknown[]) {
      handlers
        .get(event)?.(this, args)
        .catch((error: unknown) => app.log.warn({ err: error, event }, 'socket request failed'));
    }
    // The others in its rooms see who is still there.
    function onDisconnecting(this: RealtimeSocket) {
      cardFocus.disconnecting(this);
      viewedJobs(this).forEach((jobId) => stoppedViewing(this, jobId));
    }

    io.on('connection', (socket: RealtimeSocket) => {
      // Signed in: the opening HTTP request (kept by engine.io for the socket's whole life), its headers
      // and the token are not needed again; dropping them saves a few KB per socket (Socket.IO's advice).
      (socket.conn as { request: unknown }).request = null;
      socket.handshake.headers = {};
      socket.handshake.auth = {};
      socket.onAny(dispatch);
      socket.on('disconnecting', onDisconnecting);
      // Its user's own room: nothing to ask for, and no one else's to join (clients cannot name it).
      void socket.join(rooms.user(socket.data.user.id));
      // A socket that Socket.IO recovered is back in its rooms without asking: it views those jobs again.
      if (socket.recovered) viewedJobs(socket).forEach((jobId) => viewing(socket, jobId));
    });

    // The dashboards' figures, recomputed once per burst of changes and sent to their rooms.
    const onFiguresError = (error: unknown) => app.log.warn({ err: error }, 'dashboard figures not sent');
    /**
     * Whether anyone may be watching `room`: on one node, whether it has a socket there (its queries are
     * not run for nobody, e.g. while a thousand boards watch a job and no dashboard is open); with Redis,
     * other nodes' sockets are not known here, so always.
     */
    const watched = (room: string) =>
      Boolean(app.redis) || (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
    const coalescers = [
      createFiguresCoalescer({
        delayMs: DASHBOARD_STATS_COALESCE_MS,
        moves: movesRecruitmentFigures,
        send: async () => {
          if (!watched(rooms.dashboard)) return;
          io.to(rooms.dashboard).emit('dashboard:stats', await app.services.dashboards.recruitment());
        },
        onError: onFiguresError,
      }),
      createFiguresCoalescer({
        delayMs: DASHBOARD_STATS_COALESCE_MS,
        moves: movesLedgerFigures,
        send: async () => {
          if (!watched(rooms.ledger)) return;
          io.to(rooms.ledger).emit('ledger:stats', await app.services.ledger.adminDashboard());
        },
        onError: onFiguresError,
      }),
    ];

    /** Closes this node's sockets of sessions that ended. A scan, not a room per user and per session: sign-outs
     * are rare, and two rooms for every open socket cost memory all the time. */
    function endSessions({ userId, sid, except }: SessionEndedEvent) {
      for (const socket of io.of('/').sockets.values()) {
        const { user } = socket.data;
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
      for (const coalescer of coalescers) coalescer.observe(event);
    });
    // The messages of committed changes, each with its place in its room's sequence (the outbox).
    const undeliver = app.events.onDeliver((messages: SequencedMessage[]) => {
      for (const { room, seq, name, payload } of messages)
        (io.to(room).emit as (n: string, ...args: unknown[]) => boolean)(name, payload, { room, seq });
    });

    // Open WebSockets would keep the HTTP server from closing: end them first (Fastify closes the server).
    app.addHook('preClose', async () => {
      unsubscribe();
      undeliver();
      await Promise.all(coalescers.map((c) => c.close()));
      closing = true;
      clearInterval(heartbeat);
      presenceDue.forEach((due) => clearTimeout(due.timer));
      // This node's viewers go now, not when its heartbeat would have expired; the other nodes' sockets
      // in those rooms hear who is left.
      await presence
        .close()
        .then((jobs) => Promise.all(jobs.map((jobId) => announcePresence(jobId, true))))
        .catch(presenceFailed);
      // Closing the transports (not `disconnectSockets`, which says "io server disconnect": the session
      // ended, do not come back) lets browsers reconnect, to this node restarted or to another one.
      io.engine.close();
      // Stops the adapter's stream polling (it closes the connections it opened itself).
      await io.of('/').adapter.close();
    });
    app.addHook('onClose', async () => {
      await adapterClient?.quit().catch(() => adapterClient.disconnect());
    });
  },
  {
    name: 'realtime',
    dependencies: ['auth', 'events', 'redis', 'db'],
    decorators: { fastify: ['services'] },
  },
);
