import { idParams } from '../../lib/idParams.ts';
import {
  JOB_FILTER_SKILLS,
  JOB_FILTER_STATUSES,
  JOB_LIMITS,
  JOB_STATUSES,
  JOB_TYPES,
  type JobTab,
  type JobType,
} from '@portal/contracts';
import { listOf, wholeIn } from '../../lib/searchParams.ts';

export type FilterStatus = (typeof JOB_FILTER_STATUSES)[number];

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

/** validateSearch for the job lists: anything malformed falls back to its default. */
export function validateJobListSearch(raw: Record<string, unknown>): JobListSearch {
  const page = Number(raw.page);
  const tab = raw.tab === 'all' ? undefined : listOf(raw.tab, JOB_STATUSES)?.[0];
  return {
    search: typeof raw.search === 'string' && raw.search ? raw.search : undefined,
    tab,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    statuses: listOf(raw.statuses, JOB_FILTER_STATUSES),
    types: listOf(raw.types, JOB_TYPES),
    skills: listOf(raw.skills, JOB_FILTER_SKILLS),
    salaryMin: wholeIn(raw.salaryMin, 1, JOB_LIMITS.salaryFilterMaxLpa),
    salaryMax: wholeIn(raw.salaryMax, 0, JOB_LIMITS.salaryFilterMaxLpa - 1),
    experienceMin: wholeIn(raw.experienceMin, JOB_LIMITS.experienceMin + 1, JOB_LIMITS.experienceMax),
    experienceMax: wholeIn(raw.experienceMax, JOB_LIMITS.experienceMin, JOB_LIMITS.experienceMax - 1),
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
