import { Type, type Static, type TSchema } from 'typebox';
import { PersonApplication } from './person-application.ts';
import { ClientFeedbackSummary } from './client-feedback.ts';
import { exportCell } from './export-cells.ts';
import {
  BULK_LIMITS,
  CANDIDATES_EXPORT,
  CANDIDATE_FILTER_STATUSES,
  CANDIDATE_ID_PATTERN,
  CANDIDATE_LIMITS,
  CANDIDATE_LIST_SOURCES,
  CANDIDATE_SORTS,
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PHONE_PATTERN,
  REJECTION_REASONS,
  REJECTION_STAGES,
} from './constants.ts';
import {
  FreeText,
  IDENTITY_FIELDS,
  Id,
  IdOrText,
  IdText,
  Nullable,
  Text,
  echoedFields,
  isBlank,
} from './common.ts';
import { CANDIDATE_MESSAGES as M } from './candidate-messages.ts';
import { NonNegativeNumberText } from './number-text.ts';

/**
 * Candidates. Field names are those of the requirements (snake_case), so that the bodies its clients
 * send are the API. Amounts are LPA, notice period days, experience years (one decimal).
 */

export const CandidateStatusSchema = Type.Enum(CANDIDATE_STATUSES, { title: 'Status' });

/** The job a candidate applied to, as the candidate screens show it. */
export const CandidateJob = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  city: Type.String(),
  state: Type.String(),
  /** The job's interview rounds (INTERVIEW_ROUNDS values): the steps the candidate's indicator shows. */
  interviewRounds: Type.Array(Type.String()),
});
export type CandidateJob = Static<typeof CandidateJob>;

export const RejectionDetails = Type.Object({
  reason: Type.String(),
  stage: Type.String(),
  comments: Type.String(),
  /** The rejecter's username. */
  rejected_by: Nullable(Type.String()),
  /** The rejecter's name, as screens show people. */
  rejected_by_name: Nullable(Type.String()),
  rejected_at: Type.String(),
});
export type RejectionDetails = Static<typeof RejectionDetails>;

/** One entry of a candidate's history: a status change or a rejection. */
export const CandidateHistoryEntry = Type.Object({
  id: Type.Integer(),
  from: Nullable(Type.String()),
  to: Type.String(),
  /** The username of who made the change. */
  changed_by: Nullable(Type.String()),
  /** Their name, as screens show people. */
  changed_by_name: Nullable(Type.String()),
  changed_by_id: Nullable(Type.Integer()),
  at: Type.String(),
  reason: Nullable(Type.String()),
  stage: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  /**
   * `status` (absent on older readers' data): a status change or the first entry. `application`: the person
   * applied on the careers page while already on file; `note` says for which job, `job_id` names it and
   * `resume_url` is the resume sent with that application.
   */
  kind: Type.Optional(Type.Union([Type.Literal('status'), Type.Literal('application')])),
  note: Type.Optional(Nullable(Type.String())),
  job_id: Type.Optional(Nullable(Type.Integer())),
  resume_url: Type.Optional(Nullable(Type.String())),
});
export type CandidateHistoryEntry = Static<typeof CandidateHistoryEntry>;

/** A candidate as every screen shows it; `canEdit` says whether the reader may edit, move or delete it. */
export const Candidate = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  /** The person this application is of (a candidate is a person in one job's pipeline). */
  person_id: Type.Integer(),
  /** How many applications the person has, this one included. */
  applications_count: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  current_ctc: Nullable(Type.Number()),
  expected_ctc: Nullable(Type.Number()),
  /** The requirements' filter name for the expected CTC (LPA). */
  expected_salary: Nullable(Type.Number()),
  notice_period: Nullable(Type.Integer()),
  current_location: Nullable(Type.String()),
  preferred_location: Nullable(Type.String()),
  job_id: Type.Integer(),
  job: CandidateJob,
  status: CandidateStatusSchema,
  /** The list's name for `status`. */
  application_status: CandidateStatusSchema,
  source: Type.String(),
  referred_by: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  resume_url: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  current_round: Nullable(Type.String()),
  job_answers: Type.Record(Type.String(), Type.String()),
  questionnaire: Type.Array(Type.Object({ question: Type.String(), answer: Type.String() })),
  rejection_reason: Nullable(Type.String()),
  rejection_details: Nullable(RejectionDetails),
  shared_with_client: Type.Boolean(),
  shared_at: Nullable(Type.String()),
  /** The creator's username. */
  created_by: Nullable(Type.String()),
  /** The creator's name, as screens show people. */
  created_by_name: Nullable(Type.String()),
  created_by_id: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Grows by one with every change; a status change sends the version it was made from. */
  version: Type.Integer(),
  /** The client's answers on the review links that sent this application (null until a client answers). */
  client_feedback: Nullable(ClientFeedbackSummary),
  canEdit: Type.Boolean(),
});
export type Candidate = Static<typeof Candidate>;

/**
 * The details page: the candidate and its history, newest first, and every application of the person
 * (this one included), oldest first.
 */
export const CandidateDetails = Type.Intersect([
  Candidate,
  Type.Object({ history: Type.Array(CandidateHistoryEntry), applications: Type.Array(PersonApplication) }),
]);
export type CandidateDetails = Static<typeof CandidateDetails>;

/**
 * A number as a form or a spreadsheet sends it: a JSON number, or digits in a string ("4.5"). Blank
 * text means "not given".
 */
const numeric = (title: string, maximum: number, negative = `${title} cannot be negative`) =>
  Type.Union(
    [
      Type.Number({ minimum: 0, maximum, title, errorMessage: { minimum: negative } }),
      NonNegativeNumberText({ title, maxLength: 20, notANumber: `${title} must be a number`, negative }),
      Type.Null(),
    ],
    { title },
  );

/** A count as a form or a spreadsheet sends it, in whole units (days): 1.5 is refused, not rounded. */
const wholeNumeric = (title: string, maximum: number, notWhole: string, negative: string) =>
  Type.Union(
    [
      Type.Integer({ minimum: 0, maximum, title, errorMessage: { minimum: negative, type: notWhole } }),
      NonNegativeNumberText({ title, maxLength: 20, whole: true, notANumber: notWhole, negative }),
      Type.Null(),
    ],
    { title },
  );

/** "A number as a form sends it" to a number, or null when blank. */
export function toNumberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const optionalText = (max: number, title: string) => Type.Optional(Nullable(FreeText(max, title)));

/** A stored file of ours (`/api/files/…`) or an http(s) address; empty or null for none. */
const FileUrl = (title: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        maxLength: CANDIDATE_LIMITS.url,
        pattern: '^(|/api/files/[0-9a-f-]{36}\\.[a-z]{3,4}|https?://\\S+)$',
        title,
        errorMessage: M.invalidResumeUrl,
      }),
    ),
  );

/** The fields of the candidate form and of a bulk row; who acts comes from the session. */
export const candidateFields = {
  name: Text(CANDIDATE_LIMITS.name, M.nameRequired, { title: 'Name' }),
  email: Type.String({
    format: 'email',
    maxLength: CANDIDATE_LIMITS.email,
    title: 'Email',
    errorMessage: M.emailInvalid,
  }),
  phone: Type.String({
    pattern: PHONE_PATTERN,
    maxLength: CANDIDATE_LIMITS.phone,
    title: 'Phone',
    errorMessage: M.phoneInvalid,
  }),
  experience: numeric('Experience', CANDIDATE_LIMITS.experienceMax, M.experienceMin),
  current_company: optionalText(CANDIDATE_LIMITS.company, 'Current company'),
  current_ctc: Type.Optional(numeric('Current CTC', CANDIDATE_LIMITS.ctcMaxLpa)),
  expected_ctc: Type.Optional(numeric('Expected CTC', CANDIDATE_LIMITS.ctcMaxLpa)),
  notice_period: Type.Optional(
    wholeNumeric('Notice period', CANDIDATE_LIMITS.noticePeriodMax, M.noticePeriodWhole, M.noticePeriodMin),
  ),
  current_location: optionalText(CANDIDATE_LIMITS.location, 'Current location'),
  preferred_location: optionalText(CANDIDATE_LIMITS.location, 'Preferred location'),
  job_id: IdOrText('Job', M.jobRequired),
  source: Type.Optional(Type.Enum(CANDIDATE_SOURCES, { title: 'Source' })),
  referred_by: optionalText(CANDIDATE_LIMITS.referredBy, 'Referred by'),
  notes: optionalText(CANDIDATE_LIMITS.notes, 'Notes'),
  resume_url: FileUrl('Resume'),
  image_url: FileUrl('Image'),
};

/** The answers to the job's questions, keyed by question. */
export const JobAnswers = Type.Record(
  Type.String({ maxLength: 500 }),
  FreeText(CANDIDATE_LIMITS.answer, 'Answer'),
  {
    title: 'Job answers',
    maxProperties: 30,
  },
);

/** What a form may send back of the record it loaded (ignored), and who acts (ignored too). */
const ignoredOnWrite = {
  ...IDENTITY_FIELDS,
  ...echoedFields(
    'id',
    'uuid',
    'person_id',
    'applications_count',
    'application_status',
    'expected_salary',
    'current_round',
    'rejection_reason',
    'shared_with_client',
    'shared_at',
    'createdAt',
    'updatedAt',
    'canEdit',
  ),
  // Read-only parts of the record that are objects or lists; bounded like any other field.
  ...Object.fromEntries(
    ['job', 'questionnaire', 'rejection_details', 'rejection_information', 'history', 'client_feedback'].map(
      (key) => [
        key,
        Type.Optional(
          Type.Union([Type.Object({}), Type.Array(Type.Unknown(), { maxItems: 1000 }), Type.Null()]),
        ),
      ],
    ),
  ),
};

/**
 * POST /api/candidates: the requirements' body. `status` may be given (an import of someone already in the
 * pipeline) but not `rejected`: rejecting needs its reason, stage and comments (PATCH …/reject).
 * `rejection_reason` and `rejection_details` are read-only here.
 */
export const CandidateCreate = Type.Object(
  {
    ...ignoredOnWrite,
    ...candidateFields,
    job_answers: Type.Optional(JobAnswers),
    status: Type.Optional(CandidateStatusSchema),
  },
  { additionalProperties: false },
);
export type CandidateCreate = Static<typeof CandidateCreate>;

/**
 * PUT and PATCH /api/candidates/:id: any of the form's fields; what is absent stays as it is. The requirements'
 * resume attach after a bulk import (`{ resume_url }`) and the full edit are both this body. The
 * merged record must pass the create rules. `version`: the one the edit was made from (stale: 409).
 */
export const CandidateUpdate = Type.Partial(
  Type.Object(
    {
      ...ignoredOnWrite,
      ...candidateFields,
      job_answers: JobAnswers,
      status: CandidateStatusSchema,
      version: Type.Integer({ minimum: 1, title: 'Version' }),
    },
    { additionalProperties: false },
  ),
);
export type CandidateUpdate = Static<typeof CandidateUpdate>;

/** A candidate in a URL: its uuid (admin routes) or its number (employee routes). */
export const CandidateParams = Type.Object({
  id: Type.String({
    pattern: CANDIDATE_ID_PATTERN,
    title: 'Candidate id',
  }),
});
export type CandidateParams = Static<typeof CandidateParams>;

const version = Type.Optional(Type.Integer({ minimum: 1, title: 'Version' }));

/** PATCH /api/candidates/:id/status: `status` and the requirements' `changed_by` (ignored). */
export const CandidateStatusBody = Type.Object(
  { status: CandidateStatusSchema, version, ...IDENTITY_FIELDS },
  { additionalProperties: false },
);
export type CandidateStatusBody = Static<typeof CandidateStatusBody>;

export const RejectionInput = Type.Object(
  {
    reason: Type.Enum(REJECTION_REASONS, {
      title: 'Rejection reason',
      errorMessage: M.rejectionReasonRequired,
    }),
    stage: Type.Enum(REJECTION_STAGES, { title: 'Rejection stage', errorMessage: M.rejectionStageRequired }),
    comments: Text(CANDIDATE_LIMITS.rejectionComments, M.rejectionCommentsRequired, {
      multiline: true,
      title: 'Comments',
    }),
    // Set by the product from the session and the clock; a client's values are ignored.
    rejected_by: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()])),
    rejected_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type RejectionInput = Static<typeof RejectionInput>;

/** PATCH /api/candidates/:id/reject: the requirements' body. */
export const CandidateRejectBody = Type.Object(
  {
    status: Type.Optional(Type.Literal('rejected')),
    rejection_reason: Type.Optional(Type.String({ maxLength: 100 })),
    rejection_details: RejectionInput,
    version,
    ...IDENTITY_FIELDS,
  },
  { additionalProperties: false },
);
export type CandidateRejectBody = Static<typeof CandidateRejectBody>;

/** POST /api/candidates/check-duplicate. */
export const DuplicateCheckBody = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: CANDIDATE_LIMITS.email })),
    phone: Type.Optional(Type.String({ maxLength: CANDIDATE_LIMITS.phone })),
    name: Type.Optional(Type.String({ maxLength: CANDIDATE_LIMITS.name })),
    /** On edit: the candidate itself is not its own duplicate. */
    excludeId: Type.Optional(Id()),
  },
  { additionalProperties: false },
);
export type DuplicateCheckBody = Static<typeof DuplicateCheckBody>;
/** The duplicate check's answer; `field` names what matched a stored candidate (`email` or `phone`). */
export const DuplicateCheckResult = Type.Object({
  isDuplicate: Type.Boolean(),
  message: Type.String(),
  field: Type.Optional(Type.Union([Type.Literal('email'), Type.Literal('phone')])),
  /** The person found, their name, and their applications: the form offers to add them to the job instead. */
  personId: Type.Optional(Type.Integer()),
  personName: Type.Optional(Type.String()),
  applications: Type.Optional(Type.Array(PersonApplication)),
});
export type DuplicateCheckResult = Static<typeof DuplicateCheckResult>;

/**
 * One row of a bulk upload as the browser sends it, after normalising the sheet. Each row is checked on
 * its own (a bad row is reported, the rest go in), so the body's schema only bounds the shape.
 */
export const CandidateBulkRow = Type.Object(
  {
    ...candidateFields,
    status: Type.Optional(Type.String({ maxLength: 20 })),
    source: Type.Optional(Type.String({ maxLength: 20 })),
    job_answers: Type.Optional(JobAnswers),
  },
  { additionalProperties: false },
);
export type CandidateBulkRow = Static<typeof CandidateBulkRow>;

const LooseRow = Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 40 });

export const CandidateBulkBody = Type.Object(
  {
    candidates: Type.Array(LooseRow, {
      minItems: 1,
      maxItems: CANDIDATE_LIMITS.bulkRows,
      title: 'Candidates',
      errorMessage: M.noValidCandidates,
    }),
    /** The names of the files in the resumes' ZIP: those that match no added candidate are reported. */
    resume_files: Type.Optional(
      Type.Array(Type.String({ maxLength: 1000 }), {
        maxItems: BULK_LIMITS.zipMaxEntries,
        title: 'Resume files',
      }),
    ),
    ...IDENTITY_FIELDS,
  },
  { additionalProperties: false },
);
export type CandidateBulkBody = Static<typeof CandidateBulkBody>;

/**
 * What became of each row of a bulk upload (`row`: its place among the rows sent, from 1): added,
 * a duplicate or an error with its reason, so that the three lists add up to the rows sent.
 */
export const BulkResults = Type.Object({
  success: Type.Array(
    Type.Object({
      row: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      id: Type.Integer(),
      uuid: Type.String(),
      /** Said when the row named a person already on file: added to that person for the row's job. */
      note: Type.Optional(Type.String()),
    }),
  ),
  duplicates: Type.Array(
    Type.Object({
      row: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      phone: Type.String(),
      error: Type.String(),
    }),
  ),
  errors: Type.Array(
    Type.Object({ row: Type.Integer(), name: Type.String(), email: Type.String(), error: Type.String() }),
  ),
  /** Files of the resumes' ZIP that match no added candidate (by the resume matching rule), in ZIP order. */
  unmatchedFiles: Type.Array(Type.String()),
});
export type BulkResults = Static<typeof BulkResults>;
export const BulkUploadAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  results: BulkResults,
});
export type BulkUploadAnswer = Static<typeof BulkUploadAnswer>;

const arrayOf = <T extends TSchema>(item: T, maxItems: number) =>
  Type.Optional(Type.Array(item, { maxItems }));
const range = (title: string, max: number) => Type.Optional(Type.Number({ minimum: 0, maximum: max, title }));

/**
 * The list's search and filters. Search: name, e-mail, phone and job title (the job's
 * tab adds source and who created). Location matches the current or the preferred one. Dates are
 * YYYY-MM-DD, inclusive, in the firm's time zone.
 */
export const CandidateFilterQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  statuses: arrayOf(
    Type.Enum(CANDIDATE_FILTER_STATUSES, { title: 'Status' }),
    CANDIDATE_FILTER_STATUSES.length,
  ),
  status: Type.Optional(Type.Enum(CANDIDATE_FILTER_STATUSES, { title: 'Status' })),
  sources: arrayOf(Type.Enum(CANDIDATE_LIST_SOURCES, { title: 'Source' }), CANDIDATE_LIST_SOURCES.length),
  source: Type.Optional(Type.Enum(CANDIDATE_LIST_SOURCES, { title: 'Source' })),
  experienceMin: range('Minimum experience', CANDIDATE_LIMITS.experienceMax),
  experienceMax: range('Maximum experience', CANDIDATE_LIMITS.experienceMax),
  salaryMin: range('Minimum expected salary', CANDIDATE_LIMITS.ctcMaxLpa),
  salaryMax: range('Maximum expected salary', CANDIDATE_LIMITS.ctcMaxLpa),
  location: Type.Optional(Type.String({ maxLength: CANDIDATE_LIMITS.location })),
  appliedFrom: Type.Optional(Type.String({ format: 'date', title: 'Applied from' })),
  appliedTo: Type.Optional(Type.String({ format: 'date', title: 'Applied to' })),
  jobId: Type.Optional(IdText('Job')),
  sort: Type.Optional(Type.Enum(CANDIDATE_SORTS, { title: 'Sort' })),
});
export type CandidateFilterQuery = Static<typeof CandidateFilterQuery>;
export type CandidateSort = NonNullable<CandidateFilterQuery['sort']>;

export const CandidateListQuery = Type.Intersect([
  CandidateFilterQuery,
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, title: 'Page' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Limit' })),
  }),
]);
export type CandidateListQuery = Static<typeof CandidateListQuery>;

export const CandidatePage = Type.Object({
  items: Type.Array(Candidate),
  total: Type.Integer(),
  /**
   * True when the list was counted only up to `total` (CANDIDATE_LIMITS.countedMatches, or the page asked
   * for if deeper) and more match: the pager reads "of 1,000+".
   */
  totalIsLowerBound: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CandidatePage = Static<typeof CandidatePage>;

/** One row of the Excel export, before the browser formats it. */
export const CandidateExportRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  job_title: Type.String(),
  status: Type.String(),
  source: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  current_ctc: Nullable(Type.Number()),
  expected_ctc: Nullable(Type.Number()),
  notice_period: Nullable(Type.Integer()),
  current_location: Nullable(Type.String()),
  preferred_location: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The creator's name: a file is read by people, who know each other by name. */
  created_by: Nullable(Type.String()),
});
export type CandidateExportRow = Static<typeof CandidateExportRow>;

/**
 * One change of a candidate since the version a save was made from: who made it, when, the version it
 * made, and the fields it changed (the API's names: `notes`, `phone`, `status` …).
 */
export const CandidateChange = Type.Object({
  by: Nullable(Type.String()),
  byId: Nullable(Type.Integer()),
  at: Type.String(),
  version: Type.Integer(),
  fields: Type.Array(Type.String()),
});
export type CandidateChange = Static<typeof CandidateChange>;

/** 409 on a stale status change or edit: what happened, and the candidate as it is now. */
export const CandidateConflictBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  /** On a duplicate: the field that matched a stored candidate (`email` or `phone`), for the form to mark. */
  field: Type.Optional(Type.String()),
  current: Type.Optional(Candidate),
  /** On a stale version: the changes made since it, oldest first (empty when they were not recorded). */
  changes: Type.Optional(Type.Array(CandidateChange)),
  /** On a duplicate: the person found and their applications, for the form to offer adding them instead. */
  personId: Type.Optional(Type.Integer()),
  personName: Type.Optional(Type.String()),
  applications: Type.Optional(Type.Array(PersonApplication)),
  /** When the person is in the job already: their application there. */
  uuid: Type.Optional(Type.String()),
});
export type CandidateConflictBody = Static<typeof CandidateConflictBody>;

/** The per-candidate resume and photo uploads answer with the stored file and the candidate. */
export const CandidateFileAnswer = Type.Object({ url: Type.String(), candidate: Candidate });
export type CandidateFileAnswer = Static<typeof CandidateFileAnswer>;

/**
 * The one duplicate rule: the same e-mail (any case), or the same phone number
 * however written ("+91 98765-43210", "098765 43210" and "9876543210" are one: the server compares
 * them normalised, `phoneKey`), or the same name and phone. The last is implied by the second, and kept
 * in words because the requirements name it.
 */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * The rule across a candidate's job and answers, for the form and the server alike: every
 * question of the chosen job needs a non-blank answer. Gives the questions left unanswered.
 */
export const unansweredQuestions = (
  questions: readonly string[],
  answers: Record<string, string> | undefined,
) => questions.filter((q) => isBlank(answers?.[q]));

/**
 * Whether an edit gives other answers than the stored ones (blank answers count as none): answers are
 * required where a person gives them, so an edit of the phone or notes of a candidate imported without
 * answers is not held up by questions nobody was asked.
 */
export function answersChanged(
  stored: Record<string, string> | undefined,
  given: Record<string, string> | undefined,
): boolean {
  if (given === undefined) return false;
  const filled = (answers: Record<string, string> | undefined) =>
    new Map(Object.entries(answers ?? {}).flatMap(([q, a]) => (isBlank(a) ? [] : [[q, a.trim()] as const])));
  const was = filled(stored);
  const now = filled(given);
  return was.size !== now.size || [...now].some(([q, a]) => was.get(q) !== a);
}

/**
 * The Excel export's rows: the 16 columns of `CANDIDATES_EXPORT` with "N/A" for a missing
 * value, the rupee sign on CTC and "days" after the notice period. The caller formats dates its way
 * ("MMM dd, yyyy"), so that this stays free of a date library. The header row comes first.
 */
export function candidateExportTable(
  rows: readonly CandidateExportRow[],
  formatDate: (iso: string) => string,
): (string | number)[][] {
  const { text, rupees, notice, status } = exportCell;
  return [
    [...CANDIDATES_EXPORT.columns],
    ...rows.map((r) => [
      r.id,
      r.name,
      r.email,
      text(r.phone),
      text(r.job_title),
      status(r.status),
      text(r.source),
      r.experience,
      text(r.current_company),
      rupees(r.current_ctc),
      rupees(r.expected_ctc),
      notice(r.notice_period),
      text(r.current_location),
      text(r.preferred_location),
      formatDate(r.createdAt),
      text(r.created_by),
    ]),
  ];
}

/**
 * The words of a name as the search index keeps them (table candidate_words): lower case, split at
 * anything that is not a letter or a digit, each once, at most 100 characters. "Priya  Sharma-Iyer" →
 * priya, sharma, iyer.
 */
export const nameWords = (name: string): string[] => [
  ...new Set(
    name
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((w) => w.slice(0, 100)),
  ),
];
