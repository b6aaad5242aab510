import {
  JOB_MESSAGES,
  JOB_LIMITS,
  LOCATION_MESSAGES,
  MAX_PAGE_SIZE,
  type District,
  type Job,
  type JobCreate,
  type JobPage,
  type JobStatus,
  type JobUpdate,
  type OkBody,
  type SkillPage,
  type State,
  type UserListResponse,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';
import type { JobListParams } from './routeParams.ts';

export const jobKeys = {
  all: ['jobs'] as const,
  list: (params: JobListParams) => ['jobs', 'list', params] as const,
  one: (id: number) => ['jobs', 'one', id] as const,
};

export const locationKeys = {
  states: ['locations', 'states'] as const,
  districts: (state: string) => ['locations', 'districts', state] as const,
};

/** The list's search, tab and filter panel as API query values (bounds of the sliders send nothing). */
export function filterQuery(p: JobListParams) {
  return {
    search: p.search.trim(),
    status: p.tab === 'all' ? undefined : p.tab,
    statuses: p.statuses,
    types: p.types,
    skills: p.skills,
    salaryMin: p.salary[0] > 0 ? p.salary[0] : undefined,
    salaryMax: p.salary[1] < JOB_LIMITS.salaryFilterMaxLpa ? p.salary[1] : undefined,
    experienceMin: p.experience[0] > JOB_LIMITS.experienceMin ? p.experience[0] : undefined,
    experienceMax: p.experience[1] < JOB_LIMITS.experienceMax ? p.experience[1] : undefined,
  };
}

export const fetchJobs = (p: JobListParams, signal?: AbortSignal) =>
  api<JobPage>(`/api/jobs${queryString({ ...filterQuery(p), page: p.page })}`, {
    fallbackMessage: JOB_MESSAGES.fetchFailed,
    signal,
  });

/** A page of the job board: the route's loader and the screen read the same query. */
export const jobListQuery = (p: JobListParams): PageQuery<JobPage> => ({
  queryKey: jobKeys.list(p),
  queryFn: ({ signal }) => fetchJobs(p, signal),
});

/** One job, for its details and edit screens and their routes' loaders. */
export const jobQuery = (id: number) => ({ queryKey: jobKeys.one(id), queryFn: () => fetchJob(id) });

export const fetchJob = (id: number) =>
  api<Job>(`/api/jobs/${id}`, { fallbackMessage: JOB_MESSAGES.detailsFailed });

export const createJob = (body: JobCreate) =>
  api<Job>('/api/jobs', { method: 'POST', body, fallbackMessage: JOB_MESSAGES.createFailed });

export const updateJob = (id: number, body: JobUpdate) =>
  api<Job>(`/api/jobs/${id}`, { method: 'PUT', body, fallbackMessage: JOB_MESSAGES.updateFailed });

export const changeJobStatus = (id: number, status: JobStatus) =>
  api<Job>(`/api/jobs/${id}/status`, {
    method: 'PATCH',
    body: { status },
    fallbackMessage: JOB_MESSAGES.statusFailed,
  });

export const deleteJob = (id: number) =>
  api<OkBody>(`/api/jobs/${id}`, { method: 'DELETE', fallbackMessage: JOB_MESSAGES.deleteFailed });

export const fetchStates = () =>
  api<State[]>('/api/locations/states', { fallbackMessage: LOCATION_MESSAGES.statesFailed });

/** The states for the location selects, read once: the list does not change while the app runs. */
export const statesQuery = () => ({
  queryKey: locationKeys.states,
  queryFn: fetchStates,
  staleTime: Infinity,
});

export const fetchDistricts = (stateCode: string) =>
  api<District[]>(`/api/locations/states/${encodeURIComponent(stateCode)}/districts`, {
    fallbackMessage: LOCATION_MESSAGES.districtsFailed,
  });

/** The whole skills catalogue for the form's select. */
export const fetchSkillOptions = () =>
  api<SkillPage>(`/api/skills${queryString({ pageSize: MAX_PAGE_SIZE })}`, {
    fallbackMessage: JOB_MESSAGES.skillsLoadFailed,
  });

/** Active users (admins get full users, others summaries): enough to pick "Users with Edit Access". */
export const fetchUserOptions = () =>
  api<UserListResponse>(`/api/users${queryString({ pageSize: MAX_PAGE_SIZE, status: 'active' })}`, {
    fallbackMessage: JOB_MESSAGES.usersLoadFailed,
  });

export const skillOptionsQuery = () => ({
  queryKey: ['skills', 'options'] as const,
  queryFn: fetchSkillOptions,
});
export const userOptionsQuery = () => ({
  queryKey: ['users', 'options'] as const,
  queryFn: fetchUserOptions,
});

/** What the job form chooses from: the skills, the users with edit access, the states. */
export const jobFormQueries = (): PageQuery<unknown>[] => [
  skillOptionsQuery(),
  userOptionsQuery(),
  statesQuery(),
];
