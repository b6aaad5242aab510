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

export const DEFAULT_FILTERS: CandidateFilters = {
  statuses: [],
  sources: [],
  experience: [0, EXPERIENCE_MAX],
  salary: [0, SALARY_MAX],
  location: '',
  appliedFrom: '',
  appliedTo: '',
  jobId: '',
};

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

/** The bounds of the sliders mean "no limit" and are left out. */
const bounded = ([min, max]: [number, number], top: number) => ({
  min: min > 0 ? min : undefined,
  max: max < top ? max : undefined,
});

/** The URL form of the params: defaults left out. */
export function searchFromParams(p: CandidateListParams): CandidateListSearch {
  const some = <T>(values: T[]) => (values.length > 0 ? values : undefined);
  const experience = bounded(p.experience, EXPERIENCE_MAX);
  const salary = bounded(p.salary, SALARY_MAX);
  return {
    search: p.search || undefined,
    page: p.page > 1 ? p.page : undefined,
    statuses: some(p.statuses),
    sources: some(p.sources),
    experienceMin: experience.min,
    experienceMax: experience.max,
    salaryMin: salary.min,
    salaryMax: salary.max,
    location: p.location.trim() || undefined,
    appliedFrom: p.appliedFrom || undefined,
    appliedTo: p.appliedTo || undefined,
    jobId: p.jobId ? Number(p.jobId) : undefined,
  };
}

/** The API query of a list's search and filters. */
export function filterQuery(p: CandidateListParams) {
  const { page: _page, ...rest } = searchFromParams(p);
  return { ...rest, search: p.search.trim() || undefined };
}

/** How many of the panel's filters differ from their defaults (shown on the Filters button). */
export function activeFilterCount(f: CandidateFilters): number {
  const changed = (a: [number, number], b: [number, number]) => a[0] !== b[0] || a[1] !== b[1];
  return [
    f.statuses.length > 0,
    f.sources.length > 0,
    changed(f.experience, DEFAULT_FILTERS.experience),
    changed(f.salary, DEFAULT_FILTERS.salary),
    Boolean(f.location.trim()),
    Boolean(f.appliedFrom || f.appliedTo),
    Boolean(f.jobId),
  ].filter(Boolean).length;
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
