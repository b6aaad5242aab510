import { CANDIDATE_LIMITS } from '@portal/contracts';
import type { CandidateFilters, CandidateListParams, CandidateListSearch } from './routeParams.ts';

/**
 * The list's filters as the screens use them: defaults, the URL form, the API query, the count on the
 * Filters button. Kept apart from routeParams.ts: that module's validateSearch is in every page's first
 * download (the route tree), these go with the screens.
 */

const EXPERIENCE_MAX = CANDIDATE_LIMITS.experienceFilterMax;
const SALARY_MAX = CANDIDATE_LIMITS.salaryFilterMaxLpa;

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
