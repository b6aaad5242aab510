import { Type, type Static } from 'typebox';
import {
  DEPARTMENTS,
  DESIGNATIONS,
  FIELD_LIMITS,
  GENDERS,
  PERMISSION_ACTIONS,
  PERMISSION_LEVELS,
  ROLES,
  MAX_ID,
  USER_ID,
  USER_LIMITS,
  USER_PATTERNS,
  USER_REF_PATTERN,
  USER_STATUSES,
  USER_VIEW_STATUSES,
  type PermissionLevel,
} from './constants.ts';
import { IDENTITY_FIELDS, ListQuery, Nullable, Page, VISIBLE_TEXT_PATTERN, echoedFields } from './common.ts';
import { PASSWORD_MESSAGES, USER_MESSAGES } from './messages.ts';

export const PermissionLevelSchema = Type.Enum(Object.keys(PERMISSION_LEVELS) as PermissionLevel[], {
  title: 'Permission level',
});

/** Saved as `{ type, permissions }`; the list always follows the level. */
export const Permissions = Type.Object({
  type: PermissionLevelSchema,
  permissions: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 }),
});
export type Permissions = Static<typeof Permissions>;

/** The saved form of a level: its type and the actions it grants. */
export const permissionsFor = (
  type: PermissionLevel,
): { type: PermissionLevel; permissions: (typeof PERMISSION_ACTIONS)[number][] } => ({
  type,
  permissions: [...PERMISSION_LEVELS[type]],
});

/** As sent by a form: the level decides; a list, if sent, must name known actions and is replaced by the level's. */
export const PermissionsInput = Type.Object(
  {
    type: PermissionLevelSchema,
    permissions: Type.Optional(
      Type.Array(Type.Enum(PERMISSION_ACTIONS), { maxItems: PERMISSION_ACTIONS.length }),
    ),
  },
  { title: 'Permissions', additionalProperties: false },
);
export type PermissionsInput = Static<typeof PermissionsInput>;

/**
 * A user as the API shows it. PAN and Aadhar arrive masked (last 4 digits) except in the admin's
 * detail view; `status` is `deleted` for a user who was deleted (kept for their history).
 */
export const User = Type.Object({
  id: Type.Integer(),
  user_id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  status: Type.Enum(USER_VIEW_STATUSES),
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

// One schema per field, shared by create and update; `title` names the field in messages.
const fields = {
  name: Type.String({
    title: 'Name',
    minLength: 1,
    maxLength: FIELD_LIMITS.name,
    pattern: VISIBLE_TEXT_PATTERN,
    format: 'single-line',
  }),
  username: Type.String({
    title: 'Username',
    minLength: USER_LIMITS.usernameMin,
    maxLength: FIELD_LIMITS.username,
    pattern: USER_PATTERNS.username,
    errorMessage: { pattern: USER_MESSAGES.usernameCharacters },
  }),
  email: Type.String({ title: 'Email', format: 'email', maxLength: FIELD_LIMITS.email }),
  gender: Type.Enum(GENDERS, { title: 'Gender' }),
  /** The create form offers Admin and User; they are stored as admin and user. */
  role: Type.Enum(['admin', 'user', 'Admin', 'User'] as const, { title: 'Role' }),
  department: Type.Enum(DEPARTMENTS, { title: 'Department' }),
  designation: Type.Enum(DESIGNATIONS, { title: 'Designation' }),
  mobile_number: Type.String({
    title: 'Mobile number',
    pattern: USER_PATTERNS.mobile,
    errorMessage: { pattern: USER_MESSAGES.mobileDigits },
  }),
  /** Optional: empty or null clears it. */
  alt_mobile_number: Nullable(
    Type.String({
      title: 'Alternative mobile number',
      pattern: '^([0-9]{10})?$',
      errorMessage: { pattern: USER_MESSAGES.altMobileDigits },
    }),
  ),
  /** Any case; stored upper-cased. */
  pan_number: Type.String({
    title: 'PAN number',
    pattern: '^[A-Za-z]{5}[0-9]{4}[A-Za-z]$',
    errorMessage: { pattern: USER_MESSAGES.panHint },
  }),
  aadhar_number: Type.String({
    title: 'Aadhar number',
    pattern: USER_PATTERNS.aadhar,
    errorMessage: { pattern: USER_MESSAGES.aadharDigits },
  }),
  address: Type.String({
    title: 'Address',
    minLength: 1,
    maxLength: USER_LIMITS.address,
    pattern: VISIBLE_TEXT_PATTERN,
    format: 'multi-line',
  }),
  permissions: PermissionsInput,
  /** The photo's address as `POST /api/upload/photo` returned it. */
  url: Type.String({ title: 'Photo', maxLength: 255 }),
  status: Type.Enum(USER_STATUSES, { title: 'Status' }),
};

/** A new password: long enough, and not only spaces. */
const newPassword = (title: string) =>
  Type.String({
    title,
    minLength: FIELD_LIMITS.passwordMin,
    maxLength: FIELD_LIMITS.password,
    pattern: '\\S',
    errorMessage: { minLength: PASSWORD_MESSAGES.tooShort, pattern: PASSWORD_MESSAGES.blank },
  });

/** Fields of a user record a client may send back with a form (ids, dates, the photo it shows): ignored. */
export const ECHOED_USER_FIELDS = [
  'id',
  '_id',
  'user_id',
  'date_joined',
  'photo',
  'created_at',
  'updated_at',
] as const;
const echoed = echoedFields(...ECHOED_USER_FIELDS.filter((k) => k !== 'user_id'));

/** What the Edit user form requires (Edit user). */
export const USER_EDIT_REQUIRED = [
  'name',
  'username',
  'email',
  'mobile_number',
  'department',
  'designation',
  'role',
  'status',
  'pan_number',
  'aadhar_number',
  'address',
  'permissions',
] as const;
export type UserEditRequiredField = (typeof USER_EDIT_REQUIRED)[number];

/**
 * The fields the edit form requires of this record: the requirements' list less those the record never had.
 * The first admin is made at start with a name, username, e-mail and role only; editing their own record
 * must not make them invent a PAN, an Aadhar or an address. A field once given stays required (and the
 * API refuses to blank it: its format rules reject an empty value).
 */
export const requiredOnEdit = (record: { [K in UserEditRequiredField]?: unknown }) =>
  USER_EDIT_REQUIRED.filter(
    (field) => record[field] !== null && record[field] !== undefined && record[field] !== '',
  );

/** POST /api/users: every field of the add form. Photo is sent as the uploaded `url`. */
export const UserCreate = Type.Object(
  {
    /** The id `GET /api/users/next-id` proposed; kept if still free, otherwise the server draws another. */
    user_id: Type.Optional(Type.String({ title: 'User id', pattern: USER_ID.pattern })),
    name: fields.name,
    username: fields.username,
    email: fields.email,
    password: newPassword('Password'),
    gender: fields.gender,
    role: fields.role,
    department: fields.department,
    designation: fields.designation,
    mobile_number: fields.mobile_number,
    alt_mobile_number: Type.Optional(fields.alt_mobile_number),
    pan_number: fields.pan_number,
    aadhar_number: fields.aadhar_number,
    address: fields.address,
    permissions: fields.permissions,
    url: Type.Optional(fields.url),
    /** A create field (the form has no input for it); a new user is active unless told otherwise. */
    status: Type.Optional(fields.status),
    ...IDENTITY_FIELDS,
    ...echoed,
  },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

/**
 * PUT /api/users/:id: any of the edit form's fields (Edit user), plus status. Passwords
 * change through their own call. A user editing themselves may send only SELF_EDITABLE_USER_FIELDS.
 */
export const UserUpdate = Type.Object(
  {
    name: Type.Optional(fields.name),
    username: Type.Optional(fields.username),
    email: Type.Optional(fields.email),
    gender: Type.Optional(fields.gender),
    role: Type.Optional(fields.role),
    department: Type.Optional(fields.department),
    designation: Type.Optional(fields.designation),
    mobile_number: Type.Optional(fields.mobile_number),
    alt_mobile_number: Type.Optional(fields.alt_mobile_number),
    pan_number: Type.Optional(fields.pan_number),
    aadhar_number: Type.Optional(fields.aadhar_number),
    address: Type.Optional(fields.address),
    permissions: Type.Optional(fields.permissions),
    url: Type.Optional(fields.url),
    status: Type.Optional(fields.status),
    /** The record's own id, sent back by a form that edits the whole record; it cannot be changed. */
    user_id: Type.Optional(Type.String({ maxLength: 20 })),
    ...IDENTITY_FIELDS,
    ...echoed,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserUpdate = Static<typeof UserUpdate>;

/**
 * PUT /api/users/:userId/password. Your own password needs the current one; an admin resetting
 * someone else's sends only the new one (Password change).
 */
export const PasswordChange = Type.Object(
  {
    currentPassword: Type.Optional(
      Type.String({ title: 'Current password', maxLength: FIELD_LIMITS.password }),
    ),
    newPassword: newPassword('New password'),
    ...IDENTITY_FIELDS,
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;

/**
 * A user as a URL (path or query) names them: the text of a `UserRef`. Never the number branch, which a
 * validator would fill by coercing text ("0x10" read as user 16); the server reads the text in one place.
 */
export const UserRefText = (title = 'User') => {
  const wrong = USER_MESSAGES.refInvalid(title);
  // Typed as either form: a client may build the URL from a row id or a user id.
  return Type.Unsafe<UserRef>(
    Type.String({
      title,
      minLength: 1,
      pattern: USER_REF_PATTERN,
      errorMessage: { type: wrong, pattern: wrong, minLength: `${title} is required` },
    }),
  );
};

/**
 * A user as a request names them: the row id (`42`, as a number or as text) or the user id the screens
 * and their URLs show (`USR1234`). Every body field that names a user takes this one schema, and every
 * path and filter its text (`UserRefText`); the server turns either form into the row id in one place
 * (`parseUserRef`), and answers carry both. `title` is the field's own name ("Customer"), used in its
 * messages.
 */
export const UserRef = (title = 'User') => {
  const wrong = USER_MESSAGES.refInvalid(title);
  const errorMessage = { type: wrong, minimum: wrong, maximum: wrong, pattern: wrong };
  return Type.Union(
    [Type.Integer({ minimum: 1, maximum: MAX_ID, title, errorMessage }), UserRefText(title)],
    { title },
  );
};
export type UserRef = number | string;

/** `/api/users/:id` and its sub-paths. */
export const UserRefParams = Type.Object({ id: UserRefText() });
export type UserRefParams = Static<typeof UserRefParams>;
/** `/api/users/:userId/password`. */
export const UserIdParams = Type.Object({ userId: UserRefText() });
export type UserIdParams = Static<typeof UserIdParams>;

/** GET /api/users/next-id: a free id for the add form to show (Add user). */
export const NextUserIdResponse = Type.Object({ user_id: Type.String() });
export type NextUserIdResponse = Static<typeof NextUserIdResponse>;

/** POST /api/upload/photo: where the stored photo is served (signed-in users only). */
export const UploadResponse = Type.Object({ url: Type.String() });
export type UploadResponse = Static<typeof UploadResponse>;

/** The filter of the user list besides search and paging. */
export const UserListFilter = Type.Object({ status: Type.Optional(Type.Enum(USER_STATUSES)) });

export const UserListQuery = Type.Intersect([ListQuery, UserListFilter]);
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
