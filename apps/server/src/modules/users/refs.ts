import type { Knex } from 'knex';
import { USER_MESSAGES, parseUserRef, type UserRef } from '@portal/contracts';
import { notFound, type AppError } from '../../errors.ts';
import { int } from '../../lib/rows.ts';
import type { UserRefRow, UserRow } from './model.ts';

type Db = Knex | Knex.Transaction;

/**
 * A request names a user by row id or by the user id the screens show (USR1234), in a path, a body field
 * (a purchase's customer, a job's editors) or a list filter. This is the one place either form becomes
 * the row id the tables hold.
 */

/**
 * The row ids of the users `refs` name, one per ref in the same order, null where a ref names nobody.
 * Deleted users are found only `withDeleted`: their records still name them, but no new work may.
 */
export async function findUserIds(
  db: Db,
  refs: readonly UserRef[],
  { withDeleted = false }: { withDeleted?: boolean } = {},
): Promise<(number | null)[]> {
  const parsed = refs.map(parseUserRef);
  const ids = [...new Set(parsed.filter((r): r is number => typeof r === 'number'))];
  const codes = [...new Set(parsed.filter((r): r is string => typeof r === 'string'))];
  if (ids.length === 0 && codes.length === 0) return refs.map(() => null);
  const q = db<UserRow>('users').where((w) => {
    if (ids.length > 0) w.orWhereIn('id', ids);
    if (codes.length > 0) w.orWhereIn('user_id', codes);
  });
  if (!withDeleted) q.whereNull('deleted_at');
  const rows: UserRefRow[] = await q.select('id', 'user_id');
  const idOf = new Map<UserRef, number>();
  for (const row of rows) {
    idOf.set(int(row.id), int(row.id));
    idOf.set(row.user_id.toUpperCase(), int(row.id));
  }
  return parsed.map((ref) => (ref === null ? null : (idOf.get(ref) ?? null)));
}

/**
 * The row id of the user `ref` names (a live one unless `withDeleted`). When it names nobody:
 * `missing()`, the field's own error ("Customer not found"), or 404 User not found for a path.
 */
export async function userIdOf(
  db: Db,
  ref: UserRef,
  missing: () => AppError = () => notFound(USER_MESSAGES.notFound),
  options: { withDeleted?: boolean } = {},
): Promise<number> {
  const [id] = await findUserIds(db, [ref], options);
  if (id === null || id === undefined) throw missing();
  return id;
}
