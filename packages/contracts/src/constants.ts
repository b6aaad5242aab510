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
