/** Changing accounts: adding a user, editing one, removing a photo, deleting a user, changing a password. */
import type { Knex } from 'knex';
import {
  PASSWORD_MESSAGES,
  SELF_EDITABLE_USER_FIELDS,
  ECHOED_USER_FIELDS,
  IDENTITY_FIELD_NAMES,
  USER_MESSAGES,
  type PasswordChange,
  type PermissionsInput,
  type Role,
  type User,
  type UserCreate,
  type UserRef,
  type UserUpdate,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { int } from '../../lib/rows.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import { storedPermissions, toUser, type UserRow } from './model.ts';
import {
  assertUnique,
  findFreeUserId,
  isUserIdFree,
  lockedUser,
  otherActiveAdminExists,
  touchableId,
  userRow,
} from './accounts.ts';
import type { UserPhotos } from './photos.ts';

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

/** What creating an account needs at least (the first admin has no identity numbers); the API asks for all. */
export type NewUser = Pick<UserCreate, 'name' | 'username' | 'email' | 'password' | 'role'> &
  Partial<Omit<UserCreate, 'name' | 'username' | 'email' | 'password' | 'role' | 'permissions'>> & {
    permissions?: PermissionsInput;
  };

const lower = (role: string) => role.toLowerCase() as Role;
/** Fields a body may carry that change nothing: who acts (from the session) and the record's own ids. */
const IGNORED_FIELDS = new Set<string>([...IDENTITY_FIELD_NAMES, ...ECHOED_USER_FIELDS]);

const blankToNull = (value: string | null | undefined) => (value ? value : null);

async function insertUser(
  inUnitOfWork: InUnitOfWork,
  input: NewUser,
  passwordHash: string,
  preferredId: string | undefined,
  outer?: UnitOfWork,
): Promise<UserRow> {
  return inUnitOfWork(async ({ trx, emit }) => {
    await assertUnique(trx, input);
    const userId =
      preferredId && (await isUserIdFree(trx, preferredId)) ? preferredId : await findFreeUserId(trx);
    const now = new Date();
    const [inserted] = await trx('users').insert({
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
      permissions: input.permissions ? storedPermissions(input.permissions.type) : null,
      photo: input.url ?? null,
      created_at: now,
      updated_at: now,
    });
    const id = int(inserted!);
    emit('user.changed', { id });
    return (await userRow(trx, id))!;
  }, outer);
}

/** The columns an edit form changes (`newRole` already lower-cased), with the time of the change. */
function userChanges(input: UserUpdate, newRole: Role | undefined) {
  const changes: Record<string, unknown> = { updated_at: new Date() };
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.username !== undefined) changes.username = input.username;
  if (input.email !== undefined) changes.email = input.email.toLowerCase();
  if (input.gender !== undefined) changes.gender = input.gender;
  if (newRole !== undefined) changes.role = newRole;
  if (input.department !== undefined) changes.department = input.department;
  if (input.designation !== undefined) changes.designation = input.designation;
  if (input.mobile_number !== undefined) changes.mobile_number = input.mobile_number;
  if (input.alt_mobile_number !== undefined) changes.alt_mobile_number = blankToNull(input.alt_mobile_number);
  if (input.pan_number !== undefined) changes.pan_number = input.pan_number.toUpperCase();
  if (input.aadhar_number !== undefined) changes.aadhar_number = input.aadhar_number;
  if (input.address !== undefined) changes.address = input.address.trim();
  if (input.permissions !== undefined) changes.permissions = storedPermissions(input.permissions.type);
  if (input.url !== undefined) changes.photo = input.url;
  if (input.status !== undefined) changes.status = input.status;
  return changes;
}

export function createUserWrites({
  db,
  inUnitOfWork,
  photos: { checkedPhoto, forgetPhoto },
  sessions,
  purchases,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  photos: UserPhotos;
  sessions: SessionRevoker;
  purchases: PurchaseLedger;
}) {
  return {
    async createUser(input: NewUser, outer?: UnitOfWork): Promise<UserRow> {
      if (input.url) await checkedPhoto(input.url);
      const passwordHash = await hashPassword(input.password);
      let preferredId = input.user_id;
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertUser(inUnitOfWork, input, passwordHash, preferredId, outer);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Someone took the username, e-mail or id between our check and our insert: say which, or draw again.
          await assertUnique(db, input);
          if (attempt >= INSERT_ATTEMPTS) throw conflict(USER_MESSAGES.usernameTaken, { field: 'username' });
          preferredId = undefined;
        }
      }
    },

    async updateUser(ref: UserRef, input: UserUpdate, actor: Caller, outer?: UnitOfWork): Promise<User> {
      const id = await touchableId(db, ref, actor);
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

        await trx('users').where({ id }).update(userChanges(input, newRole));
        const updated = (await userRow(trx, id))!;
        // A switched-off user, or one whose role changed (sessions carry the role), signs in again.
        if (updated.status !== 'active' || updated.role !== row.role) {
          afterCommit(() => sessions.revokeSessionsOf(id));
        }
        if (row.photo && row.photo !== updated.photo) afterCommit(() => forgetPhoto(row.photo));
        emit('user.changed', { id });
        return updated;
      }, outer);
      return toUser(after, actor.role);
    },

    async removePhoto(ref: UserRef, actor: Caller, outer?: UnitOfWork): Promise<User> {
      const id = await touchableId(db, ref, actor);
      const after = await inUnitOfWork(async ({ trx, emit, afterCommit }) => {
        const before = await lockedUser(trx, id);
        await trx('users').where({ id }).update({ photo: null, updated_at: new Date() });
        afterCommit(() => forgetPhoto(before.photo));
        emit('user.changed', { id });
        return (await userRow(trx, id))!;
      }, outer);
      return toUser(after, actor.role);
    },

    /**
     * Marks the user deleted (their history keeps their name) and ends their sessions. Refused for
     * yourself, for the last active admin, and while they have active purchases.
     */
    async deleteUser(ref: UserRef, actor: Caller, outer?: UnitOfWork): Promise<void> {
      const id = await touchableId(db, ref, actor);
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
      const userId = await touchableId(db, ref, actor);
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
  };
}
