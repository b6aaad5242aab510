import {
  CANDIDATE_FILTER_STATUSES,
  CANDIDATE_LIMITS,
  CANDIDATE_LIST_SOURCES,
  ID_PATTERN,
  ID_TEXT_KEYWORD,
  JOB_LIMITS,
  JOB_STATUSES,
  JOB_TYPES,
  MAX_PAGE,
  USER_ID,
  USER_REF_PATTERN,
  USER_STATUSES,
  parseId,
} from './constants.ts';
import type { ParamSchema } from './query-params.ts';
// A type only: this file stays free of TypeBox (see below).
import type { UserRef } from './users.ts';

/**
 * The lists' URL params as plain data, for `queryParam`: the same types and bounds as the list queries'
 * TypeBox schemas (ListQuery, JobFilterQuery, CandidateFilterQuery, UserListFilter), which a test compares
 * them with. Plain on purpose: the browser's list routes read their URL through these in `validateSearch`,
 * which is part of the route tree every page downloads first, public pages included, and importing TypeBox
 * there would bring all of it (about 12 KB gzip) into that first download.
 */

const list = <T extends ParamSchema>(items: T, maxItems: number) =>
  ({ type: 'array', items, maxItems }) as const;

/** Search and page of every list (ListQuery). */
export const LIST_QUERY_PARAMS = {
  search: { type: 'string', maxLength: 200 },
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
} as const satisfies Record<string, ParamSchema>;

const jobYears = {
  type: 'integer',
  minimum: JOB_LIMITS.experienceMin,
  maximum: JOB_LIMITS.experienceMax,
} as const;
const lpa = { type: 'integer', minimum: 0, maximum: 100_000 } as const;

/** The job lists' tab (`status`) and filter panel (JobFilterQuery). */
export const JOB_FILTER_PARAMS = {
  status: { enum: JOB_STATUSES },
  statuses: list({ enum: JOB_STATUSES }, JOB_STATUSES.length),
  types: list({ enum: JOB_TYPES }, JOB_TYPES.length),
  skills: list({ type: 'string', minLength: 1, maxLength: 100 }, JOB_LIMITS.skills),
  salaryMin: lpa,
  salaryMax: lpa,
  experienceMin: jobYears,
  experienceMax: jobYears,
} as const satisfies Record<string, ParamSchema>;

const upTo = (maximum: number) => ({ type: 'number', minimum: 0, maximum }) as const;
const date = { type: 'string', format: 'date' } as const;

/** The candidate lists' filter panel (CandidateFilterQuery). */
export const CANDIDATE_FILTER_PARAMS = {
  statuses: list({ enum: CANDIDATE_FILTER_STATUSES }, CANDIDATE_FILTER_STATUSES.length),
  sources: list({ enum: CANDIDATE_LIST_SOURCES }, CANDIDATE_LIST_SOURCES.length),
  experienceMin: upTo(CANDIDATE_LIMITS.experienceMax),
  experienceMax: upTo(CANDIDATE_LIMITS.experienceMax),
  salaryMin: upTo(CANDIDATE_LIMITS.ctcMaxLpa),
  salaryMax: upTo(CANDIDATE_LIMITS.ctcMaxLpa),
  location: { type: 'string', maxLength: CANDIDATE_LIMITS.location },
  appliedFrom: date,
  appliedTo: date,
  jobId: { type: 'string', minLength: 1, pattern: ID_PATTERN, [ID_TEXT_KEYWORD]: true },
} as const satisfies Record<string, ParamSchema>;

/** The user list's status filter (UserListFilter). */
export const USER_FILTER_PARAMS = {
  status: { enum: USER_STATUSES },
} as const satisfies Record<string, ParamSchema>;

/**
 * `42` or 42 → 42, `USR1234` → 'USR1234'; null for anything else. What a UserRef schema let through, or
 * a screen's URL (which may spell the prefix in lower case).
 */
export const parseUserRef = (value: string | number): UserRef | null => {
  const text = String(value).toUpperCase();
  if (!new RegExp(USER_REF_PATTERN).test(text)) return null;
  return text.startsWith(USER_ID.prefix) ? text : parseId(text);
};
