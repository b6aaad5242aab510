import {
  CANDIDATE_MESSAGES as M,
  CANDIDATES_EXPORT,
  MAX_PAGE_SIZE,
  type Candidate,
  type CandidateCreate,
  type CandidateDetails,
  type CandidateFileAnswer,
  type CandidatePage,
  type CandidateStatus,
  type CandidateUpdate,
  type DuplicateCheckResult,
  type JobPage,
  type OkBody,
  type PersonApplicationCreate,
  type ShareAnswer,
  type ShareBody,
  type ShortlistShareList,
} from '@portal/contracts';
import type { Rejection } from '@portal/ui';
import { api, downloadFile, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';
import { statesQuery } from '../jobs/api.ts';
import { filterQuery } from './listFilters.ts';
import type { CandidateListParams } from './routeParams.ts';

export const candidateKeys = {
  all: ['candidates'] as const,
  list: (endpoint: string, params: CandidateListParams) => ['candidates', 'list', endpoint, params] as const,
  job: (jobId: number, params: unknown) => ['candidates', 'job', jobId, params] as const,
  one: (id: string) => ['candidates', 'one', id] as const,
};

export const fetchCandidates = (endpoint: string, p: CandidateListParams, signal?: AbortSignal) =>
  api<CandidatePage>(`${endpoint}${queryString({ ...filterQuery(p), page: p.page })}`, {
    fallbackMessage: M.loadFailed,
    signal,
  });

/** A page of a candidates list: the route's loader and the screen read the same query. */
export const candidateListQuery = (endpoint: string, p: CandidateListParams): PageQuery<CandidatePage> => ({
  queryKey: candidateKeys.list(endpoint, p),
  queryFn: ({ signal }) => fetchCandidates(endpoint, p, signal),
});

/** One candidate, for the details and edit screens and their routes' loaders. */
export const candidateQuery = (id: string) => ({
  queryKey: candidateKeys.one(id),
  queryFn: () => fetchCandidate(id),
});

/** The jobs a candidate may be put on, for the form's select and the list's filter panel. */
export const jobOptionsQuery = () => ({ queryKey: ['jobs', 'options'] as const, queryFn: fetchJobOptions });

/**
 * What the edit form waits for before it shows: the candidate, the jobs (their questions) and the states
 * (to read the candidate's location).
 */
export const candidateEditQueries = (id: string): PageQuery<unknown>[] => [
  candidateQuery(id),
  ...candidateAddQueries(),
];

/** What the add form chooses from: the jobs (their questions) and the states. */
export const candidateAddQueries = (): PageQuery<unknown>[] => [jobOptionsQuery(), statesQuery()];

/**
 * The filtered list (all pages) as candidates_list.xlsx, written by the server as it reads the candidates,
 * saved by the browser.
 */
export const downloadCandidatesExcel = (p: CandidateListParams) =>
  downloadFile(
    `/api/candidates/export${queryString(filterQuery(p))}`,
    CANDIDATES_EXPORT.fileName,
    M.excelFailed,
  );

export type JobCandidateQuery = Record<string, string | number | readonly string[] | undefined>;

export const fetchJobCandidates = (jobId: number, query: JobCandidateQuery, signal?: AbortSignal) =>
  api<CandidatePage>(`/api/candidates/job/${jobId}${queryString(query)}`, {
    fallbackMessage: M.loadFailed,
    signal,
  });

export const fetchCandidate = (id: string) =>
  api<CandidateDetails>(`/api/candidates/${encodeURIComponent(id)}`, { fallbackMessage: M.detailsFailed });

/** Jobs to choose from (form and filter): the whole board. */
export const fetchJobOptions = () =>
  api<JobPage>(`/api/jobs${queryString({ pageSize: MAX_PAGE_SIZE })}`, { fallbackMessage: M.jobsLoadFailed });

export const checkDuplicate = (body: { name: string; email: string; phone: string; excludeId?: number }) =>
  api<DuplicateCheckResult>('/api/candidates/check-duplicate', {
    method: 'POST',
    body,
    fallbackMessage: M.saveFailed,
  });

const formWith = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file);
  return form;
};

export const uploadResume = (file: File) =>
  api<{ url: string }>('/api/upload/resume', {
    method: 'POST',
    body: formWith('file', file),
    fallbackMessage: M.resumeUploadFailed,
  });

export const createCandidate = (body: CandidateCreate) =>
  api<Candidate>('/api/candidates', { method: 'POST', body, fallbackMessage: M.saveFailed });

/** A person on file put forward for another job: their new application there. */
export const addPersonApplication = (personId: number, body: PersonApplicationCreate) =>
  api<Candidate>(`/api/people/${personId}/applications`, {
    method: 'POST',
    body,
    fallbackMessage: M.saveFailed,
  });

export const updateCandidate = (id: number, body: CandidateUpdate) =>
  api<Candidate>(`/api/candidates/${id}`, { method: 'PUT', body, fallbackMessage: M.updateFailed });

export const deleteCandidate = (id: number) =>
  api<OkBody>(`/api/candidates/${id}`, { method: 'DELETE', fallbackMessage: M.deleteFailed });

export const changeCandidateStatus = (c: Candidate, status: CandidateStatus) =>
  api<Candidate>(`/api/candidates/${c.id}/status`, {
    method: 'PATCH',
    body: { status, version: c.version },
    fallbackMessage: M.statusFailed,
  });

export const rejectCandidate = (c: Candidate, rejection: Rejection) =>
  api<Candidate>(`/api/candidates/${c.id}/reject`, {
    method: 'PATCH',
    body: {
      status: 'rejected',
      rejection_reason: rejection.reason,
      rejection_details: rejection,
      version: c.version,
    },
    fallbackMessage: M.rejectFailed,
  });

export const shareShortlisted = (body: ShareBody) =>
  api<ShareAnswer>('/api/candidates/share', { method: 'POST', body, fallbackMessage: M.noShortlisted });

/** The shortlists sent to clients: a job's, or those that named one candidate. */
export const shareKeys = {
  job: (jobId: number) => ['candidates', 'shares', 'job', jobId] as const,
  candidate: (id: number) => ['candidates', 'shares', 'candidate', id] as const,
};
export const fetchShares = (path: string, signal?: AbortSignal) =>
  api<ShortlistShareList>(path, { fallbackMessage: M.sharesLoadFailed, signal });

export const uploadCandidateFile = (id: number, kind: 'resume' | 'image', file: File) =>
  api<CandidateFileAnswer>(`/api/candidates/${id}/upload/${kind}`, {
    method: 'POST',
    body: formWith(kind, file),
    fallbackMessage: kind === 'resume' ? M.resumeUploadFailed : M.imageFailed,
  });
