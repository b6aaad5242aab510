import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { toDate } from '../../lib/dates.ts';
import type { Row } from '../../lib/model.ts';

/** The `sessions` table: one row a sign-in, so that logout, a password change or deactivation can end it. */
export class SessionModel extends Model {
  static override tableName = 'sessions';

  id!: string;
  user_id!: number;
  created_at!: Date | string | number;
  expires_at!: Date | string | number;
  revoked_at!: Date | string | number | null;

  /** A new session of `userId`, open for `ttlHours` from `now`. */
  static newRow(userId: number, ttlHours: number, now: Date = new Date()) {
    return {
      id: randomUUID(),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlHours * 3_600_000),
    };
  }

  /** The user's sessions not yet ended, but for `keepSid`. */
  static openOf(db: Knex, userId: number, keepSid?: string) {
    const q = db(SessionModel.tableName).where({ user_id: userId }).whereNull('revoked_at');
    if (keepSid) q.whereNot({ id: keepSid });
    return q;
  }

  /** Whether a session row (its `expires_at` at least) has not yet run out. */
  static isUnexpired(row: Pick<Row, 'expires_at'>, now: number = Date.now()): boolean {
    return toDate(row.expires_at).getTime() > now;
  }
}
