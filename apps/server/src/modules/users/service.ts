/**
 * Staff accounts: the reads here; the checks the parts share (accounts.ts), photos (photos.ts) and the
 * changes (writes.ts), put together into the one service the routes, the auth service and the CLI know.
 */
import type { Knex } from 'knex';
import {
  PAGE_SIZES,
  USER_MESSAGES,
  type ProfileResponse,
  type Role,
  type User,
  type UserListQuery,
  type UserPage,
  type UserRef,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { InUnitOfWork } from '../../events.ts';
import { toUser, type UserRow } from './model.ts';
import { openSessionsOf } from '../auth/model.ts';
import { findFreeUserId, touchableId, userRow } from './accounts.ts';
import { createUserPhotos } from './photos.ts';
import { createUserWrites, type PurchaseLedger, type SessionRevoker } from './writes.ts';

export type { NewUser, PurchaseLedger, SessionRevoker } from './writes.ts';

/** Without an auth service (the CLI): the session rows are ended directly. */
const revokeInDatabase = (db: Knex): SessionRevoker => ({
  async revokeSessionsOf(userId, keepSid) {
    await openSessionsOf(db, userId, keepSid).update({ revoked_at: new Date() });
  },
});

export function createUserService({
  db,
  inUnitOfWork,
  files,
  sessions = revokeInDatabase(db),
  purchases,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  /** Where uploaded photos live; without it a photo address is refused. */
  files?: FileStore;
  sessions?: SessionRevoker;
  purchases: PurchaseLedger;
}) {
  const photos = createUserPhotos({ db, files });
  return {
    /** A free user id for the add form to show; creating the user keeps it if it is still free then. */
    nextUserId: () => findFreeUserId(db),

    async listUsers(query: UserListQuery, readerRole: Role): Promise<UserPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.users);
      const filtered = () => {
        const q = db<UserRow>('users').whereNull('deleted_at');
        // A search matches only what the reader may see: an employee sees names, not e-mail addresses.
        whereContains(q, readerRole === 'admin' ? ['username', 'email'] : ['username', 'name'], query.search);
        if (query.status) q.where('status', query.status);
        return q;
      };
      const total = await countRows(filtered());
      const rows: UserRow[] = await filtered().orderBy('id', 'desc').limit(pageSize).offset(offset);
      return {
        items: rows.map((r) => toUser(r, readerRole, 'list')),
        total,
        page,
        pageSize,
      };
    },

    /**
     * One user, by row id or by user id (USR1234): an admin reads anyone (deleted ones too, shown as
     * deleted); a user only themselves.
     */
    async getUser(ref: UserRef, actor: Caller): Promise<User> {
      const id = await touchableId(db, ref, actor, actor.role === 'admin');
      const row = await userRow(db, id);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return toUser(row, actor.role);
    },

    ...createUserWrites({ db, inUnitOfWork, photos, sessions, purchases }),

    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db<UserRow>('users')
        .whereNull('deleted_at')
        .whereRaw('LOWER(username) = ?', [username.toLowerCase()])
        .first();
    },

    async getUserById(id: number): Promise<UserRow> {
      const row = await userRow(db, id, true);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return row;
    },

    async getProfile(id: number): Promise<ProfileResponse> {
      const row = await userRow(db, id, true);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return {
        name: row.name,
        position: row.designation ?? (row.role === 'admin' ? 'Administrator' : 'Employee'),
        photo: row.photo,
      };
    },

    async countUsers() {
      return countRows(db('users'));
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
