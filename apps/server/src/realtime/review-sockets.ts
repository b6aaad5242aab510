import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { Compile } from 'typebox/compile';
import { REALTIME_MESSAGES, REVIEW_MESSAGES as M, ReviewJoinRequest, type JoinAck } from '@portal/contracts';
import { AppError } from '../errors.ts';
import { int } from '../lib/rows.ts';
import { hashToken } from '../modules/reviews/tokens.ts';
import { rooms } from './rooms.ts';
import { releaseHandshake } from './handshake.ts';
import type { AnySocket, ReviewSocket } from './types.ts';

/** setTimeout's longest wait (about 24.8 days): a link lives up to 90, so a longer one is waited in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** When the link cannot be read as its expiry comes (the database is away), it is read again after this. */
const RECHECK_MS = 60_000;

const joinCheck = Compile(ReviewJoinRequest);

/** How many review handshakes and joins are taken per minute, as the review page's requests are. */
export interface ReviewSocketLimits {
  perAddress: number;
  perLink: number;
}

const answer = <A>(ack: unknown) => (typeof ack === 'function' ? (ack as (a: A) => void) : () => {});

/** Why a link cannot be followed, as its review page says it (404, 410), or undefined for a failure. */
const refusalOf = (error: unknown) =>
  error instanceof AppError && error.statusCode < 500 ? error.message : undefined;

/**
 * A review page's socket (docs/realtime.md): it signs in with its link's token, which is checked
 * as the review routes check it (reviews' `openLink`: the hash, compared in constant time; expiry and
 * revocation) and then dropped. The socket knows its link, its share and until when (`socket.data.review`),
 * no user. It may do one thing, `review:join` (checked again), which puts it in its share's review room;
 * every other request is refused, and it is in no user's room. It is closed when its link is revoked
 * (delivery.ts, after `review:revoked`) or expires (a timer here). One set of functions for all of them and
 * one timer each: a review page's socket costs no more than a signed-in one.
 */
export function createReviewSockets({
  app,
  limits,
  addressOf,
}: {
  app: FastifyInstance;
  limits: ReviewSocketLimits;
  /** The client's address of the socket's opening request (TRUST_PROXY applied, lib/client-address.ts). */
  addressOf: (request: IncomingMessage) => string;
}) {
  const reviews = app.services.reviews;

  /**
   * A per-minute counter in the app's rate-limit store (Redis with several nodes): whether `key` may go on.
   * Keys by address and by the token's hash, never by the token itself.
   */
  function counter(max: number, prefix: string) {
    const limit = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${prefix}:${(request as unknown as { key: string }).key}`,
    });
    return async (key: string) => {
      const result = await limit({ key, routeOptions: {} } as unknown as FastifyRequest);
      return result.isAllowed || !result.isExceeded;
    };
  }
  const addressAllowed = counter(limits.perAddress, 'review-socket-address');
  const linkAllowed = counter(limits.perLink, 'review-socket-link');

  /** Closes the socket: "io server disconnect", so that the page does not reconnect by itself. */
  const close = (socket: ReviewSocket) => socket.disconnect(true);

  /** Closes the socket as its link expires, waiting in steps of setTimeout's longest. */
  function watchExpiry(socket: ReviewSocket, wait = socket.data.review.expiresAt - Date.now()) {
    const review = socket.data.review;
    clearTimeout(review.timer);
    // The socket as the timer's argument, not a closure made per socket.
    review.timer = setTimeout(expiryDue, Math.min(Math.max(wait, 0), MAX_TIMER_MS), socket);
    review.timer.unref();
  }
  /** The link read again: revoked or expired closes the socket; extended (or a long wait) waits on. */
  async function checkLink(socket: ReviewSocket) {
    const review = socket.data.review;
    let state: Awaited<ReturnType<typeof reviews.linkState>>;
    try {
      state = await reviews.linkState(review.linkId);
    } catch (error) {
      app.log.warn({ err: error, linkId: review.linkId }, 'review link not checked');
      if (socket.connected) watchExpiry(socket, RECHECK_MS);
      return;
    }
    if (!socket.connected) return;
    if (!state || state.revoked || state.expiresAt <= Date.now()) return close(socket);
    review.expiresAt = state.expiresAt;
    watchExpiry(socket);
  }
  function expiryDue(socket: ReviewSocket) {
    void checkLink(socket);
  }

  /** The handshake of a socket that gave a review token (handshake.ts tells the two kinds apart). */
  async function handshake(socket: AnySocket, token: string, next: (err?: ExtendedError) => void) {
    try {
      const allowed =
        (await addressAllowed(addressOf(socket.request))) && (await linkAllowed(hashToken(token)));
      if (!allowed) return next(new Error(M.tooManyRequests));
      const link = await reviews.openLink(token);
      socket.data.review = {
        linkId: int(link.id),
        shareId: int(link.share_id),
        expiresAt: new Date(link.expires_at).getTime(),
      };
      next();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === undefined) app.log.warn({ err: error }, 'review socket handshake failed');
      next(new Error(refusal ?? REALTIME_MESSAGES.unavailable));
    }
  }

  /** `review:join`: the link checked again, and its own share's room joined. */
  async function join(socket: ReviewSocket, [payload, ack]: unknown[]) {
    const reply = answer<JoinAck>(ack);
    if (!joinCheck.Check(payload)) return reply({ ok: false, message: M.linkNotFound });
    const review = socket.data.review;
    try {
      if (!(await linkAllowed(hashToken(payload.token)))) {
        return reply({ ok: false, message: M.tooManyRequests });
      }
      const link = await reviews.openLink(payload.token);
      // Its own link's share only: another link's token (even of the same share) is for another page.
      if (int(link.id) !== review.linkId) return reply({ ok: false, message: M.joinRefused });
      const room = rooms.review(review.shareId);
      await socket.join(room);
      // Closed meanwhile (revoked as it joined): not left in a room it is no longer there to hear.
      if (!socket.connected) {
        await socket.leave(room);
        return reply({ ok: false, message: M.joinRefused });
      }
      review.expiresAt = new Date(link.expires_at).getTime();
      watchExpiry(socket);
      reply({ ok: true, data: { seq: await app.outbox.latest(room) } });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === undefined) app.log.warn({ err: error }, 'review room join failed');
      reply({ ok: false, message: refusal ?? REALTIME_MESSAGES.unavailable });
    }
  }

  function dispatch(this: ReviewSocket, event: string, ...args: unknown[]) {
    if (event === 'review:join') {
      join(this, args).catch((error: unknown) =>
        app.log.warn({ err: error }, 'review socket request failed'),
      );
      return;
    }
    // Anything else a review page's socket asks is refused, without a look at the database.
    answer<JoinAck>(args.at(-1))({ ok: false, message: M.reviewSocketOnly });
  }
  function onDisconnect(this: ReviewSocket) {
    clearTimeout(this.data.review.timer);
  }

  /** A review page's socket connected: in its link's room from the start (a revoke reaches it), and timed. */
  function connected(socket: ReviewSocket) {
    releaseHandshake(socket);
    socket.onAny(dispatch);
    socket.on('disconnect', onDisconnect);
    void socket.join(rooms.reviewLink(socket.data.review.linkId));
    // Recovered by Socket.IO, it is back in its share's room without a join: its link is read once more now.
    if (socket.recovered) void checkLink(socket);
    else watchExpiry(socket);
  }

  return { handshake, connected };
}
export type ReviewSockets = ReturnType<typeof createReviewSockets>;
