/**
 * The reads and checks the users service's parts share: a user's row, free user ids, the uniqueness of
 * usernames and e-mails, the lock on the active admins, and who may touch whom.
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { USER_ID, USER_MESSAGES, type UserRef } from '@portal/contracts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import type { UserClashRow, UserRow } from './model.ts';
import { findUserIds } from './refs.ts';

export type Db = Knex | Knex.Transaction;

const USER_ID_ATTEMPTS = 20;

/** A user's row as stored (deleted ones too unless `liveOnly`), read with `q` (a transaction's reads see its writes). */
export async function userRow(q: Db, id: number, liveOnly = false): Promise<UserRow | undefined> {
  const query = q<UserRow>('users').where({ id });
  if (liveOnly) query.whereNull('deleted_at');
  return query.first();
}

const userIdOf = (n: number) => `${USER_ID.prefix}${n}`;

export async function isUserIdFree(q: Db, userId: string) {
  return !(await q<UserRow>('users').where({ user_id: userId }).first('id'));
}

/** USR + a random number from 1000 to 9999, drawn again on collision; when every one is taken, says so. */
export async function findFreeUserId(q: Db): Promise<string> {
  for (let attempt = 0; attempt < USER_ID_ATTEMPTS; attempt++) {
    const candidate = userIdOf(randomInt(USER_ID.min, USER_ID.max + 1));
    if (await isUserIdFree(q, candidate)) return candidate;
  }
  // Random draws keep missing: look for any free number before giving up.
  const taken = new Set<string>(await q<UserRow>('users').pluck('user_id'));
  for (let n = USER_ID.min; n <= USER_ID.max; n++) if (!taken.has(userIdOf(n))) return userIdOf(n);
  throw conflict(USER_MESSAGES.idsExhausted);
}

/** Usernames and e-mails are unique whatever their case, deleted users included (they keep theirs). */
export async function assertUnique(
  q: Db,
  { username, email }: { username?: string | undefined; email?: string | undefined },
  exceptId?: number,
) {
  if (!username && !email) return;
  const clashes: UserClashRow[] = await q<UserRow>('users')
    .where((w) => {
      if (username) w.orWhereRaw('LOWER(username) = ?', [username.toLowerCase()]);
      if (email) w.orWhereRaw('LOWER(email) = ?', [email.toLowerCase()]);
    })
    .modify((w) => (exceptId ? w.whereNot('id', exceptId) : w))
    .select('username', 'deleted_at');
  // A live user's clash says which field; only a clash with deleted users alone says "deleted user".
  const clash = clashes.find((c) => !c.deleted_at) ?? clashes[0];
  if (!clash) return;
  const sameName = username && clashes.some((c) => c.username.toLowerCase() === username.toLowerCase());
  const field = sameName ? 'username' : 'email';
  if (clash.deleted_at) throw conflict(USER_MESSAGES.takenByDeletedUser, { field });
  throw conflict(sameName ? USER_MESSAGES.usernameTaken : USER_MESSAGES.emailTaken, { field });
}

/**
 * Locks the active admins (MySQL: FOR UPDATE; SQLite writes one at a time anyway) and says whether any
 * other than `userId` would be left. Every write that could take an admin away takes this lock first,
 * so two admins switching each other off at once cannot leave none.
 */
export async function otherActiveAdminExists(trx: Knex.Transaction, userId: number) {
  const admins: UserRow['id'][] = await trx<UserRow>('users')
    .where({ role: 'admin', status: 'active' })
    .whereNull('deleted_at')
    .forUpdate()
    .pluck('id');
  return admins.some((id) => int(id) !== userId);
}

/** The live user `id`, locked until the transaction ends; 404 for nobody. */
export async function lockedUser(trx: Knex.Transaction, id: number): Promise<UserRow> {
  const row = await trx<UserRow>('users').where({ id }).whereNull('deleted_at').forUpdate().first();
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

export function assertMayTouch(actor: Caller, id: number) {
  if (actor.role !== 'admin' && actor.id !== id) throw forbidden(USER_MESSAGES.onlyOwnProfile);
}

/**
 * The row id of the user `ref` names, for `actor` to read or change. Anyone but an admin is refused
 * someone else whether or not that user exists, so a refusal tells nobody who has an account; an admin
 * asking for nobody gets 404. Deleted users are found only `withDeleted` (an admin reading history).
 */
export async function touchableId(db: Db, ref: UserRef, actor: Caller, withDeleted = false): Promise<number> {
  const [id] = await findUserIds(db, [ref], { withDeleted });
  assertMayTouch(actor, id ?? 0);
  if (id === null || id === undefined) throw notFound(USER_MESSAGES.notFound);
  return id;
}
