/** Business constants of the requirements (docs/requirements): one definition each. */

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

/** Permission levels and what each grants. */
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
  /** The talent pool (people across all jobs). */
  people: 20,
} as const;

/** The largest page a list call may ask for (selects load a whole catalogue at once). */
export const MAX_PAGE_SIZE = 1000;

/** The largest id a row can have (MySQL INT): larger ids in a URL are refused, not looked up. */
export const MAX_ID = 2_147_483_647;

/**
 * A row id written as text (a URL's path or query, a socket's payload, a body field a form sends as text):
 * decimal digits only, without sign, spaces or leading zeros, at most ten of them. The one rule for every
 * route: "0x1", "1e0", "+1", " 1", "0b1" and "01" are not ids (JavaScript's Number() and a validator's type
 * coercion would read each as 1). `parseId` reads it, and checks `MAX_ID`.
 */
export const ID_PATTERN = '^[1-9][0-9]{0,9}$';
/** The digits of `ID_PATTERN`, for patterns that accept an id or something else. */
export const ID_DIGITS = ID_PATTERN.slice(1, -1);
const ID = new RegExp(ID_PATTERN);

/**
 * The row id a value names: a whole number from 1 to `MAX_ID`, or that number written as `ID_PATTERN`
 * says (decimal digits only); null for anything else. Every id that arrives as text is read by this.
 */
export function parseId(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && ID.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * The schema keyword that marks an id written as text (an OpenAPI extension, so the published document
 * stays valid): the server's validator checks the text with `parseId` and hands the route the number.
 * A validator's own type coercion would read "0x10" as 16, so URL ids are never declared as integers.
 */
export const ID_TEXT_KEYWORD = 'x-id-text';

/** The highest page number a list call accepts: past it the answer is a 400, not a scan to nowhere. */
export const MAX_PAGE = 1_000_000;

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

/** How every screen shows a day ("Nov 05, 2026"), and a moment where its time matters ("Nov 05, 2026, 9:41 PM"). */
export const DATE_DISPLAY_FORMAT = 'MMM dd, yyyy';
export const DATE_TIME_DISPLAY_FORMAT = `${DATE_DISPLAY_FORMAT}, h:mm a`;

/** The session cookie set at sign-in (httpOnly: the page's scripts never see it). */
export const SESSION_COOKIE = 'portal_session';

/** Users. A deleted user is kept (their history keeps their name) and shown as deleted. */
export const USER_VIEW_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type UserViewStatus = (typeof USER_VIEW_STATUSES)[number];

/** The server-generated user id: USR plus a number from 1000 to 9999. */
export const USER_ID = { prefix: 'USR', min: 1000, max: 9999, pattern: '^USR[0-9]{4}$' } as const;

/**
 * A user as a request names them in text: the row id (`42`) or the user id the screens show (`USR1234`).
 * Clients hold whichever the screen they came from gave them, so every call takes both.
 */
export const USER_REF_PATTERN = `^(${ID_DIGITS}|${USER_ID.pattern.slice(1, -1)})$`;

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

/** Photos: JPG or PNG, checked by content, at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Job statuses. `expired` is also what an active job shows once its deadline has passed. */
export const JOB_STATUSES = ['active', 'draft', 'closed', 'archived', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * Whether a job takes candidates: published and not past its deadline (a job's status reads `expired`
 * then). Draft, closed, archived and expired jobs are not offered to put a new candidate on.
 */
export const takesCandidates = (status: JobStatus) => status === 'active';
/** What the filter panel and the inline status selector offer. */
export const JOB_FILTER_STATUSES = ['active', 'draft', 'closed', 'archived'] as const;
/**
 * The status choices of each job board's filter panel. The employee board has no Expired tab (its tabs
 * are All Jobs, Active, Draft, Closed and Archived), so a job past its deadline is found through the panel.
 */
export const JOB_PANEL_STATUSES = {
  admin: JOB_FILTER_STATUSES,
  employee: [...JOB_FILTER_STATUSES, 'expired'] as const,
};
/** A new job is published (active) or saved to continue later (draft). */
export const JOB_CREATE_STATUSES = ['active', 'draft'] as const;

/** Job types as stored; each screen labels them its own way (JOB_TYPE_OPTIONS). */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
export type JobType = (typeof JOB_TYPES)[number];
const jobTypeOption = (value: JobType, label: string = value) => ({ value, label });
/** The job type choices of each screen, spelt as the requirements write them. */
export const JOB_TYPE_OPTIONS = {
  adminAdd: [
    jobTypeOption('Full-time', 'Full-Time'),
    jobTypeOption('Part-time', 'Part-Time'),
    jobTypeOption('Contract'),
  ],
  adminEdit: [
    jobTypeOption('Full-time', 'Full-Time'),
    jobTypeOption('Part-time', 'Part-Time'),
    jobTypeOption('Contract'),
    jobTypeOption('Internship'),
  ],
  employee: JOB_TYPES.map((t) => jobTypeOption(t)),
  filter: (['Full-time', 'Part-time', 'Contract', 'Internship'] as const).map((t) => jobTypeOption(t)),
} as const;
/** The admin forms' spellings of a type ('Full-Time'), which a client may send as the value. */
export const JOB_TYPE_SPELLINGS = ['Full-Time', 'Part-Time'] as const;
/** The stored type for a value in any screen's spelling ('Full-Time' is 'Full-time'), or null. */
export function jobTypeOf(value: string): JobType | null {
  const key = value.trim().toLowerCase();
  return JOB_TYPES.find((t) => t.toLowerCase() === key) ?? null;
}

export const INTERVIEW_ROUNDS = [
  'Shortlisting',
  'Telephonic / Face-to-Face',
  'Technical Round 1',
  'Technical Round 2',
  'HR Round',
  'Selected',
  'Rejected',
] as const;
export type InterviewRound = (typeof INTERVIEW_ROUNDS)[number];

/** The skills the job filter panel offers. */
export const JOB_FILTER_SKILLS = [
  'JavaScript',
  'React',
  'Node.js',
  'Python',
  'Java',
  'SQL',
  'AWS',
  'Docker',
  'TypeScript',
  'Spring',
  'Kubernetes',
] as const;

const ADMIN_JOB_TABS = [
  { id: 'all', label: 'All Jobs' },
  { id: 'active', label: 'Active' },
  { id: 'draft', label: 'Draft' },
  { id: 'closed', label: 'Closed' },
  { id: 'archived', label: 'Archived' },
  { id: 'expired', label: 'Expired' },
] as const;
/** The status tabs of the job lists, each showing its count; the employee list has no Expired tab. */
export const JOB_TABS = {
  admin: ADMIN_JOB_TABS,
  employee: ADMIN_JOB_TABS.filter((t) => t.id !== 'expired'),
};
export type JobTab = 'all' | JobStatus;

/** Salary is kept as annual rupees and shown in lakhs per annum (LPA). */
export const RUPEES_PER_LAKH = 100_000;

export const JOB_LIMITS = {
  title: 200,
  description: 5000,
  city: 100,
  clientName: 100,
  clientLocation: 200,
  question: 500,
  questions: 30,
  skills: 50,
  editors: 1000,
  /** One hundred crore a year: far above any salary, and within a signed 32-bit column on every database. */
  salaryMax: 1_000_000_000,
  experienceMin: 0,
  experienceMax: 20,
  openingsMax: 10_000,
  /** The filter panel's salary slider, in LPA, step 1. */
  salaryFilterMaxLpa: 100,
  cardSkills: 3,
} as const;

export const JOB_DEFAULTS = {
  status: 'active',
  type: 'Full-time',
  openings: 1,
  adminExperience: [0, 10],
  employeeExperience: [0, 2],
} as const;

/** Jobs export. */
export const JOBS_EXPORT = {
  fileName: 'jobs_list.xlsx',
  sheetName: 'Jobs',
  columns: ['Job ID', 'Title', 'Description', 'Status'],
} as const;

/**
 * The firm works in India: "today" (a deadline passing, a deadline in the past) is the date in this zone,
 * on the server and in the browser alike.
 */
export const APP_TIME_ZONE = 'Asia/Kolkata';

// ---------------------------------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------------------------------

/** The pipeline, in order; `rejected` ends it (no further change). */
export const CANDIDATE_STATUSES = [
  'applied',
  'screening',
  'shortlisted',
  'interviewed',
  'selected',
  'joined',
  'rejected',
] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
/** What the inline status menu offers, in its order. */
export const CANDIDATE_STATUS_MENU = [
  'applied',
  'screening',
  'shortlisted',
  'interviewed',
  'selected',
  'rejected',
  'joined',
] as const satisfies readonly CandidateStatus[];
/** What the list's filter panel offers: `hold` too, and not `joined`. */
export const CANDIDATE_FILTER_STATUSES = [
  'applied',
  'screening',
  'shortlisted',
  'interviewed',
  'selected',
  'rejected',
  'hold',
] as const;

export const CANDIDATE_SOURCES = [
  'Naukri',
  'Direct',
  'LinkedIn',
  'Indeed',
  'Referral',
  'Agency',
  'Other',
] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];
/** The source recorded on candidates who applied through the careers pages. */
export const CAREERS_SOURCE = 'Careers page';
/** The sources a list filters by: the form's, and the careers pages'. */
export const CANDIDATE_LIST_SOURCES = [...CANDIDATE_SOURCES, CAREERS_SOURCE] as const;
/** The sources each filter panel offers. */
export const CANDIDATE_FILTER_SOURCES = {
  admin: CANDIDATE_SOURCES,
  jobTab: ['Naukri', 'Direct', 'Referral', 'LinkedIn', 'Agency'],
  employee: ['Direct', 'LinkedIn', 'Indeed', 'Referral', 'Other'],
} as const;

/** The orders a candidate list can take (newest first by default). */
export const CANDIDATE_SORTS = ['newest', 'oldest', 'name', 'experience', 'expected_ctc'] as const;

export const CANDIDATE_DEFAULTS = { source: 'Direct', status: 'applied' } as const;

export const REJECTION_REASONS = [
  'Skills Mismatch',
  'Experience Gap',
  'Salary Expectations',
  'Cultural Fit',
  'Background Check',
  'Communication Skills',
  'Other',
] as const;
export const REJECTION_STAGES = ['Initial Screening', 'Technical Round', 'HR Round', 'Final Round'] as const;

/** The pipeline step indicator. */
export const PIPELINE_STEPS = [
  'Shortlisting',
  'Telephonic / Face-to-Face',
  'Technical Round 1',
  'Technical Round 2',
  'HR Round',
  'Selected',
] as const;

export const CANDIDATE_LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  experienceMax: 60,
  ctcMaxLpa: 100_000,
  noticePeriodMax: 365,
  company: 150,
  location: 150,
  referredBy: 100,
  notes: 5000,
  answer: 2000,
  url: 500,
  rejectionComments: 2000,
  /** The filter panels' sliders. */
  experienceFilterMax: 20,
  salaryFilterMaxLpa: 100,
  /** Rows one bulk upload may carry. */
  bulkRows: 50_000,
  /** Candidates one share e-mail may list. */
  shareMax: 500,
  /**
   * Matches a list counts exactly (beyond the page asked for); past it the total reads "1,000+": counting
   * every match of a common name at a million candidates costs more than the page.
   */
  countedMatches: 1_000,
} as const;

/** Resumes: PDF, DOC or DOCX by content, at most 5 MB; the public form allows 10 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const PUBLIC_RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The columns of a person's profile, as both Excel exports (candidates, people) name them, in their order. */
const PROFILE_EXPORT_COLUMNS = [
  'Experience',
  'Current Company',
  'Current CTC',
  'Expected CTC',
  'Notice Period',
  'Current Location',
  'Preferred Location',
] as const;

/** Candidates export. */
export const CANDIDATES_EXPORT = {
  fileName: 'candidates_list.xlsx',
  sheetName: 'Candidates',
  columns: [
    'Candidate ID',
    'Name',
    'Email',
    'Phone',
    'Job Applied',
    'Status',
    'Source',
    ...PROFILE_EXPORT_COLUMNS,
    'Applied Date',
    'Created By',
  ],
  missing: 'N/A',
} as const;

/** The talent pool's export: one row per person, their applications summed up in two columns. */
export const PEOPLE_EXPORT = {
  fileName: 'people_list.xlsx',
  sheetName: 'People',
  columns: ['Name', 'Email', 'Phone', ...PROFILE_EXPORT_COLUMNS, 'Applications', 'Jobs', 'Last Activity'],
  missing: CANDIDATES_EXPORT.missing,
  /** Between the jobs of one person in the Jobs column. */
  jobSeparator: '; ',
} as const;

/** The bulk upload's template and the columns its sheet may hold (capitalised or lower case). */
export const CANDIDATE_TEMPLATE = {
  fileName: 'candidate-upload-template.xlsx',
  sheetName: 'Candidates',
  columns: [
    'Name',
    'Email',
    'Phone',
    'Experience',
    'Current_Company',
    'Current_CTC',
    'Expected_CTC',
    'Notice_Period',
    'Current_Location',
    'Preferred_Location',
    'Status',
    'Source',
    'Referred_By',
    'Job_ID',
  ],
  /**
   * Optional columns after these, one per screening question: "Answer: <the question as the job asks it>"
   * (case aside). A row's answers to questions its job does not ask are left out.
   */
  answerColumnPrefix: 'Answer:',
} as const;

/** Bulk upload limits in the browser: a ZIP bigger than this once inflated is refused (zip bombs). */
export const BULK_LIMITS = {
  excelMaxBytes: 20 * 1024 * 1024,
  /** An .xlsx workbook is a ZIP too: bigger than this once inflated, it is refused before it is parsed. */
  excelMaxInflatedBytes: 100 * 1024 * 1024,
  /** Reading a sheet (in a worker, off the page's thread) that takes longer than this is stopped. */
  sheetReadTimeoutMs: 60_000,
  zipMaxBytes: 200 * 1024 * 1024,
  zipMaxInflatedBytes: 500 * 1024 * 1024,
  zipMaxEntries: 10_000,
  /** Resumes uploaded at once. */
  parallelUploads: 4,
} as const;

export const SHARE_TOAST_MS = 4000;

/** The contact form: field bounds, the banner's time-out and the per-address limit. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 5000 } as const;
export const CONTACT_BANNER_MS = 5000;
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
/** Testimonial autoplay. */
export const TESTIMONIAL_AUTOPLAY_MS = 5000;
/** Shapes of an e-mail address and a phone number, as plain patterns any form can check without a schema checker. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** A whole number as a form sends it, as text; blank means "not given". */
export const WHOLE_NUMBER_TEXT_PATTERN = '^\\s*(\\d+)?\\s*$';
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ()-]{5,18}[0-9]$';
/** A candidate in a URL: its number or its uuid. */
export const CANDIDATE_ID_PATTERN = `^(${ID_DIGITS}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`;

/** The name of the hidden field a person never fills (bots do): such a submission is dropped quietly. */
export const HONEYPOT_FIELD = 'website';

/**
 * The one list of expense types (the screens give two readings: the purchase-era add screen's upper-case
 * values and the list screen's stored lower-case values). Stored as the lower-case value; an upper-case
 * value from the older add screen is read as the same type. Labels are what every screen shows.
 */
export const EXPENSE_TYPES = [
  { value: 'land_purchase', label: 'Land Purchase' },
  { value: 'legal_fees', label: 'Legal Fees' },
  { value: 'property_tax', label: 'Property Tax' },
  { value: 'development_cost', label: 'Development Cost' },
  { value: 'commission', label: 'Commission' },
  { value: 'utilities', label: 'Utilities' },
  { value: 'rent', label: 'Rent' },
  { value: 'salary', label: 'Salary' },
  { value: 'supplies', label: 'Supplies' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'other', label: 'Other' },
] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number]['value'];
export const EXPENSE_TYPE_VALUES = EXPENSE_TYPES.map((t) => t.value) as ExpenseType[];

/** The stored type for a value in either reading ('LEGAL_FEES' or 'legal_fees'), or null. */
export function expenseTypeOf(value: string | null | undefined): ExpenseType | null {
  const v = (value ?? '').trim().toLowerCase();
  return EXPENSE_TYPE_VALUES.find((t) => t === v) ?? null;
}
export const expenseTypeLabel = (value: string) =>
  EXPENSE_TYPES.find((t) => t.value === value)?.label ?? value;

/**
 * What became of a mail: `sent`, `queued` (waiting: no mail server, or not yet handed over), `failed`. Here
 * rather than beside the mail schemas (mail.ts): the Messages route's URL check reads it in every page's first
 * download, which must not carry the schemas' library.
 */
export const MAIL_STATUSES = ['sent', 'queued', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The Transaction Report's sort columns. Here rather than beside its TypeBox query (ledger.ts): the report
 * route's validateSearch reads them, and that is in the route tree every page downloads first.
 */
export const TRANSACTION_SORTS = [
  'created_at',
  'transaction_id',
  'loan_id',
  'amount',
  'transaction_type',
  'status',
] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
