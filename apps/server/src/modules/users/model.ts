import {
  PERMISSION_LEVELS,
  permissionsFor,
  type PermissionLevel,
  type Permissions,
  type Role,
  type SessionUser,
  type User,
} from '@portal/contracts';
import { int, isoTime, type DbInt, type DbTime } from '../../lib/rows.ts';

/** An identity number with all but its last 4 characters hidden. */
export const maskIdentifier = (value: string | null) =>
  value ? `${'X'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : null;

const isLevel = (value: unknown): value is PermissionLevel =>
  typeof value === 'string' && Object.hasOwn(PERMISSION_LEVELS, value);

/** Stored permissions: `{ type, permissions }` JSON; a bare level name (older data) is read as that level. */
function parsePermissions(text: string | null): Permissions | null {
  if (!text) return null;
  if (isLevel(text)) return permissionsFor(text);
  try {
    const parsed = JSON.parse(text) as { type?: unknown };
    return isLevel(parsed?.type) ? permissionsFor(parsed.type) : null;
  } catch {
    return null;
  }
}

/** A row of `users`: staff accounts. A deleted user keeps their row (`deleted_at` set) and their name. */
export interface UserRow {
  id: DbInt;
  user_id: string;
  name: string;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  status: 'active' | 'inactive';
  gender: string | null;
  department: string | null;
  designation: string | null;
  mobile_number: string | null;
  alt_mobile_number: string | null;
  pan_number: string | null;
  aadhar_number: string | null;
  address: string | null;
  /** `{ type, permissions }` as JSON text (see parsePermissions). */
  permissions: string | null;
  photo: string | null;
  deleted_at: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
}

/** The stored form of a permission level: `{ type, permissions }` as JSON text. */
export const storedPermissions = (level: PermissionLevel): string => JSON.stringify(permissionsFor(level));

/**
 * The user as the API shows it. PAN and Aadhar in full only to an admin reading one user (the view and
 * edit screens); lists and everyone else get the last 4 digits.
 */
export function toUser(row: UserRow, readerRole: Role, view: 'detail' | 'list' = 'detail'): User {
  const full = readerRole === 'admin' && view === 'detail';
  return {
    id: int(row.id),
    user_id: row.user_id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.deleted_at ? 'deleted' : row.status,
    gender: row.gender,
    department: row.department,
    designation: row.designation,
    mobile_number: row.mobile_number,
    alt_mobile_number: row.alt_mobile_number,
    pan_number: full ? row.pan_number : maskIdentifier(row.pan_number),
    aadhar_number: full ? row.aadhar_number : maskIdentifier(row.aadhar_number),
    address: row.address,
    permissions: parsePermissions(row.permissions),
    photo: row.photo,
    date_joined: isoTime(row.created_at),
  };
}

/** What the browser keeps of the signed-in user. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: int(row.id),
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

/** What the uniqueness check reads of the users whose username or e-mail clash with a form's. */
export type UserClashRow = Pick<UserRow, 'username' | 'deleted_at'>;

/** What a user ref is looked up by: the row id and the user id (USR1234). */
export type UserRefRow = Pick<UserRow, 'id' | 'user_id'>;
