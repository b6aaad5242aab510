import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';
import {
  JOB_MESSAGES,
  JobJoinRequest,
  JobLeaveRequest,
  REALTIME_MESSAGES,
  REVIEW_MESSAGES,
  parseId,
  type Ack,
  type JoinAck,
} from '@portal/contracts';
import { refuseRoom, rooms } from './rooms.ts';
import { createCardFocus } from './card-focus.ts';
import { releaseHandshake } from './handshake.ts';
import type { Viewers } from './viewers.ts';
import type { ReviewSockets } from './review-sockets.ts';
import type { AnySocket, RealtimeSocket, ReviewSocket } from './types.ts';

/** The job requests' checks, compiled once: every join of every socket passes through them. */
const jobJoinCheck = Compile(JobJoinRequest);
const jobLeaveCheck = Compile(JobLeaveRequest);

const answer = <A>(ack: unknown) => (typeof ack === 'function' ? (ack as (a: A) => void) : () => {});

/**
 * What clients ask over their sockets: joining and leaving the job, board, dashboard and ledger rooms,
 * viewing a job (`viewers`) and showing which card they look at (card-focus.ts). Each request's payload
 * is checked against its contract's schema first; every request is answered through its acknowledgement.
 * `connected` sets up a signed-in socket, and hands a review page's to review-sockets.ts.
 */
export function createRoomHandlers({
  app,
  viewers,
  reviewSockets,
}: {
  app: FastifyInstance;
  viewers: Viewers;
  reviewSockets: ReviewSockets;
}) {
  // Which card each socket looks at or drags on a job's board (ephemeral, card-focus.ts).
  const cardFocus = createCardFocus(app.db);

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

  /**
   * What clients ask, by event: one set of functions for every socket, given the socket and the event's
   * arguments. Closures made per socket (about a dozen each) would cost memory for every open socket.
   */
  const handlers = new Map<string, (socket: RealtimeSocket, args: unknown[]) => Promise<void>>([
    [
      'job:join',
      async (socket, [payload, ack]) => {
        // The id as a number (the schema also takes its digits), or null for one too large.
        const jobId = jobJoinCheck.Check(payload) ? parseId(payload.jobId) : null;
        if (jobId === null) return answer<JoinAck>(ack)({ ok: false, message: JOB_MESSAGES.notFound });
        const view = (payload as JobJoinRequest).viewing === true;
        // Counted as a viewer as the socket is in the room (not after the answer: it may be gone by then).
        answer<JoinAck>(ack)(
          await joinRoom(socket, rooms.job(jobId), () => viewers.show(socket, jobId, view)),
        );
      },
    ],
    [
      'job:leave',
      async (socket, [payload, ack]) => {
        // Not in a room it cannot name: nothing to leave.
        const jobId = jobLeaveCheck.Check(payload) ? parseId(payload.jobId) : null;
        if (jobId === null) return answer<Ack>(ack)({ ok: true });
        const room = rooms.job(jobId);
        if (socket.rooms.has(room)) cardFocus.leftJob(socket, jobId);
        await socket.leave(room);
        answer<Ack>(ack)({ ok: true });
        viewers.show(socket, jobId, false);
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
    ['card:blur', async (socket, [payload, ack]) => answer<Ack>(ack)(await cardFocus.blur(socket, payload))],
    // A share's review room is for its review pages' own sockets (signed in with a link), never a user's.
    [
      'review:join',
      async (_socket, [, ack]) =>
        answer<JoinAck>(ack)({ ok: false, message: REVIEW_MESSAGES.reviewRoomNotForStaff }),
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
    viewers.disconnecting(this);
  }

  /** A signed-in socket: listens to its requests and is in its user's own room. */
  function connected(any: AnySocket) {
    if (any.data.review) return reviewSockets.connected(any as ReviewSocket);
    const socket = any as RealtimeSocket;
    releaseHandshake(socket);
    socket.onAny(dispatch);
    socket.on('disconnecting', onDisconnecting);
    // Its user's own room: nothing to ask for, and no one else's to join (clients cannot name it).
    void socket.join(rooms.user(socket.data.user.id));
    // A socket that Socket.IO recovered is back in its rooms without asking: it views those jobs again.
    if (socket.recovered) viewers.recovered(socket);
  }
  return { connected };
}
