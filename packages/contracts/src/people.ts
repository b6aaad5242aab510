import { Type, type Static } from 'typebox';
import { FreeText, Id, IdOrText, Nullable } from './common.ts';
import { CANDIDATE_LIMITS, CANDIDATE_SOURCES } from './constants.ts';
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

/** One application of a person, as the duplicate check and the talent pool name it. */
export const PersonApplication = Type.Object({
  uuid: Type.String(),
  jobId: Type.Integer(),
  jobTitle: Type.String(),
  status: Type.String(),
});
export type PersonApplication = Static<typeof PersonApplication>;

/** POST /api/people/:id/applications: put a person on file forward for a job. */
export const PersonApplicationCreate = Type.Object(
  {
    jobId: IdOrText('Job', M.jobRequired),
    source: Type.Optional(Type.Enum(CANDIDATE_SOURCES, { title: 'Source' })),
    referred_by: Type.Optional(Nullable(FreeText(CANDIDATE_LIMITS.referredBy, 'Referred by'))),
    notes: Type.Optional(Nullable(FreeText(CANDIDATE_LIMITS.notes, 'Notes'))),
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
