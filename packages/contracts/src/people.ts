import { Type, type Static } from 'typebox';
import { FreeText, Id, IdOrText, Nullable } from './common.ts';
import { CANDIDATE_STATUSES, MAX_PAGE } from './constants.ts';
import { Candidate, CandidateChange, JobAnswers, candidateFields } from './candidates.ts';
import { PersonApplication } from './person-application.ts';

export { PersonApplication } from './person-application.ts';
import { CANDIDATE_LIMITS, CANDIDATE_SOURCES, PEOPLE_EXPORT } from './constants.ts';
import { exportCell } from './export-cells.ts';
import { CANDIDATE_MESSAGES as M } from './candidate-messages.ts';

/**
 * People and their applications. A person is who someone is, once; a candidate (the spec's word, kept by
 * every route) is an application: a person in one job's pipeline.
 */

/**
 * The fields that are the person's, whichever of their applications they are read or edited through: an
 * edit of one changes them on every application of the person. The rest of a candidate's fields (job,
 * status, source, referral, answers, notes, the resume sent) are the application's own.
 */
export const PERSON_FIELDS = [
  'name',
  'email',
  'phone',
  'experience',
  'current_company',
  'current_ctc',
  'expected_ctc',
  'notice_period',
  'current_location',
  'preferred_location',
  'image_url',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/** A person's field as a change tells it: text, a number, or cleared. */
const FieldValue = Nullable(Type.Union([Type.String(), Type.Number()]));

/**
 * `person:updated` (every job room where the person has an application): fields of the person changed,
 * with their new values; the applications in those rooms show them at once. `version` is the person's.
 */
export const PersonUpdatedMessage = Type.Object({
  personId: Type.Integer(),
  fields: Type.Record(Type.String(), FieldValue),
  version: Type.Integer(),
  /** Who changed it (username), as the candidate's messages name people. */
  by: Nullable(Type.String()),
  at: Type.String(),
});
export type PersonUpdatedMessage = Static<typeof PersonUpdatedMessage>;

/** `person.updated`: the message, and the jobs whose rooms hear it. */
export const PersonUpdatedEvent = Type.Intersect([
  PersonUpdatedMessage,
  Type.Object({ jobIds: Type.Array(Type.Integer()) }),
]);
export type PersonUpdatedEvent = Static<typeof PersonUpdatedEvent>;

/** POST /api/people/:id/applications: put a person on file forward for a job. */
export const PersonApplicationCreate = Type.Object(
  {
    jobId: IdOrText('Job', M.jobRequired),
    source: Type.Optional(Type.Enum(CANDIDATE_SOURCES, { title: 'Source' })),
    referred_by: Type.Optional(Nullable(FreeText(CANDIDATE_LIMITS.referredBy, 'Referred by'))),
    notes: Type.Optional(Nullable(FreeText(CANDIDATE_LIMITS.notes, 'Notes'))),
    /** Answers to the job's questions, when the recruiter has them (they may be given later). */
    job_answers: Type.Optional(JobAnswers),
  },
  { additionalProperties: false },
);
export type PersonApplicationCreate = Static<typeof PersonApplicationCreate>;

/** How many people one request may add to a job from the talent pool. */
export const BULK_ADD_LIMIT = 1000;

/** POST /api/jobs/:jobId/applications: several people of the talent pool added to a job at once. */
export const JobApplicationsCreate = Type.Object(
  {
    personIds: Type.Array(Id(), {
      minItems: 1,
      maxItems: BULK_ADD_LIMIT,
      title: 'People',
      errorMessage: {
        minItems: 'Choose at least one person',
        maxItems: `At most ${BULK_ADD_LIMIT} people at once`,
      },
    }),
  },
  { additionalProperties: false },
);
export type JobApplicationsCreate = Static<typeof JobApplicationsCreate>;

/** A person's application as an add answers it: whose, and which application. */
export const PersonInJob = Type.Object({ personId: Type.Integer(), uuid: Type.String() });
export type PersonInJob = Static<typeof PersonInJob>;

/** The answer of a bulk add: those added, and those who were in the job already (left as they were). */
export const JobApplicationsAnswer = Type.Object({
  added: Type.Array(PersonInJob),
  alreadyIn: Type.Array(PersonInJob),
});
export type JobApplicationsAnswer = Static<typeof JobApplicationsAnswer>;

/** The stages a person may have reached, in the pipeline's order (rejection is no stage reached). */
export const PERSON_STAGES = CANDIDATE_STATUSES.filter((s) => s !== 'rejected');

const atMost = (title: string, maximum: number) => Type.Optional(Type.Number({ minimum: 0, maximum, title }));

/**
 * The talent pool's search and filters (GET /api/people and its export): searched by name, e-mail, phone,
 * company, or the title of a job applied to; `furthestStage`: people who ever reached that stage or a
 * later one in any application.
 */
const peopleFilters = {
  search: Type.Optional(Type.String({ maxLength: 200 })),
  minExperience: atMost('Minimum experience', CANDIDATE_LIMITS.experienceMax),
  maxExperience: atMost('Maximum experience', CANDIDATE_LIMITS.experienceMax),
  maxExpectedCtc: atMost('Maximum expected CTC', CANDIDATE_LIMITS.ctcMaxLpa),
  maxNotice: atMost('Maximum notice period', CANDIDATE_LIMITS.noticePeriodMax),
  location: Type.Optional(Type.String({ maxLength: CANDIDATE_LIMITS.location })),
  /** Changed (the person or one of their applications) on or after this day, YYYY-MM-DD. */
  activeSince: Type.Optional(Type.String({ format: 'date', title: 'Active since' })),
  furthestStage: Type.Optional(Type.Enum(PERSON_STAGES, { title: 'Furthest stage' })),
};

/** GET /api/people/export: the whole filtered pool (no page). */
export const PeopleFilterQuery = Type.Object(peopleFilters, { additionalProperties: false });
export type PeopleFilterQuery = Static<typeof PeopleFilterQuery>;

/** GET /api/people: a page of the filtered pool. */
export const PeopleQuery = Type.Object(
  {
    ...peopleFilters,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, title: 'Page' })),
  },
  { additionalProperties: false },
);
export type PeopleQuery = Static<typeof PeopleQuery>;

/** A person as the talent pool lists them, with their applications as status badges per job. */
export const PersonListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  expected_ctc: Nullable(Type.Number()),
  notice_period: Nullable(Type.Integer()),
  current_location: Nullable(Type.String()),
  updatedAt: Type.String(),
  applications: Type.Array(PersonApplication),
});
export type PersonListItem = Static<typeof PersonListItem>;

export const PeoplePage = Type.Object({
  items: Type.Array(PersonListItem),
  total: Type.Integer(),
  /** A search or filter's matches are counted only so far ("1,000+"), as the candidate lists count. */
  totalIsLowerBound: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type PeoplePage = Static<typeof PeoplePage>;

/**
 * One row of the people export (people_list.xlsx), before it is formatted: the person's profile, their
 * applications oldest first (the job's title and the application's status), and when the person (or one
 * of their applications) last changed, the pool's "last activity".
 */
export type PeopleExportRow = Pick<Person, Exclude<PersonField, 'image_url'> | 'updatedAt'> & {
  applications: { jobTitle: string; status: string }[];
};

/**
 * The people export's rows: the 13 columns of `PEOPLE_EXPORT`, formatted as the candidates' export
 * formats the same fields (`exportCell`); each job as "Title (Status)". The caller formats dates its way
 * ("MMM dd, yyyy"). No header row: the writer puts it first.
 */
export function peopleExportRows(
  rows: readonly PeopleExportRow[],
  formatDate: (iso: string) => string,
): (string | number)[][] {
  const { text, rupees, notice, status } = exportCell;
  return rows.map((r) => [
    r.name,
    r.email,
    text(r.phone),
    r.experience,
    text(r.current_company),
    rupees(r.current_ctc),
    rupees(r.expected_ctc),
    notice(r.notice_period),
    text(r.current_location),
    text(r.preferred_location),
    r.applications.length,
    text(r.applications.map((a) => `${a.jobTitle} (${status(a.status)})`).join(PEOPLE_EXPORT.jobSeparator)),
    formatDate(r.updatedAt),
  ]);
}

/** GET /api/people/:id: the profile once, and every application as the candidate list shows it. */
export const Person = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  current_ctc: Nullable(Type.Number()),
  expected_ctc: Nullable(Type.Number()),
  notice_period: Nullable(Type.Integer()),
  current_location: Nullable(Type.String()),
  preferred_location: Nullable(Type.String()),
  resume_url: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Whether the reader may edit the person (edit one of their applications, or admin). */
  canEdit: Type.Boolean(),
  applications: Type.Array(Candidate),
  /** The merges this person took part in, newest first. */
  merges: Type.Array(
    Type.Object({
      id: Type.Integer(),
      personId: Type.Integer(),
      otherId: Type.Integer(),
      /** Both people's names as they were when merged (the other one may be gone since). */
      personName: Type.String(),
      otherName: Type.String(),
      mergedBy: Nullable(Type.String()),
      mergedAt: Type.String(),
      undoneAt: Nullable(Type.String()),
    }),
  ),
});
export type Person = Static<typeof Person>;

/** PUT /api/people/:id: the person's fields to change (absent ones stay), from the version they were read at. */
export const PersonUpdate = Type.Object(
  {
    name: Type.Optional(candidateFields.name),
    email: Type.Optional(candidateFields.email),
    phone: Type.Optional(candidateFields.phone),
    experience: Type.Optional(candidateFields.experience),
    current_company: candidateFields.current_company,
    current_ctc: candidateFields.current_ctc,
    expected_ctc: candidateFields.expected_ctc,
    notice_period: candidateFields.notice_period,
    current_location: candidateFields.current_location,
    preferred_location: candidateFields.preferred_location,
    notes: Type.Optional(Nullable(FreeText(CANDIDATE_LIMITS.notes, 'Notes'))),
    version: Type.Integer({ minimum: 1, title: 'Version' }),
  },
  { additionalProperties: false },
);
export type PersonUpdate = Static<typeof PersonUpdate>;

/** 409 on a person's edit: a stale version (the person now, the changes since) or a duplicate (who matched). */
export const PersonConflictBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  personId: Type.Optional(Type.Integer()),
  current: Type.Optional(Person),
  changes: Type.Optional(Type.Array(CandidateChange)),
});
export type PersonConflictBody = Static<typeof PersonConflictBody>;

/** Which person's value a merge keeps for a field: the person merged into (`mine`) or the other. */
const Side = Type.Union([Type.Literal('mine'), Type.Literal('theirs')]);

/** POST /api/people/:id/merge: the other person is merged into this one; `fields` picks each value (default mine). */
export const PersonMergeBody = Type.Object(
  {
    otherId: Id('Other person'),
    fields: Type.Optional(
      Type.Object(Object.fromEntries(PERSON_FIELDS.map((f) => [f, Type.Optional(Side)])), {
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PersonMergeBody = Static<typeof PersonMergeBody>;

/** GET /api/people/:id/merge-preview?otherId=: what a merge would change, before it is made. */
export const PersonMergePreview = Type.Object({
  differing: Type.Array(Type.Object({ field: Type.String(), mine: FieldValue, theirs: FieldValue })),
  /** The other person's applications that would move to this person. */
  moving: Type.Array(PersonApplication),
  /** Theirs in a job this person is in already: kept apart, with the other person. */
  keptApart: Type.Array(PersonApplication),
});
export type PersonMergePreview = Static<typeof PersonMergePreview>;

export const PersonMergeAnswer = Type.Object({
  mergeId: Type.Integer(),
  message: Type.String(),
  person: Person,
  moved: Type.Array(PersonApplication),
  keptApart: Type.Array(PersonApplication),
  /** Whether the other person remains (with the applications kept apart). */
  otherRemains: Type.Boolean(),
});
export type PersonMergeAnswer = Static<typeof PersonMergeAnswer>;

/** A pair of people who may be one (the same name, and the same phone's last digits or e-mail's name). */
const PersonBrief = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  applications: Type.Array(PersonApplication),
});
export const SuggestedDuplicate = Type.Object({ a: PersonBrief, b: PersonBrief });
export type SuggestedDuplicate = Static<typeof SuggestedDuplicate>;
