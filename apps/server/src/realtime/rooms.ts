import type { Knex } from 'knex';
import { AUTH_MESSAGES, JOB_MESSAGES, parseId, type Role } from '@portal/contracts';
import { forbidden, notFound, type AppError } from '../errors.ts';

/** The Socket.IO rooms, named in one place. */
export const rooms = {
  job: (jobId: number) => `job:${jobId}`,
  /**
   * The sockets viewing a job (on its screens or a candidate's), beside those that only follow its changes:
   * they are counted in its presence and hear it. Never a message's room, so never numbered or replayed.
   */
  jobViewers: (jobId: number) => `job-viewers:${jobId}`,
  board: 'board',
  dashboard: 'dashboard',
  /** The property ledger's changes and figures: admins only. */
  ledger: 'ledger',
  /** One user's own messages (their notifications): every socket of theirs is in it from the start. */
  user: (userId: number) => `user:${userId}`,
  /**
   * A share's open review pages (their sockets signed in with a link of it, review-sockets.ts): decisions,
   * comments, withdrawn candidates. Only those sockets join it, with their link's token: no signed-in user
   * may, and `GET /api/events` never reads it back (LIVE_ROOM_PATTERN does not name it).
   */
  review: (shareId: number) => `review:${shareId}`,
  /** One link's sockets, from the moment they connect: they hear that it was revoked, and are closed. */
  reviewLink: (linkId: number) => `review-link:${linkId}`,
};

/**
 * Who may be in a room, and so hear its messages live or read them back (`GET /api/events`): one rule for
 * both. Every signed-in user may view every job, the board and the recruitment dashboard; a job
 * that does not exist has no room; the ledger is for admins. Returns why not, or nothing when allowed.
 */
export async function refuseRoom(
  db: Knex,
  reader: { role: Role },
  room: string,
): Promise<AppError | undefined> {
  if (room === rooms.board || room === rooms.dashboard) return undefined;
  // The review rooms (review:…, review-link:…) fall through to "not found": they are no user's to read.
  if (room === rooms.ledger) return reader.role === 'admin' ? undefined : forbidden(AUTH_MESSAGES.forbidden);
  const jobId = parseId(/^job:(.*)$/.exec(room)?.[1]);
  if (jobId !== null && (await db('jobs').where({ id: jobId }).first('id'))) return undefined;
  return notFound(JOB_MESSAGES.notFound);
}
