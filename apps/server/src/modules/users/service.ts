import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import {
  PAGE_SIZES,
  PASSWORD_MESSAGES,
  SELF_EDITABLE_USER_FIELDS,
  ECHOED_USER_FIELDS,
  IDENTITY_FIELD_NAMES,
  USER_ID,
  USER_MESSAGES,
  type PasswordChange,
  type PermissionsInput,
  type ProfileResponse,
  type Role,
  type User,
  type UserCreate,
  type UserListQuery,
  type UserPage,
  type UserRef,
  type UserUpdate,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { storedNameOfUrl, type FileStore } from '../../lib/file-store.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import { UserModel } from './model.ts';
import { SessionModel } from '../auth/model.ts';
import { findUserIds } from './refs.ts';

const USER_ID_ATTEMPTS = 20;
/** A new user's insert that loses a race for its user_id (unique index) draws again this many times. */
const INSERT_ATTEMPTS = 3;

/** Ends a user's open sessions (the auth service does it, clearing its cache too). */
export interface SessionRevoker {
  revokeSessionsOf(userId: number, keepSid?: string): Promise<void>;
}

/**
 * What the users service asks the property ledger (a user with active purchases cannot be
 * deleted): how many `active` purchases the customer has, read inside the deleting transaction. The
 * ledger service provides it (services.ts); it is required, so no users service can skip the rule.
 */
export interface PurchaseLedger {
  countActivePurchasesOf(userId: number, trx: Knex.Transaction): Promise<number>;
}

/** Without an auth service (the CLI): the session rows are ended directly. */
const revokeInDatabase = (db: Knex): SessionRevoker => ({
  async revokeSessionsOf(userId, keepSid) {
    await SessionModel.openOf(db, userId, keepSid).update({ revoked_at: new Date() });
  },
});

/** What creating an account needs at least (the first admin has no identity numbers); the API asks for all. */
export type NewUser = Pick<UserCreate, 'name' | 'username' | 'email' | 'password' | 'role'> &
  Partial<Omit<UserCreate, 'name' | 'username' | 'email' | 'password' | 'role' | 'permissions'>> & {
    permissions?: PermissionsInput;
  };

const lower = (role: string) => role.toLowerCase() as Role;
/** Fields a body may carry that change nothing: who acts (from the session) and the record's own ids. */
const IGNORED_FIELDS = new Set<string>([...IDENTITY_FIELD_NAMES, ...ECHOED_USER_FIELDS]);

const blankToNull = (value: string | null | undefined) => (value ? value : null);

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
  /** A user's row as stored (deleted ones too unless `liveOnly`), read with `q` (a transaction's reads see its writes). */
  async function userRow(q: Knex | Knex.Transaction, id: number, liveOnly = false) {
    const query = q('users').where({ id });
    if (liveOnly) query.whereNull('deleted_at');
    return (await query.first()) as UserModel | undefined;
  }

  const userIdOf = (n: number) => `${USER_ID.prefix}${n}`;

  async function isUserIdFree(q: Knex | Knex.Transaction, userId: string) {
    return !(await q('users').where({ user_id: userId }).first('id'));
  }

  /** USR + a random number from 1000 to 9999, drawn again on collision; when every one is taken, says so. */
  async function findFreeUserId(q: Knex | Knex.Transaction): Promise<string> {
    for (let attempt = 0; attempt < USER_ID_ATTEMPTS; attempt++) {
      const candidate = userIdOf(randomInt(USER_ID.min, USER_ID.max + 1));
      if (await isUserIdFree(q, candidate)) return candidate;
    }
    // Random draws keep missing: look for any free number before giving up.
    const taken = new Set((await q('users').pluck('user_id')) as string[]);
    for (let n = USER_ID.min; n <= USER_ID.max; n++) if (!taken.has(userIdOf(n))) return userIdOf(n);
    throw conflict(USER_MESSAGES.idsExhausted);
  }

  /** Usernames and e-mails are unique whatever their case, deleted users included (they keep theirs). */
  async function assertUnique(
    q: Knex | Knex.Transaction,
    { username, email }: { username?: string | undefined; email?: string | undefined },
    exceptId?: number,
  ) {
    if (!username && !email) return;
    const clashes = (await q('users')
      .where((w) => {
        if (username) w.orWhereRaw('LOWER(username) = ?', [username.toLowerCase()]);
        if (email) w.orWhereRaw('LOWER(email) = ?', [email.toLowerCase()]);
      })
      .modify((w) => (exceptId ? w.whereNot('id', exceptId) : w))
      .select('username', 'deleted_at')) as { username: string; deleted_at: unknown }[];
    // A live user's clash says which field; only a clash with deleted users alone says "deleted user".
    const clash = clashes.find((c) => !c.deleted_at) ?? clashes[0];
    if (!clash) return;
    const sameName = username && clashes.some((c) => c.username.toLowerCase() === username.toLowerCase());
    const field = sameName ? 'username' : 'email';
    if (clash.deleted_at) throw conflict(USER_MESSAGES.takenByDeletedUser, { field });
    throw conflict(sameName ? USER_MESSAGES.usernameTaken : USER_MESSAGES.emailTaken, { field });
  }

  /** A photo address as `POST /api/upload/photo` handed it out, naming a file that is still stored. */
  async function checkedPhoto(url: string): Promise<string> {
    const name = storedNameOfUrl(url);
    if (!name || !files || !(await files.exists(name))) throw invalid(USER_MESSAGES.photoNotUploaded);
    return url;
  }

  /** Removes a photo file no user points at any more (after the change committed; best effort). */
  async function forgetPhoto(url: string | null) {
    const name = url ? storedNameOfUrl(url) : null;
    if (!name || !files) return;
    if ((await countRows(db('users').where({ photo: url }))) === 0)
      await files.remove(name).catch(() => undefined);
  }

  /**
   * Locks the active admins (MySQL: FOR UPDATE; SQLite writes one at a time anyway) and says whether any
   * other than `userId` would be left. Every write that could take an admin away takes this lock first,
   * so two admins switching each other off at once cannot leave none.
   */
  async function otherActiveAdminExists(trx: Knex.Transaction, userId: number) {
    const admins = (await trx('users')
      .where({ role: 'admin', status: 'active' })
      .whereNull('deleted_at')
      .forUpdate()
      .pluck('id')) as number[];
    return admins.some((id) => Number(id) !== userId);
  }

  async function lockedUser(trx: Knex.Transaction, id: number): Promise<UserModel> {
    const row = (await trx('users').where({ id }).whereNull('deleted_at').forUpdate().first()) as
      UserModel | undefined;
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return row;
  }

  function assertMayTouch(actor: Caller, id: number) {
    if (actor.role !== 'admin' && actor.id !== id) throw forbidden(USER_MESSAGES.onlyOwnProfile);
  }

  /**
   * The row id of the user `ref` names, for `actor` to read or change. Anyone but an admin is refused
   * someone else whether or not that user exists, so a refusal tells nobody who has an account; an admin
   * asking for nobody gets 404. Deleted users are found only `withDeleted` (an admin reading history).
   */
  async function touchableId(ref: UserRef, actor: Caller, withDeleted = false): Promise<number> {
    const [id] = await findUserIds(db, [ref], { withDeleted });
    assertMayTouch(actor, id ?? 0);
    if (id === null || id === undefined) throw notFound(USER_MESSAGES.notFound);
    return id;
  }

  async function insertUser(
    input: NewUser,
    passwordHash: string,
    preferredId: string | undefined,
    outer?: UnitOfWork,
  ) {
    return inUnitOfWork(async ({ trx, emit }) => {
      await assertUnique(trx, input);
      const userId =
        preferredId && (await isUserIdFree(trx, preferredId)) ? preferredId : await findFreeUserId(trx);
      const now = new Date();
      const [id] = await trx('users').insert({
        user_id: userId,
        name: input.name.trim(),
        username: input.username,
        email: input.email.toLowerCase(),
        password_hash: passwordHash,
        role: lower(input.role),
        status: input.status ?? 'active',
        gender: input.gender ?? null,
        department: input.department ?? null,
        designation: input.designation ?? null,
        mobile_number: input.mobile_number ?? null,
        alt_mobile_number: blankToNull(input.alt_mobile_number),
        pan_number: input.pan_number ? input.pan_number.toUpperCase() : null,
        aadhar_number: input.aadhar_number ?? null,
        address: input.address?.trim() ?? null,
        permissions: input.permissions ? UserModel.permissionsColumn(input.permissions.type) : null,
        photo: input.url ?? null,
        created_at: now,
        updated_at: now,
      });
      emit('user.changed', { id: Number(id) });
      return (await userRow(trx, Number(id)))!;
    }, outer);
  }

  return {
    /** A free user id for the add form to show; creating the user keeps it if it is still free then. */
    nextUserId: () => findFreeUserId(db),

    async createUser(input: NewUser, outer?: UnitOfWork): Promise<UserModel> {
      if (input.url) await checkedPhoto(input.url);
      const passwordHash = await hashPassword(input.password);
      let preferredId = input.user_id;
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertUser(input, passwordHash, preferredId, outer);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Someone took the username, e-mail or id between our check and our insert: say which, or draw again.
          await assertUnique(db, input);
          if (attempt >= INSERT_ATTEMPTS) throw conflict(USER_MESSAGES.usernameTaken, { field: 'username' });
          preferredId = undefined;
        }
      }
    },

    async listUsers(query: UserListQuery, readerRole: Role): Promise<UserPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.users);
      const filtered = () => {
        const q = db('users').whereNull('deleted_at');
        // A search matches only what the reader may see: an employee sees names, not e-mail addresses.
        whereContains(q, readerRole === 'admin' ? ['username', 'email'] : ['username', 'name'], query.search);
        if (query.status) q.where('status', query.status);
        return q;
      };
      const total = await countRows(filtered());
      const rows = (await filtered().orderBy('id', 'desc').limit(pageSize).offset(offset)) as UserModel[];
      return {
        items: rows.map((r) => UserModel.toRecord(r, readerRole, 'list')),
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
      const id = await touchableId(ref, actor, actor.role === 'admin');
      const row = await userRow(db, id);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return UserModel.toRecord(row, actor.role);
    },

    async updateUser(ref: UserRef, input: UserUpdate, actor: Caller, outer?: UnitOfWork): Promise<User> {
      const id = await touchableId(ref, actor);
      if (actor.role !== 'admin') {
        const other = Object.keys(input).find(
          (k) => !(SELF_EDITABLE_USER_FIELDS as readonly string[]).includes(k) && !IGNORED_FIELDS.has(k),
        );
        if (other) throw forbidden(`${USER_MESSAGES.onlyAdminMayChange}: ${other}`);
      }
      if (input.url) await checkedPhoto(input.url);
      const newRole = input.role ? lower(input.role) : undefined;
      const mayRemoveAdmin = input.status === 'inactive' || newRole === 'user';

      const after = await inUnitOfWork(async ({ trx, emit, afterCommit }) => {
        const adminLeft = mayRemoveAdmin ? await otherActiveAdminExists(trx, id) : true;
        const row = await lockedUser(trx, id);
        if (actor.id === id && input.status === 'inactive')
          throw forbidden(USER_MESSAGES.cannotDeactivateSelf);
        if (actor.id === id && newRole && newRole !== row.role)
          throw forbidden(USER_MESSAGES.cannotChangeOwnRole);
        if (row.role === 'admin' && row.status === 'active' && mayRemoveAdmin && !adminLeft) {
          throw conflict(USER_MESSAGES.lastActiveAdmin);
        }
        await assertUnique(trx, { username: input.username, email: input.email }, id);

        const changes: Record<string, unknown> = { updated_at: new Date() };
        if (input.name !== undefined) changes.name = input.name.trim();
        if (input.username !== undefined) changes.username = input.username;
        if (input.email !== undefined) changes.email = input.email.toLowerCase();
        if (input.gender !== undefined) changes.gender = input.gender;
        if (newRole !== undefined) changes.role = newRole;
        if (input.department !== undefined) changes.department = input.department;
        if (input.designation !== undefined) changes.designation = input.designation;
        if (input.mobile_number !== undefined) changes.mobile_number = input.mobile_number;
        if (input.alt_mobile_number !== undefined)
          changes.alt_mobile_number = blankToNull(input.alt_mobile_number);
        if (input.pan_number !== undefined) changes.pan_number = input.pan_number.toUpperCase();
        if (input.aadhar_number !== undefined) changes.aadhar_number = input.aadhar_number;
        if (input.address !== undefined) changes.address = input.address.trim();
        if (input.permissions !== undefined) {
          changes.permissions = UserModel.permissionsColumn(input.permissions.type);
        }
        if (input.url !== undefined) changes.photo = input.url;
        if (input.status !== undefined) changes.status = input.status;
        await trx('users').where({ id }).update(changes);
        const updated = (await userRow(trx, id))!;
        // A switched-off user, or one whose role changed (sessions carry the role), signs in again.
        if (updated.status !== 'active' || updated.role !== row.role) {
          afterCommit(() => sessions.revokeSessionsOf(id));
        }
        if (row.photo && row.photo !== updated.photo) afterCommit(() => forgetPhoto(row.photo));
        emit('user.changed', { id });
        return updated;
      }, outer);
      return UserModel.toRecord(after, actor.role);
    },

    async removePhoto(ref: UserRef, actor: Caller, outer?: UnitOfWork): Promise<User> {
      const id = await touchableId(ref, actor);
      const after = await inUnitOfWork(async ({ trx, emit, afterCommit }) => {
        const before = await lockedUser(trx, id);
        await trx('users').where({ id }).update({ photo: null, updated_at: new Date() });
        afterCommit(() => forgetPhoto(before.photo));
        emit('user.changed', { id });
        return (await userRow(trx, id))!;
      }, outer);
      return UserModel.toRecord(after, actor.role);
    },

    /**
     * Marks the user deleted (their history keeps their name) and ends their sessions. Refused for
     * yourself, for the last active admin, and while they have active purchases.
     */
    async deleteUser(ref: UserRef, actor: Caller, outer?: UnitOfWork): Promise<void> {
      const id = await touchableId(ref, actor);
      await inUnitOfWork(async ({ trx, emit, afterCommit }) => {
        const adminLeft = await otherActiveAdminExists(trx, id);
        const row = await lockedUser(trx, id);
        if (actor.id === id) throw forbidden(USER_MESSAGES.cannotDeleteSelf);
        if (row.role === 'admin' && row.status === 'active' && !adminLeft) {
          throw conflict(USER_MESSAGES.lastActiveAdmin);
        }
        if ((await purchases.countActivePurchasesOf(id, trx)) > 0) {
          throw conflict(USER_MESSAGES.activePurchases);
        }
        const now = new Date();
        await trx('users').where({ id }).update({ deleted_at: now, updated_at: now });
        afterCommit(() => sessions.revokeSessionsOf(id));
        emit('user.changed', { id, deleted: true });
      }, outer);
    },

    /**
     * Your own password needs the current one and keeps this session open (others end); an admin
     * resetting someone else's sets it directly and ends all of that user's sessions.
     */
    async changePassword(ref: UserRef, input: PasswordChange, actor: Caller): Promise<void> {
      const userId = await touchableId(ref, actor);
      const row = await userRow(db, userId, true);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      const own = actor.id === userId;
      if (own) {
        if (!input.currentPassword) throw invalid(PASSWORD_MESSAGES.currentRequired);
        if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
          throw invalid(PASSWORD_MESSAGES.currentWrong);
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: new Date() });
      await sessions.revokeSessionsOf(userId, own ? actor.sid : undefined);
    },

    async findByUsername(username: string) {
      return (await db('users')
        .whereNull('deleted_at')
        .whereRaw('LOWER(username) = ?', [username.toLowerCase()])
        .first()) as UserModel | undefined;
    },

    async getUserById(id: number) {
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
