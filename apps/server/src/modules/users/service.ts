import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import {
  PAGE_SIZES,
  USER_MESSAGES,
  type Permissions,
  type ProfileResponse,
  type Role,
  type SessionUser,
  type User,
  type UserCreate,
  type UserListQuery,
  type UserPage,
} from '@portal/contracts';
import { conflict, notFound, AppError } from '../../errors.ts';
import { ErrorCode } from '@portal/contracts';
import { isUniqueViolation } from '../../db/connection.ts';
import { toIsoString } from '../../lib/dates.ts';
import { pageBounds, whereContains } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { EventBus } from '../../events.ts';
import { UserModel } from './model.ts';

const USER_ID_MIN = 1000;
const USER_ID_MAX = 9999;
const USER_ID_ATTEMPTS = 20;

export const maskIdentifier = (value: string | null) =>
  value ? `${'X'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : null;

export function toSessionUser(row: UserModel): SessionUser {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    designation: row.designation,
    department: row.department,
    photo: row.photo,
  };
}

/** The user as the API shows it; PAN and Aadhar only in full to an admin. */
export function toUser(row: UserModel, readerRole: Role): User {
  const full = readerRole === 'admin';
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    gender: row.gender,
    department: row.department,
    designation: row.designation,
    mobile_number: row.mobile_number,
    alt_mobile_number: row.alt_mobile_number,
    pan_number: full ? row.pan_number : maskIdentifier(row.pan_number),
    aadhar_number: full ? row.aadhar_number : maskIdentifier(row.aadhar_number),
    address: row.address,
    permissions: row.permissions ? (JSON.parse(row.permissions) as Permissions) : null,
    photo: row.photo,
    date_joined: toIsoString(row.created_at),
  };
}

export function createUserService({ db, events }: { db: Knex; events: EventBus }) {
  const users = () => UserModel.query(db).whereNull('deleted_at');

  async function findFreeUserId(trx: Knex.Transaction): Promise<string> {
    for (let attempt = 0; attempt < USER_ID_ATTEMPTS; attempt++) {
      const candidate = `USR${randomInt(USER_ID_MIN, USER_ID_MAX + 1)}`;
      if (!(await trx('users').where({ user_id: candidate }).first())) return candidate;
    }
    // Random draws keep missing: look for any free number before giving up.
    const taken = new Set((await trx('users').pluck('user_id')) as string[]);
    for (let n = USER_ID_MIN; n <= USER_ID_MAX; n++) if (!taken.has(`USR${n}`)) return `USR${n}`;
    throw new AppError(ErrorCode.CONFLICT, 'No user ids are left (USR1000 to USR9999 are all taken)');
  }

  async function assertUnique(trx: Knex.Transaction, username: string, email: string) {
    const clash = await trx('users')
      .whereRaw('LOWER(username) = ?', [username.toLowerCase()])
      .orWhereRaw('LOWER(email) = ?', [email.toLowerCase()])
      .first('username');
    if (clash) {
      throw conflict(
        String(clash.username).toLowerCase() === username.toLowerCase()
          ? USER_MESSAGES.usernameTaken
          : USER_MESSAGES.emailTaken,
      );
    }
  }

  return {
    async createUser(input: UserCreate): Promise<UserModel> {
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await db.transaction(async (trx) => {
          await assertUnique(trx, input.username, input.email);
          const now = new Date();
          const [id] = await trx('users').insert({
            user_id: await findFreeUserId(trx),
            name: input.name.trim(),
            username: input.username,
            email: input.email.toLowerCase(),
            password_hash: passwordHash,
            role: input.role.toLowerCase(),
            status: 'active',
            gender: input.gender ?? null,
            department: input.department ?? null,
            designation: input.designation ?? null,
            permissions: input.permissions ? JSON.stringify(input.permissions) : null,
            created_at: now,
            updated_at: now,
          });
          return UserModel.query(trx).findById(id!);
        });
        if (!row) throw notFound(USER_MESSAGES.notFound);
        events.publish('user.changed', { id: row.id });
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.usernameTaken);
        throw error;
      }
    },

    async listUsers(query: UserListQuery, readerRole: Role): Promise<UserPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.users);
      const filtered = () => {
        const q = db('users').whereNull('deleted_at');
        whereContains(q, ['username', 'email'], query.search);
        if (query.status) q.where('status', query.status);
        return q;
      };
      const [{ total }] = (await filtered().count({ total: '*' })) as [{ total: number | string }];
      const rows = (await filtered().orderBy('id', 'desc').limit(pageSize).offset(offset)) as UserModel[];
      return { items: rows.map((r) => toUser(r, readerRole)), total: Number(total), page, pageSize };
    },

    async findByUsername(username: string) {
      return users().whereRaw('LOWER(username) = ?', [username.toLowerCase()]).first();
    },

    async getUserById(id: number) {
      const row = await users().findById(id);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return row;
    },

    async getProfile(id: number): Promise<ProfileResponse> {
      const row = await users().findById(id);
      if (!row) throw notFound(USER_MESSAGES.notFound);
      return {
        name: row.name,
        position: row.designation ?? (row.role === 'admin' ? 'Administrator' : 'Employee'),
        photo: row.photo,
      };
    },

    async countUsers() {
      const [{ n }] = (await db('users').count({ n: '*' })) as [{ n: number | string }];
      return Number(n);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
