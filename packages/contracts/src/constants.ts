/** Business constants of the spec (spec 1 §9, spec 2 §9, spec 3 §9): one definition each. */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SKILL_STATUSES = ['active', 'inactive'] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export const DEPARTMENTS = ['HR', 'Marketing', 'Sales', 'IT', 'Finance', 'Operations'] as const;
export const DESIGNATIONS = [
  'Telecaller',
  'Marketing Executive',
  'HR Manager',
  'HR Executive',
  'Admin',
  'Team Lead',
  'Manager',
  'Developer',
] as const;

/** Permission levels and what each grants (spec 1 §3). */
export const PERMISSION_LEVELS = {
  Full: ['create', 'read', 'update', 'delete'],
  Limited: ['create', 'read', 'update'],
  Read: ['read'],
} as const;
export type PermissionLevel = keyof typeof PERMISSION_LEVELS;

export const PAGE_SIZES = {
  users: 6,
  skills: 6,
  jobs: 6,
  jobCandidates: 5,
  candidates: 5,
  purchases: 5,
  transactionHistory: 5,
  expenses: 5,
  transactionReport: 7,
  sampleTables: 4,
} as const;

/** The largest page a list call may ask for (selects load a whole catalogue at once). */
export const MAX_PAGE_SIZE = 1000;

export const TOAST_DURATION_MS = 3000;
export const TOAST_ERROR_DURATION_MS = 4000;
export const SESSION_EXPIRED_REDIRECT_MS = 1500;
export const DASHBOARD_REFRESH_MS = 300_000;

export const STORAGE_KEYS = {
  user: 'user',
  theme: 'color-theme',
  sidebarExpanded: 'sidebar-expanded',
} as const;

export const FIELD_LIMITS = {
  skillName: 100,
  skillDescription: 500,
  username: 50,
  password: 128,
  passwordMin: 6,
  name: 100,
  email: 254,
} as const;

export const DATE_DISPLAY_FORMAT = 'MMM dd, yyyy';

/** The session cookie set at sign-in (httpOnly: the page's scripts never see it). */
export const SESSION_COOKIE = 'portal_session';

/** Users (spec 1 §3, §5, §9). A deleted user is kept (their history keeps their name) and shown as deleted. */
export const USER_VIEW_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type UserViewStatus = (typeof USER_VIEW_STATUSES)[number];

/** The server-generated user id: USR plus a number from 1000 to 9999. */
export const USER_ID = { prefix: 'USR', min: 1000, max: 9999, pattern: '^USR[0-9]{4}$' } as const;

/** One definition of each identity-field rule, read by the server's schemas and the web's forms. */
export const USER_PATTERNS = {
  username: '^[A-Za-z0-9._-]+$',
  mobile: '^[0-9]{10}$',
  /** As stored: upper case. Input in any case is upper-cased first. */
  pan: '^[A-Z]{5}[0-9]{4}[A-Z]$',
  aadhar: '^[0-9]{12}$',
} as const;

export const USER_LIMITS = { usernameMin: 3, address: 500, department: 40, designation: 40 } as const;

/** The actions each permission level grants, in the order they are shown. */
export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete'] as const;

/** What a user may change on their own profile; everything else is for an admin. */
export const SELF_EDITABLE_USER_FIELDS = [
  'name',
  'email',
  'gender',
  'mobile_number',
  'alt_mobile_number',
  'address',
  'url',
] as const;

/** Photos (spec 1 §5, §9): JPG or PNG, checked by content, at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
