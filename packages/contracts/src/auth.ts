import { Type, type Static } from 'typebox';
import { ROLES, FIELD_LIMITS } from './constants.ts';
import { Nullable } from './common.ts';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.username }),
  password: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.password }),
});
export type LoginBody = Static<typeof LoginBody>;

/** The signed-in user as the browser keeps it (localStorage key `user`). */
export const SessionUser = Type.Object({
  id: Type.Integer(),
  user_id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  designation: Nullable(Type.String()),
  department: Nullable(Type.String()),
  photo: Nullable(Type.String()),
});
export type SessionUser = Static<typeof SessionUser>;

export const LoginResponse = Type.Object({ user: SessionUser, token: Type.String() });
export type LoginResponse = Static<typeof LoginResponse>;

export const CurrentUserResponse = Type.Object({ user: SessionUser });
export type CurrentUserResponse = Static<typeof CurrentUserResponse>;

/** GET /api/employee/profile: what the header's profile dropdown shows. */
export const ProfileResponse = Type.Object({
  name: Type.String(),
  position: Type.String(),
  photo: Nullable(Type.String()),
});
export type ProfileResponse = Static<typeof ProfileResponse>;
