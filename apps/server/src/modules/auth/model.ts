import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { toDate } from '../../lib/dates.ts';
import type { DbInt, DbTime } from '../../lib/rows.ts';

/** A row of `sessions`: one a sign-in, so that logout, a password change or deactivation can end it. */
export interface SessionRow {
  id: string;
  user_id: DbInt;
  created_at: DbTime;
  expires_at: DbTime;
  revoked_at: DbTime | null;
}

/** A new session of `userId`, open for `ttlHours` from `now`. */
export function newSessionRow(userId: number, ttlHours: number, now: Date = new Date()) {
  return {
    id: randomUUID(),
    user_id: userId,
    created_at: now,
    expires_at: new Date(now.getTime() + ttlHours * 3_600_000),
  };
}

/** The user's sessions not yet ended, but for `keepSid`. */
export function openSessionsOf(db: Knex, userId: number, keepSid?: string) {
  const q = db<SessionRow>('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (keepSid) q.whereNot({ id: keepSid });
  return q;
}

/** Whether a session row (its `expires_at` at least) has not yet run out. */
export const isUnexpired = (row: Pick<SessionRow, 'expires_at'>, now: number = Date.now()): boolean =>
  toDate(row.expires_at).getTime() > now;
