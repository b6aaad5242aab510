import {
  DEPARTMENTS,
  DESIGNATIONS,
  GENDERS,
  PASSWORD_MESSAGES,
  PERMISSION_LEVELS,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  UPLOAD_MESSAGES,
  USER_LIMITS,
  USER_MESSAGES,
  USER_PATTERNS,
  FIELD_LIMITS,
  permissionsFor,
  type PermissionLevel,
  type Role,
  type User,
  type UserCreate,
  type UserStatus,
  type UserUpdate,
} from '@portal/contracts';

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

const REQUIRED: Record<'add' | 'edit', UserField[]> = {
  add: [
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
  ],
  edit: [
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
  ],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rules of spec 1 §5, with the same messages the server gives. */
export function validateUserForm(values: UserFormValues, mode: 'add' | 'edit'): UserFormErrors {
  const errors: UserFormErrors = {};
  for (const field of REQUIRED[mode]) {
    if (!values[field].trim()) errors[field] = `${USER_FIELD_LABELS[field]} is required`;
  }
  const rule = (field: UserField, ok: boolean, message: string) => {
    if (!errors[field] && values[field] && !ok) errors[field] = message;
  };
  rule(
    'username',
    values.username.length >= USER_LIMITS.usernameMin,
    `Username must be at least ${USER_LIMITS.usernameMin} characters`,
  );
  rule(
    'username',
    new RegExp(USER_PATTERNS.username).test(values.username),
    USER_MESSAGES.usernameCharacters,
  );
  rule('email', EMAIL.test(values.email), USER_MESSAGES.invalidEmail);
  if (mode === 'add') {
    rule('password', values.password.length >= FIELD_LIMITS.passwordMin, PASSWORD_MESSAGES.tooShort);
  }
  rule(
    'mobile_number',
    new RegExp(USER_PATTERNS.mobile).test(values.mobile_number),
    USER_MESSAGES.mobileDigits,
  );
  rule(
    'alt_mobile_number',
    new RegExp(USER_PATTERNS.mobile).test(values.alt_mobile_number),
    USER_MESSAGES.altMobileDigits,
  );
  rule('pan_number', new RegExp(USER_PATTERNS.pan).test(values.pan_number), USER_MESSAGES.panHint);
  rule(
    'aadhar_number',
    new RegExp(USER_PATTERNS.aadhar).test(values.aadhar_number),
    USER_MESSAGES.aadharDigits,
  );
  return errors;
}

/** The photo rules (spec 1 §5): an image, JPG or PNG, at most 2 MB. Null when the file may go. */
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
    permissions: permissionsFor(values.permissions as PermissionLevel),
  };
}

export function createBody(values: UserFormValues, url: string | undefined): UserCreate {
  return {
    ...common(values),
    ...(values.user_id ? { user_id: values.user_id } : {}),
    password: values.password,
    ...(url ? { url } : {}),
  };
}

/** Gender is optional on the edit form (older accounts may have none); an empty one is left as it was. */
export function updateBody(values: UserFormValues, url: string | undefined): UserUpdate {
  const { gender, ...rest } = common(values);
  return { ...rest, ...(gender ? { gender } : {}), status: values.status, ...(url ? { url } : {}) };
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
export const PERMISSION_OPTIONS = [
  { value: '' as const, label: 'Select permission level' },
  ...(Object.keys(PERMISSION_LEVELS) as PermissionLevel[]).map((level) => ({
    value: level,
    label: `${level} (${PERMISSION_LEVELS[level].join(', ')})`,
  })),
];
export const STATUS_OPTIONS = [
  { value: 'active' as const, label: 'Active' },
  { value: 'inactive' as const, label: 'Inactive' },
];
