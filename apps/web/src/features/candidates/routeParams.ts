import { notFound } from '@tanstack/react-router';
import {
  CANDIDATE_FILTER_STATUSES,
  CANDIDATE_LIMITS,
  CANDIDATE_SOURCES,
  CANDIDATE_ID_PATTERN,
  CANDIDATE_FILTER_PARAMS,
  queryParam,
  type CandidateSource,
} from '@portal/contracts';
import { listOf, wholeIn } from '../../lib/searchParams.ts';
import { listSearch } from '../../lib/listSearch.ts';

export type FilterStatus = (typeof CANDIDATE_FILTER_STATUSES)[number];

const EXPERIENCE_MAX = CANDIDATE_LIMITS.experienceFilterMax;
const SALARY_MAX = CANDIDATE_LIMITS.salaryFilterMaxLpa;

/** The filter panel's choices; the sliders' ends mean "no limit". Dates are YYYY-MM-DD or ''. */
export interface CandidateFilters {
  statuses: FilterStatus[];
  sources: CandidateSource[];
  experience: [number, number];
  salary: [number, number];
  location: string;
  appliedFrom: string;
  appliedTo: string;
  /** '' for any job. */
  jobId: string;
}

export interface CandidateListParams extends CandidateFilters {
  search: string;
  page: number;
}

/** The list's search params as they stand in the URL (absent = default). */
export interface CandidateListSearch {
  search?: string;
  page?: number;
  statuses?: FilterStatus[];
  sources?: CandidateSource[];
  experienceMin?: number;
  experienceMax?: number;
  salaryMin?: number;
  salaryMax?: number;
  location?: string;
  appliedFrom?: string;
  appliedTo?: string;
  jobId?: number;
}

const textOf = (raw: unknown) =>
  typeof raw === 'string' && raw.trim() ? raw.slice(0, CANDIDATE_LIMITS.location) : undefined;

/**
 * validateSearch of the candidate lists: each param through its description in contracts (the list query's
 * bounds), then the sliders' own steps and ends; anything malformed falls back to its default.
 */
export function validateCandidateListSearch(raw: Record<string, unknown>): CandidateListSearch {
  const param = <K extends keyof typeof CANDIDATE_FILTER_PARAMS>(key: K) =>
    queryParam(CANDIDATE_FILTER_PARAMS[key], raw[key]);
  const slider = (
    key: 'experienceMin' | 'experienceMax' | 'salaryMin' | 'salaryMax',
    min: number,
    max: number,
  ) => wholeIn(param(key), min, max);
  return {
    ...listSearch(raw),
    statuses: listOf(param('statuses'), CANDIDATE_FILTER_STATUSES),
    sources: listOf(param('sources'), CANDIDATE_SOURCES),
    experienceMin: slider('experienceMin', 1, EXPERIENCE_MAX),
    experienceMax: slider('experienceMax', 0, EXPERIENCE_MAX - 1),
    salaryMin: slider('salaryMin', 1, SALARY_MAX),
    salaryMax: slider('salaryMax', 0, SALARY_MAX - 1),
    location: textOf(param('location')),
    appliedFrom: param('appliedFrom'),
    appliedTo: param('appliedTo'),
    jobId: param('jobId'),
  };
}

export function paramsFromSearch(s: CandidateListSearch): CandidateListParams {
  return {
    search: s.search ?? '',
    page: s.page ?? 1,
    statuses: s.statuses ?? [],
    sources: s.sources ?? [],
    experience: [s.experienceMin ?? 0, s.experienceMax ?? EXPERIENCE_MAX],
    salary: [s.salaryMin ?? 0, s.salaryMax ?? SALARY_MAX],
    location: s.location ?? '',
    appliedFrom: s.appliedFrom ?? '',
    appliedTo: s.appliedTo ?? '',
    jobId: s.jobId ? String(s.jobId) : '',
  };
}

/** The list params the job's Candidates tab keeps (its job is the job of the page). */
type JobTabKey = Exclude<keyof CandidateListSearch, 'jobId'>;
const JOB_TAB_KEYS: readonly JobTabKey[] = [
  'search',
  'page',
  'statuses',
  'sources',
  'experienceMin',
  'experienceMax',
  'salaryMin',
  'salaryMax',
  'location',
  'appliedFrom',
  'appliedTo',
];

/**
 * The job's Candidates tab in the job-details URL: the candidate list's params with a `c` in front
 * (`cSearch`, `cPage`, `cStatuses`...). The board on the Pipeline tab already has `search`, `source`,
 * `from` and `to` there, and its filters are not the list's (one source, not several), so the two keep
 * apart.
 */
export type JobCandidatesSearch = { [K in JobTabKey as `c${Capitalize<K>}`]?: CandidateListSearch[K] };

const tabKey = (key: JobTabKey) => `c${key[0]!.toUpperCase()}${key.slice(1)}` as keyof JobCandidatesSearch;

/** The tab's URL names of a candidate list search; every name is set, a default to undefined. */
export function jobCandidatesSearch(list: CandidateListSearch): JobCandidatesSearch {
  return Object.fromEntries(JOB_TAB_KEYS.map((key) => [tabKey(key), list[key]])) as JobCandidatesSearch;
}

/** The candidate list search the tab's URL names hold. */
export function jobTabListSearch(search: JobCandidatesSearch): CandidateListSearch {
  return Object.fromEntries(JOB_TAB_KEYS.map((key) => [key, search[tabKey(key)]])) as CandidateListSearch;
}

/** validateSearch of the tab's part of the job-details URL: the candidate list's checks, under its names. */
export function validateJobCandidatesSearch(raw: Record<string, unknown>): JobCandidatesSearch {
  return jobCandidatesSearch(
    validateCandidateListSearch(jobTabListSearch(raw as JobCandidatesSearch) as Record<string, unknown>),
  );
}

const ID_PATTERN = new RegExp(CANDIDATE_ID_PATTERN);

/** Params of `/$id`, `/edit/$id` and `/$candidateId`: a uuid or a number, else the not-found page. */
export function candidateIdParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>): Record<K, string> => {
      if (!ID_PATTERN.test(raw[key])) throw notFound();
      return { [key]: raw[key] } as Record<K, string>;
    },
    stringify: (params: Record<K, string>): Record<K, string> => params,
  };
}
