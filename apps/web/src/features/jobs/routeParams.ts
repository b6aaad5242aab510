import {
  JOB_FILTER_SKILLS,
  JOB_LIMITS,
  JOB_FILTER_PARAMS,
  queryParam,
  type JobStatus,
  type JobTab,
  type JobType,
} from '@portal/contracts';
import { idParams } from '../../lib/idParams.ts';
import { listSearch } from '../../lib/listSearch.ts';

export type FilterStatus = JobStatus;

/** The filter panel's choices. Salary in LPA, experience in years; the sliders' ends mean "no limit". */
export interface JobFilters {
  statuses: FilterStatus[];
  types: JobType[];
  skills: string[];
  salary: [number, number];
  experience: [number, number];
}

export const DEFAULT_FILTERS: JobFilters = {
  statuses: [],
  types: [],
  skills: [],
  salary: [0, JOB_LIMITS.salaryFilterMaxLpa],
  experience: [JOB_LIMITS.experienceMin, JOB_LIMITS.experienceMax],
};

/** Everything the list shows: search, tab, page and filters. */
export interface JobListParams extends JobFilters {
  search: string;
  tab: JobTab;
  page: number;
}

/** The list's search params as they stand in the URL (absent = default), so a view can be bookmarked. */
export interface JobListSearch {
  search?: string;
  tab?: JobTab;
  page?: number;
  statuses?: FilterStatus[];
  types?: JobType[];
  skills?: string[];
  salaryMin?: number;
  salaryMax?: number;
  experienceMin?: number;
  experienceMax?: number;
}

/** A number the panel's slider can show, other than the end that means "no limit". */
const within = (n: number | undefined, min: number, max: number) =>
  n !== undefined && n >= min && n <= max ? n : undefined;

const filter = JOB_FILTER_PARAMS;

/**
 * validateSearch for the job lists: each param through its description in contracts (the server's bounds),
 * then the panel's own choices and ranges; anything malformed falls back to its default.
 */
export function validateJobListSearch(raw: Record<string, unknown>): JobListSearch {
  const { salaryFilterMaxLpa: maxLpa, experienceMin: minYears, experienceMax: maxYears } = JOB_LIMITS;
  const skills = queryParam(filter.skills, raw.skills)?.filter((s) =>
    (JOB_FILTER_SKILLS as readonly string[]).includes(s),
  );
  return {
    ...listSearch(raw),
    tab: queryParam(filter.status, raw.tab),
    statuses: queryParam(filter.statuses, raw.statuses),
    types: queryParam(filter.types, raw.types),
    skills: skills?.length ? skills : undefined,
    salaryMin: within(queryParam(filter.salaryMin, raw.salaryMin), 1, maxLpa),
    salaryMax: within(queryParam(filter.salaryMax, raw.salaryMax), 0, maxLpa - 1),
    experienceMin: within(queryParam(filter.experienceMin, raw.experienceMin), minYears + 1, maxYears),
    experienceMax: within(queryParam(filter.experienceMax, raw.experienceMax), minYears, maxYears - 1),
  };
}

export function paramsFromSearch(s: JobListSearch): JobListParams {
  return {
    search: s.search ?? '',
    tab: s.tab ?? 'all',
    page: s.page ?? 1,
    statuses: s.statuses ?? [],
    types: s.types ?? [],
    skills: s.skills ?? [],
    salary: [s.salaryMin ?? DEFAULT_FILTERS.salary[0], s.salaryMax ?? DEFAULT_FILTERS.salary[1]],
    experience: [
      s.experienceMin ?? DEFAULT_FILTERS.experience[0],
      s.experienceMax ?? DEFAULT_FILTERS.experience[1],
    ],
  };
}

/** The URL form of the params: defaults left out. */
export function searchFromParams(p: JobListParams): JobListSearch {
  const some = <T>(values: T[]) => (values.length > 0 ? values : undefined);
  return {
    search: p.search || undefined,
    tab: p.tab === 'all' ? undefined : p.tab,
    page: p.page > 1 ? p.page : undefined,
    statuses: some(p.statuses),
    types: some(p.types),
    skills: some(p.skills),
    salaryMin: p.salary[0] > DEFAULT_FILTERS.salary[0] ? p.salary[0] : undefined,
    salaryMax: p.salary[1] < DEFAULT_FILTERS.salary[1] ? p.salary[1] : undefined,
    experienceMin: p.experience[0] > DEFAULT_FILTERS.experience[0] ? p.experience[0] : undefined,
    experienceMax: p.experience[1] < DEFAULT_FILTERS.experience[1] ? p.experience[1] : undefined,
  };
}

/** How many of the panel's filters differ from their defaults (shown on the Filters button). */
export function activeFilterCount(f: JobFilters): number {
  return (
    (f.statuses.length > 0 ? 1 : 0) +
    (f.types.length > 0 ? 1 : 0) +
    (f.skills.length > 0 ? 1 : 0) +
    (f.salary[0] !== DEFAULT_FILTERS.salary[0] || f.salary[1] !== DEFAULT_FILTERS.salary[1] ? 1 : 0) +
    (f.experience[0] !== DEFAULT_FILTERS.experience[0] || f.experience[1] !== DEFAULT_FILTERS.experience[1]
      ? 1
      : 0)
  );
}

/** Params of `/edit/$id`, `/details/$id` and `/view/$id`. */
export const jobIdParams = idParams('id');
