import {
  DEPARTMENTS,
  DESIGNATIONS,
  GENDERS,
  PERMISSION_LEVELS,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  UPLOAD_MESSAGES,
  UserCreate,
  UserUpdate,
  permissionsFor,
  requiredOnEdit,
  type PermissionLevel,
  type Role,
  type User,
  type UserStatus,
} from '@portal/contracts';
import { checkForm } from '../../lib/checkForm.ts';

/** The add and edit forms' state: selects start empty ('') until the person picks. */
export interface UserFormValues {
  user_id: string;
  name: string;
  username: string;
  email: string;
  password: string;
  gender: (typeof GENDERS)[number] | '';
  role: Role | '';
  department: (typeof DEPARTMENTS)[number] | '';
  designation: (typeof DESIGNATIONS)[number] | '';
  mobile_number: string;
  alt_mobile_number: string;
  pan_number: string;
  aadhar_number: string;
  address: string;
  permissions: PermissionLevel | '';
  status: UserStatus;
}
export type UserField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserField | 'photo', string>>;

export const USER_FIELD_LABELS: Record<UserField, string> = {
  user_id: 'User ID',
  name: 'Name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  gender: 'Gender',
  role: 'Role',
  department: 'Department',
  designation: 'Designation',
  mobile_number: 'Mobile number',
  alt_mobile_number: 'Alternative mobile number',
  pan_number: 'PAN number',
  aadhar_number: 'Aadhar number',
  address: 'Address',
  permissions: 'Permissions',
  status: 'Status',
};

export const emptyUserForm: UserFormValues = {
  user_id: '',
  name: '',
  username: '',
  email: '',
  password: '',
  gender: '',
  role: '',
  department: '',
  designation: '',
  mobile_number: '',
  alt_mobile_number: '',
  pan_number: '',
  aadhar_number: '',
  address: '',
  permissions: '',
  status: 'active',
};

const known = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : '';

export function valuesOfUser(user: User): UserFormValues {
  return {
    user_id: user.user_id,
    name: user.name,
    username: user.username,
    email: user.email,
    password: '',
    gender: known(GENDERS, user.gender),
    role: user.role,
    department: known(DEPARTMENTS, user.department),
    designation: known(DESIGNATIONS, user.designation),
    mobile_number: user.mobile_number ?? '',
    alt_mobile_number: user.alt_mobile_number ?? '',
    pan_number: user.pan_number ?? '',
    aadhar_number: user.aadhar_number ?? '',
    address: user.address ?? '',
    permissions: user.permissions?.type ?? '',
    status: user.status === 'inactive' ? 'inactive' : 'active',
  };
}

/** What typing does to a field before it is stored: PAN upper-cased, spaces out of numbers. */
export function normaliseInput(field: UserField, value: string): string {
  if (field === 'pan_number') return value.toUpperCase();
  if (field === 'mobile_number' || field === 'alt_mobile_number' || field === 'aadhar_number') {
    return value.replace(/\s+/g, '');
  }
  return value;
}

/** What the Add user form requires; the edit form's list is the record's (`requiredOnEdit`). */
const ADD_REQUIRED: UserField[] = [
  'name',
  'username',
  'email',
  'password',
  'gender',
  'role',
  'mobile_number',
  'department',
  'designation',
  'pan_number',
  'aadhar_number',
  'address',
  'permissions',
];

/** The fields this form requires: all of the add form's, or on edit those the stored record has. */
export const requiredFields = (stored: User | undefined): readonly UserField[] =>
  stored ? requiredOnEdit(stored) : ADD_REQUIRED;

/**
 * The user form's rules: what each form requires (its own words, "Mobile number is required"), then the
 * contract the server checks, in the server's words (formats, lengths, control characters), then the
 * photo's rules when one was chosen.
 */
export function validateUserForm(values: UserFormValues, stored?: User, photo?: File | null): UserFormErrors {
  const mode = stored ? 'edit' : 'add';
  // What was filled in, as the API takes it; empty fields are the required-check's business.
  const sent: Partial<Record<UserField, unknown>> = {};
  for (const [field, value] of Object.entries(values) as [UserField, string][]) {
    if (value === '' || (mode === 'edit' && field === 'password')) continue;
    // A password goes as typed, but one of only spaces is none at all, like any other field.
    sent[field] =
      field === 'permissions' ? { type: value } : field === 'password' && value.trim() ? value : value.trim();
  }
  return checkForm<UserField | 'photo'>(mode === 'add' ? UserCreate : UserUpdate, sent, {
    required: Object.fromEntries(
      requiredFields(stored).map((field) => [field, `${USER_FIELD_LABELS[field]} is required`]),
    ),
    rules: { photo: photo ? checkPhoto(photo) : null },
  });
}

/** The photo rules: an image, JPG or PNG, at most 2 MB. Null when the file may go. */
export function checkPhoto(file: File): string | null {
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.notAnImage;
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.photoFormat;
  if (file.size > PHOTO_MAX_BYTES) return UPLOAD_MESSAGES.photoTooLarge;
  return null;
}

/** The fields both calls send, from valid values. */
function common(values: UserFormValues) {
  return {
    name: values.name.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    gender: values.gender as (typeof GENDERS)[number],
    role: values.role as Role,
    department: values.department as (typeof DEPARTMENTS)[number],
    designation: values.designation as (typeof DESIGNATIONS)[number],
    mobile_number: values.mobile_number,
    alt_mobile_number: values.alt_mobile_number || null,
    pan_number: values.pan_number,
    aadhar_number: values.aadhar_number,
    address: values.address.trim(),
  };
}

export function createBody(values: UserFormValues, url: string | undefined): UserCreate {
  return {
    ...common(values),
    permissions: permissionsFor(values.permissions as PermissionLevel),
    ...(values.user_id ? { user_id: values.user_id } : {}),
    password: values.password,
    ...(url ? { url } : {}),
  };
}

/**
 * What the edit form sends: a field left empty is left as it was (an older account's gender, the first
 * admin's PAN, Aadhar and address that were never given), since the API refuses empty values.
 */
export function updateBody(values: UserFormValues, url: string | undefined): UserUpdate {
  const body: Record<string, unknown> = { status: values.status };
  for (const [field, value] of Object.entries(common(values))) if (value !== '') body[field] = value;
  if (values.permissions) body.permissions = permissionsFor(values.permissions);
  if (url) body.url = url;
  return body as UserUpdate;
}

export const GENDER_OPTIONS = [
  { value: '' as const, label: 'Select gender' },
  ...GENDERS.map((g) => ({ value: g, label: g })),
];
export const ROLE_OPTIONS = [
  { value: '' as const, label: 'Select role' },
  { value: 'admin' as const, label: 'Admin' },
  { value: 'user' as const, label: 'User' },
];
export const DEPARTMENT_OPTIONS = [
  { value: '' as const, label: 'Select department' },
  ...DEPARTMENTS.map((d) => ({ value: d, label: d })),
];
export const DESIGNATION_OPTIONS = [
  { value: '' as const, label: 'Select designation' },
  ...DESIGNATIONS.map((d) => ({ value: d, label: d })),
];
/** The levels by name: what each allows is the field's hint (the whole list would not fit the select). */
export const PERMISSION_OPTIONS = [
  { value: '' as const, label: 'Select permission level' },
  ...(Object.keys(PERMISSION_LEVELS) as PermissionLevel[]).map((level) => ({ value: level, label: level })),
];

/** The hint under the permissions select: what the chosen level allows ("Allows create, read, update"). */
export const permissionHint = (level: PermissionLevel | '') =>
  level ? `Allows ${PERMISSION_LEVELS[level].join(', ')}` : 'Full, Limited or Read';
export const STATUS_OPTIONS = [
  { value: 'active' as const, label: 'Active' },
  { value: 'inactive' as const, label: 'Inactive' },
];
