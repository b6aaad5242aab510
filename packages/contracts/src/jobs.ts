import { Type, type Static, type TSchema } from 'typebox';
import {
  FIELD_LIMITS,
  INTERVIEW_ROUNDS,
  JOB_CREATE_STATUSES,
  JOB_LIMITS,
  JOB_STATUSES,
  JOB_TYPES,
  JOB_TYPE_SPELLINGS,
} from './constants.ts';
import { IDENTITY_FIELDS, Id, ListQuery, Nullable, Text, echoedFields } from './common.ts';
import { JOB_MESSAGES } from './messages.ts';
import { UserRef } from './users.ts';

export const JobStatusSchema = Type.Enum(JOB_STATUSES);

export const JobSkill = Type.Object({ id: Type.Integer(), name: Type.String() });
export type JobSkill = Static<typeof JobSkill>;
/** A skill of a job as the job's record lists it, sent back with an edit: its id counts. */
const SkillEntry = Type.Object({ id: Id('Skill'), name: Type.Optional(Type.String({ maxLength: 100 })) });
type SkillRef = string | number | Static<typeof SkillEntry>;

/**
 * A job as every screen shows it. Salaries are annual rupees; `status` is the effective one (an active
 * job past its deadline reads `expired`); `canEdit` tells the reader whether they may edit, change the
 * status of or delete it.
 */
export const Job = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  description: Type.String(),
  questions: Type.Array(Type.String()),
  /** State code (ISO 3166-2:IN) and its name. */
  state: Type.String(),
  stateName: Nullable(Type.String()),
  /** District name. */
  city: Type.String(),
  minSalary: Type.Integer(),
  maxSalary: Nullable(Type.Integer()),
  /** YYYY-MM-DD. */
  deadline: Nullable(Type.String()),
  experienceRange: Type.Tuple([Type.Integer(), Type.Integer()]),
  interviewRounds: Type.Array(Type.String()),
  clientName: Type.String(),
  clientEmail: Type.String(),
  clientLocation: Type.String(),
  skills: Type.Array(JobSkill),
  openings: Type.Integer(),
  status: JobStatusSchema,
  /** Ids of the users who may edit the job besides its creator and admins. */
  editable_by: Type.Array(Type.Integer()),
  created_by: Nullable(Type.String()),
  created_by_id: Nullable(Type.Integer()),
  updated_by: Nullable(Type.String()),
  updated_by_id: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  candidateCount: Type.Integer(),
  canEdit: Type.Boolean(),
  /** Grows by one with every change; an edit sends the version it was made from (stale: 409). */
  version: Type.Integer(),
});
export type Job = Static<typeof Job>;

const salary = (title: string) => Type.Integer({ minimum: 0, maximum: JOB_LIMITS.salaryMax, title });
const years = (title: string) =>
  Type.Integer({ minimum: JOB_LIMITS.experienceMin, maximum: JOB_LIMITS.experienceMax, title });
/** An optional form field: a field left empty arrives as '' (read as absent) or null. */
const blankable = <T extends TSchema>(schema: T, title: string) =>
  Type.Union([schema, Type.Literal(''), Type.Null()], { title });

/** The fields of the job forms. Who created or changed a job comes from the session, never from here. */
const jobFields = {
  title: Text(JOB_LIMITS.title, JOB_MESSAGES.titleRequired),
  /** Stored spelling, or an admin form's ('Full-Time'); see `jobTypeOf`. */
  type: Type.Enum([...JOB_TYPES, ...JOB_TYPE_SPELLINGS], { title: 'Job type' }),
  description: Text(JOB_LIMITS.description, JOB_MESSAGES.descriptionRequired, { multiline: true }),
  state: Type.String({ pattern: '^[A-Za-z]{2}$', errorMessage: JOB_MESSAGES.stateRequired }),
  city: Text(JOB_LIMITS.city, JOB_MESSAGES.cityRequired),
  minSalary: salary('Minimum salary'),
  deadline: Type.Optional(blankable(Type.String({ format: 'date', title: 'Deadline' }), 'Deadline')),
  experienceRange: Type.Tuple([years('Minimum experience'), years('Maximum experience')], {
    title: 'Experience range',
  }),
  interviewRounds: Type.Optional(
    Type.Array(Type.Enum(INTERVIEW_ROUNDS, { title: 'Interview round' }), {
      maxItems: INTERVIEW_ROUNDS.length,
      title: 'Interview rounds',
    }),
  ),
  /**
   * The skills by name, as the requirements' clients send them; ids, and the `{ id, name }` entries of a job
   * sent back whole, are taken too. See `jobSkillRefs`.
   */
  skills: Type.Optional(
    Type.Array(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Id(), SkillEntry], { title: 'Skill' }),
      {
        maxItems: JOB_LIMITS.skills,
        title: 'Skills',
      },
    ),
  ),
  /** The skills by id, as our forms send them. */
  skillIds: Type.Optional(
    Type.Array(Id('Skill'), { maxItems: JOB_LIMITS.skills, errorMessage: JOB_MESSAGES.skillsRequired }),
  ),
  /** Blank questions are dropped. */
  questions: Type.Optional(
    Type.Array(
      Type.String({ maxLength: JOB_LIMITS.question, format: 'single-line', title: 'Each question' }),
      {
        maxItems: JOB_LIMITS.questions,
        title: 'Questions',
      },
    ),
  ),
  clientName: Text(JOB_LIMITS.clientName, JOB_MESSAGES.clientNameRequired),
  clientEmail: Type.String({ format: 'email', maxLength: FIELD_LIMITS.email, title: 'Client email' }),
  clientLocation: Text(JOB_LIMITS.clientLocation, JOB_MESSAGES.clientLocationRequired),
  openings: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: JOB_LIMITS.openingsMax,
      title: 'Number of openings',
      errorMessage: JOB_MESSAGES.openingsMin,
    }),
  ),
  editable_by: Type.Optional(
    Type.Array(UserRef(), {
      maxItems: JOB_LIMITS.editors,
      title: 'Users with edit access',
    }),
  ),
  // Who acts comes from the session; fields of the record a client sends back are ignored.
  ...IDENTITY_FIELDS,
  ...echoedFields(
    'id',
    '_id',
    'job_id',
    'createdAt',
    'updatedAt',
    'candidateCount',
    'canEdit',
    'stateName',
    'location',
  ),
};

/** The skills a job form names: by name (`skills`, the requirements' way) and by id (`skillIds`), together. */
export function jobSkillRefs(input: { skills?: SkillRef[]; skillIds?: number[] }) {
  const names = new Set<string>();
  const ids = new Set<number>(input.skillIds ?? []);
  for (const ref of input.skills ?? []) {
    if (typeof ref === 'number') ids.add(ref);
    else if (typeof ref === 'object') ids.add(ref.id);
    else if (ref.trim()) names.add(ref.trim());
  }
  return { names: [...names], ids: [...ids], empty: names.size === 0 && ids.size === 0 };
}

/**
 * The rules across fields of a job form, in one place for the server and the browser: at
 * least one skill, the salary and experience ranges in order, and no deadline in the past (keeping the
 * stored one on edit is allowed). Keyed by the body's field names; empty when all hold.
 */
export function jobRuleErrors(
  input: {
    skills?: SkillRef[];
    skillIds?: number[];
    minSalary: number;
    maxSalary?: number | '' | null;
    experienceRange: [number, number];
    deadline?: string | null;
  },
  { today, previousDeadline }: { today: string; previousDeadline?: string | null },
): Partial<Record<'skillIds' | 'maxSalary' | 'experienceRange' | 'deadline', string>> {
  const errors: Partial<Record<'skillIds' | 'maxSalary' | 'experienceRange' | 'deadline', string>> = {};
  if (jobSkillRefs(input).empty) errors.skillIds = JOB_MESSAGES.skillsRequired;
  const max = input.maxSalary === '' ? null : (input.maxSalary ?? null);
  if (max !== null && max < input.minSalary) errors.maxSalary = JOB_MESSAGES.salaryOrder;
  if (input.experienceRange[0] > input.experienceRange[1])
    errors.experienceRange = JOB_MESSAGES.experienceOrder;
  const deadline = input.deadline || null;
  if (deadline !== null && deadline < today && deadline !== previousDeadline) {
    errors.deadline = JOB_MESSAGES.deadlinePast;
  }
  return errors;
}

/** The version a change was made from (optimistic locking); without it the change applies as is. */
const version = Type.Optional(Type.Integer({ minimum: 1, title: 'Version' }));

/** POST /api/jobs: Publish sends `active`, Save and Continue Later sends `draft`; max salary is optional. */
export const JobCreate = Type.Object(
  {
    ...jobFields,
    maxSalary: Type.Optional(blankable(salary('Maximum salary'), 'Maximum salary')),
    status: Type.Optional(Type.Enum(JOB_CREATE_STATUSES, { title: 'Status' })),
  },
  { additionalProperties: false },
);
export type JobCreate = Static<typeof JobCreate>;

/** PUT /api/jobs/:id: the whole form again; max salary is required on edit. Openings or editable_by absent: unchanged. */
export const JobUpdate = Type.Object(
  {
    ...jobFields,
    maxSalary: salary('Maximum salary'),
    status: Type.Optional(Type.Enum(JOB_STATUSES, { title: 'Status' })),
    version,
  },
  { additionalProperties: false },
);
export type JobUpdate = Static<typeof JobUpdate>;

/** PATCH /api/jobs/:id/status: `status`, and the requirements' `updated_by`, `updated_by_id` (ignored). */
export const JobStatusBody = Type.Object(
  { status: JobStatusSchema, version, ...IDENTITY_FIELDS },
  { additionalProperties: false },
);
export type JobStatusBody = Static<typeof JobStatusBody>;

const arrayOf = <T extends TSchema>(item: T, maxItems: number) =>
  Type.Optional(Type.Array(item, { maxItems }));

/**
 * GET /api/jobs: search (title or description), the filter panel and the tab. `status` is the tab (absent:
 * all jobs); `statuses`, `types` and `skills` are the panel's choices (a job must have every chosen skill);
 * salary in LPA and experience in years match jobs whose range overlaps the chosen one.
 */
export const JobFilterQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(JobStatusSchema),
  statuses: arrayOf(Type.Enum(JOB_STATUSES, { title: 'Status' }), JOB_STATUSES.length),
  types: arrayOf(Type.Enum(JOB_TYPES, { title: 'Job type' }), JOB_TYPES.length),
  skills: arrayOf(Type.String({ minLength: 1, maxLength: 100, title: 'Skill' }), JOB_LIMITS.skills),
  salaryMin: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, title: 'Minimum salary' })),
  salaryMax: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, title: 'Maximum salary' })),
  experienceMin: Type.Optional(years('Minimum experience')),
  experienceMax: Type.Optional(years('Maximum experience')),
});
export type JobFilterQuery = Static<typeof JobFilterQuery>;

export const JobListQuery = Type.Intersect([ListQuery, JobFilterQuery]);
export type JobListQuery = Static<typeof JobListQuery>;

/** How many jobs each status tab holds for the current search and filters. */
export const JobTabCounts = Type.Object({
  all: Type.Integer(),
  active: Type.Integer(),
  draft: Type.Integer(),
  closed: Type.Integer(),
  archived: Type.Integer(),
  expired: Type.Integer(),
});
export type JobTabCounts = Static<typeof JobTabCounts>;

export const JobPage = Type.Object({
  items: Type.Array(Job),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  counts: JobTabCounts,
});
export type JobPage = Static<typeof JobPage>;

/** 409 on a stale edit: what happened, and the job as it is now (the screen offers to load it). */
export const JobConflictBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  /** Absent when the conflict is of another kind (a job that still has candidates, say). */
  current: Type.Optional(Job),
});
export type JobConflictBody = Static<typeof JobConflictBody>;

/** GET /api/jobs/export: every job of the filtered list, with the columns of the Excel file. */
export const JobExportRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  status: JobStatusSchema,
});
export type JobExportRow = Static<typeof JobExportRow>;
export const JobExportList = Type.Array(JobExportRow);
