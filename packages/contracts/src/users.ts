import { Type, type Static } from 'typebox';
import {
  DEPARTMENTS,
  DESIGNATIONS,
  FIELD_LIMITS,
  GENDERS,
  PERMISSION_LEVELS,
  ROLES,
  USER_STATUSES,
} from './constants.ts';
import { ListQuery, Nullable, Page, Text } from './common.ts';

export const Permissions = Type.Object({
  type: Type.Enum(Object.keys(PERMISSION_LEVELS) as (keyof typeof PERMISSION_LEVELS)[]),
  permissions: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 }),
});
export type Permissions = Static<typeof Permissions>;

/** A user as lists and details show it. Identity numbers arrive masked unless the reader is an admin. */
export const User = Type.Object({
  id: Type.Integer(),
  user_id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  status: Type.Enum(USER_STATUSES),
  gender: Nullable(Type.String()),
  department: Nullable(Type.String()),
  designation: Nullable(Type.String()),
  mobile_number: Nullable(Type.String()),
  alt_mobile_number: Nullable(Type.String()),
  pan_number: Nullable(Type.String()),
  aadhar_number: Nullable(Type.String()),
  address: Nullable(Type.String()),
  permissions: Nullable(Permissions),
  photo: Nullable(Type.String()),
  date_joined: Type.String(),
});
export type User = Static<typeof User>;

/**
 * The minimal account creation of the foundation: enough for an admin (and the tests) to make
 * employee accounts. The full form with identity numbers arrives with user management.
 */
export const UserCreate = Type.Object(
  {
    name: Text(FIELD_LIMITS.name),
    username: Type.String({ minLength: 3, maxLength: FIELD_LIMITS.username, pattern: '^[A-Za-z0-9._-]+$' }),
    email: Type.String({ format: 'email', maxLength: FIELD_LIMITS.email }),
    password: Type.String({ minLength: FIELD_LIMITS.passwordMin, maxLength: FIELD_LIMITS.password }),
    role: Type.Enum(['admin', 'user', 'Admin', 'User'] as const),
    gender: Type.Optional(Type.Enum(GENDERS)),
    department: Type.Optional(Type.Enum(DEPARTMENTS)),
    designation: Type.Optional(Type.Enum(DESIGNATIONS)),
    permissions: Type.Optional(Permissions),
  },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

export const UserListQuery = Type.Intersect([
  ListQuery,
  Type.Object({ status: Type.Optional(Type.Enum(USER_STATUSES)) }),
]);
export type UserListQuery = Static<typeof UserListQuery>;

export const UserPage = Page(User);
export type UserPage = Static<typeof UserPage>;

/** What a non-admin may see of other users: enough to pick colleagues (e.g. "Users with Edit Access"). */
export const UserSummary = Type.Object({
  id: Type.Integer(),
  user_id: Type.String(),
  username: Type.String(),
  name: Type.String(),
});
export type UserSummary = Static<typeof UserSummary>;

/** GET /api/users: full users for an admin, summaries for everyone else. */
export const UserListResponse = Type.Union([UserPage, Page(UserSummary)]);
export type UserListResponse = UserPage | Page<UserSummary>;
