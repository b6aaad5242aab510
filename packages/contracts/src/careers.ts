import { Type, type Static } from 'typebox';
import { CANDIDATE_LIMITS, HONEYPOT_FIELD, JOB_LIMITS } from './constants.ts';
import { FreeText, Nullable, Text } from './common.ts';
import { CANDIDATE_MESSAGES as M } from './candidate-messages.ts';
import { PUBLIC_MESSAGES } from './messages.ts';
import { NonNegativeNumberText } from './number-text.ts';

/**
 * The public careers pages: what a visitor may see of a job, and the application.
 * Only active jobs before their deadline are public, and only these fields: no client, no internal users.
 */
export const PublicJob = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  description: Type.String(),
  city: Type.String(),
  state: Type.String(),
  stateName: Nullable(Type.String()),
  /** "Bengaluru Urban, Karnataka". */
  location: Type.String(),
  skills: Type.Array(Type.String()),
  /** Salary and experience as text: "₹10 - 15 LPA", "2 - 5 years". */
  salary: Type.String(),
  experience: Type.String(),
  minSalary: Type.Integer(),
  maxSalary: Nullable(Type.Integer()),
  experienceRange: Type.Tuple([Type.Integer(), Type.Integer()]),
  openings: Type.Integer(),
  /** YYYY-MM-DD, or null when applications stay open. */
  deadline: Nullable(Type.String()),
  postedAt: Type.String(),
  /** The job's screening questions, in its order: the application form asks them (answers optional). */
  questions: Type.Array(Type.String()),
});
export type PublicJob = Static<typeof PublicJob>;

export const PublicJobQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PublicJobQuery = Static<typeof PublicJobQuery>;
export const PublicJobList = Type.Array(PublicJob);

/**
 * POST /api/public/jobs/:jobId/apply, multipart: the requirements' fields (camelCase, as its form sends them) and
 * the file `resume`. Full name, e-mail and resume are required. Numbers arrive as text.
 */

/**
 * The longest `jobAnswers` text: every question of a job (at most 30, of 500 characters) answered in full
 * (2,000 characters each), with room for the JSON around them.
 */
export const PUBLIC_ANSWERS_MAX_CHARS =
  JOB_LIMITS.questions * (JOB_LIMITS.question + CANDIDATE_LIMITS.answer + 20) + 10;

/**
 * The answers `jobAnswers` carries once read: answers keyed by the job's own wording of each question, as
 * the staff's form stores them. Which questions the job asks is the service's to check.
 */
export const PublicJobAnswers = Type.Record(
  Type.String({ maxLength: JOB_LIMITS.question }),
  FreeText(CANDIDATE_LIMITS.answer, 'Answer'),
  { maxProperties: JOB_LIMITS.questions },
);
export type PublicJobAnswers = Static<typeof PublicJobAnswers>;

/** A number as a form sends it (text); its upper bound is checked by the service. */
const optionalNumber = (title: string, negative = `${title} cannot be negative`) =>
  Type.Optional(
    NonNegativeNumberText({ title, maxLength: 12, notANumber: `${title} must be a number`, negative }),
  );
export const PublicApplicationFields = Type.Object(
  {
    name: Text(CANDIDATE_LIMITS.name, PUBLIC_MESSAGES.fullNameRequired, { title: 'Full name' }),
    email: Type.String({
      format: 'email',
      maxLength: CANDIDATE_LIMITS.email,
      title: 'Email',
      errorMessage: M.emailInvalid,
    }),
    phone: Type.Optional(
      Type.String({
        maxLength: CANDIDATE_LIMITS.phone,
        pattern: '^(|\\+?[0-9][0-9 ()-]{5,18}[0-9])$',
        title: 'Phone',
        errorMessage: M.phoneInvalid,
      }),
    ),
    experience: optionalNumber('Experience', M.experienceMin),
    currentCompany: Type.Optional(FreeText(CANDIDATE_LIMITS.company, 'Current company')),
    currentCTC: optionalNumber('Current CTC'),
    expectedCTC: optionalNumber('Expected CTC'),
    noticePeriod: Type.Optional(
      NonNegativeNumberText({
        title: 'Notice period',
        maxLength: 12,
        whole: true,
        notANumber: M.noticePeriodWhole,
        negative: M.noticePeriodMin,
      }),
    ),
    currentLocation: Type.Optional(FreeText(CANDIDATE_LIMITS.location, 'Current location')),
    preferredLocation: Type.Optional(FreeText(CANDIDATE_LIMITS.location, 'Preferred location')),
    /** The answers to the job's questions, as JSON text `{ "<question>": "<answer>" }` (PublicJobAnswers). */
    jobAnswers: Type.Optional(Type.String({ maxLength: PUBLIC_ANSWERS_MAX_CHARS, title: 'Answers' })),
    [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type PublicApplicationFields = Static<typeof PublicApplicationFields>;

/**
 * The reference an application gets: 8 characters in two groups of 4 ("7KQX-M3TP"), short enough to read
 * out on the phone. Its alphabet leaves out what is misheard or misread (0/O, 1/I/L, U/V), and it has
 * 29^8 ≈ 500 billion values, so that drawing at random rarely meets one already given.
 */
export const APPLICATION_REFERENCE = {
  alphabet: '23456789ABCDEFGHJKMNPQRSTWXYZ',
  groups: 2,
  groupLength: 4,
} as const;

/** A whole reference as the confirmation shows it ("7KQX-M3TP"). */
export const APPLICATION_REFERENCE_PATTERN = new RegExp(
  `^[${APPLICATION_REFERENCE.alphabet}]{4}-[${APPLICATION_REFERENCE.alphabet}]{4}$`,
);

/**
 * What an application gets back: the same for everyone (201, these words, a reference), whether the
 * address is new or already on file, so that the form tells no one who is in the firm's pool; what
 * happened is e-mailed to the address given (APPLICATION_MAILS).
 */
export const ApplicationAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /** A reference the applicant may quote ("7KQX-M3TP"). */
  reference: Type.String(),
});
export type ApplicationAnswer = Static<typeof ApplicationAnswer>;
