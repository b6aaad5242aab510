import type { Knex } from 'knex';
import { AUTH_MESSAGES, type LoginBody, type SessionUser } from '@portal/contracts';
import { unauthenticated } from '../../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { UserService } from '../users/service.ts';
import { toSessionUser } from '../users/model.ts';
import { int } from '../../lib/rows.ts';
import { isUnexpired, newSessionRow, openSessionsOf, type SessionRow } from './model.ts';
import type { LoginThrottle } from './throttle.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { EventBus } from '../../events.ts';
import type { SessionClaims } from '../../lib/caller.ts';

/** How many cached session checks trigger a sweep of the expired ones. */
const SESSION_CACHE_SWEEP_AT = 10_000;

/** How long a checked session is trusted before the database is asked again (other nodes' revocations). */
const SESSION_CACHE_MS = 5_000;

export function createAuthService({
  db,
  users,
  sessionTtlHours,
  throttle,
  devices,
  events,
}: {
  /** Where `session.ended` goes (the realtime layer disconnects those sessions' sockets). */
  events: Pick<EventBus, 'publish'>;
  db: Knex;
  users: UserService;
  sessionTtlHours: number;
  throttle: LoginThrottle;
  /** Signs and checks the device cookies that let an account's own browsers past strangers' lockouts. */
  devices: DeviceCookies;
}) {
  const checked = new Map<string, { valid: boolean; until: number }>();
  /** Lookups under way, by session id. */
  const lookups = new Map<string, Promise<boolean>>();

  async function lookUpSession(claims: SessionClaims): Promise<boolean> {
    const row: Pick<SessionRow, 'expires_at'> | undefined = await db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id', claims.sid)
      .where('s.user_id', claims.sub)
      .whereNull('s.revoked_at')
      .where('u.status', 'active')
      .whereNull('u.deleted_at')
      .first('s.expires_at');
    const valid = row !== undefined && isUnexpired(row);
    // Entries live a few seconds: sweep the stale ones now and then so the cache stays small.
    if (checked.size >= SESSION_CACHE_SWEEP_AT) {
      const now = Date.now();
      for (const [sid, entry] of checked) if (entry.until <= now) checked.delete(sid);
    }
    checked.set(claims.sid, { valid, until: Date.now() + SESSION_CACHE_MS });
    return valid;
  }
  /** Forgets what is known of a session: the next request looks it up again. */
  const forget = (sid: string) => {
    checked.delete(sid);
    lookups.delete(sid);
  };

  return {
    /**
     * Checks the credentials and opens a session. Unknown user and wrong password answer alike.
     * `deviceCookies`: the device cookies the client presented; one this app signed for the account puts
     * the attempt in that device's own throttle bucket. A success gives the device a new cookie.
     */
    async login(
      input: LoginBody,
      deviceCookies: readonly string[] = [],
    ): Promise<{ user: SessionUser; claims: SessionClaims; deviceCookie: string }> {
      const row = await users.findByUsername(input.username.trim());
      const attempt = {
        username: input.username,
        device: row ? devices.deviceOf(deviceCookies, int(row.id)) : null,
      };
      await throttle.assertMayTry(attempt);
      const ok = await verifyPassword(row?.password_hash, input.password);
      if (!row || !ok) {
        await throttle.recordFailure(attempt);
        throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
      }
      await throttle.recordSuccess(attempt);
      if (row.status !== 'active') throw unauthenticated(AUTH_MESSAGES.accountInactive);
      const userId = int(row.id);
      const session = newSessionRow(userId, sessionTtlHours);
      await db('sessions').insert(session);
      return {
        user: toSessionUser(row),
        claims: { sub: userId, sid: session.id, role: row.role },
        deviceCookie: devices.issue(userId),
      };
    },

    async logout(sid: string) {
      const row: Pick<SessionRow, 'user_id'> | undefined = await db<SessionRow>('sessions')
        .where({ id: sid })
        .first('user_id');
      await db('sessions').where({ id: sid }).whereNull('revoked_at').update({ revoked_at: new Date() });
      forget(sid);
      if (row) events.publish('session.ended', { userId: int(row.user_id), sid });
    },

    /** Ends every open session of a user (password change, deactivation), optionally keeping one. */
    async revokeSessionsOf(userId: number, keepSid?: string) {
      const q = openSessionsOf(db, userId, keepSid);
      const sids: string[] = await q.clone().pluck('id');
      await q.update({ revoked_at: new Date() });
      for (const sid of sids) forget(sid);
      events.publish('session.ended', { userId, ...(keepSid ? { except: keepSid } : {}) });
    },

    /**
     * Is this session still open and its user still active? Cheap: cached for a few seconds, and the
     * requests that arrive together with one session (a burst of uploads) share a single lookup.
     */
    async isSessionValid(claims: SessionClaims): Promise<boolean> {
      const hit = checked.get(claims.sid);
      if (hit && hit.until > Date.now()) return hit.valid;
      const under = lookups.get(claims.sid);
      if (under) return under;
      const lookup: Promise<boolean> = lookUpSession(claims).finally(() => {
        if (lookups.get(claims.sid) === lookup) lookups.delete(claims.sid);
      });
      lookups.set(claims.sid, lookup);
      return lookup;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
