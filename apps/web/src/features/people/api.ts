import {
  CANDIDATE_MESSAGES,
  PEOPLE_EXPORT,
  type JobApplicationsAnswer,
  type PeoplePage,
  type Person,
  type PersonMergeAnswer,
  type PersonMergeBody,
  type PersonMergePreview,
  type PersonUpdate,
  type SuggestedDuplicate,
} from '@portal/contracts';
import { api, downloadFile, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';
import type { PeopleSearch } from './routeParams.ts';

export const peopleKeys = {
  all: ['people'] as const,
  list: (search: PeopleSearch) => ['people', 'list', search] as const,
  one: (id: number) => ['people', 'one', id] as const,
  duplicates: ['people', 'duplicates'] as const,
  preview: (id: number, otherId: number) => ['people', 'merge-preview', id, otherId] as const,
};

/** A page of the talent pool: the route's loader and the screen read the same query. */
export const peopleListQuery = (search: PeopleSearch): PageQuery<PeoplePage> => ({
  queryKey: peopleKeys.list(search),
  queryFn: ({ signal }) =>
    api<PeoplePage>(`/api/people${queryString({ ...search })}`, { fallbackMessage: M.loadFailed, signal }),
});

/**
 * The filtered pool (every page) as people_list.xlsx, one row per person, written by the server as it
 * reads them, saved by the browser.
 */
export const downloadPeopleExcel = ({ page: _page, ...filters }: PeopleSearch) =>
  downloadFile(
    `/api/people/export${queryString({ ...filters })}`,
    PEOPLE_EXPORT.fileName,
    CANDIDATE_MESSAGES.excelFailed,
  );

/** One person with every application, for the person page and its route's loader. */
export const personQuery = (id: number): PageQuery<Person> => ({
  queryKey: peopleKeys.one(id),
  queryFn: ({ signal }) => api<Person>(`/api/people/${id}`, { fallbackMessage: M.personFailed, signal }),
});

export const updatePerson = (id: number, body: PersonUpdate) =>
  api<Person>(`/api/people/${id}`, { method: 'PUT', body, fallbackMessage: M.updateFailed });

/** People of the pool put forward for one job, in one request. */
export const addPeopleToJob = (jobId: number, personIds: number[]) =>
  api<JobApplicationsAnswer>(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    body: { personIds },
    fallbackMessage: M.addFailed,
  });

/** Pairs of people who may be one, for an admin to review. */
export const duplicatesQuery = (): PageQuery<SuggestedDuplicate[]> => ({
  queryKey: peopleKeys.duplicates,
  queryFn: ({ signal }) =>
    api<SuggestedDuplicate[]>('/api/people/duplicates', { fallbackMessage: M.duplicatesFailed, signal }),
});

/** What merging `otherId` into `id` would change: the fields that differ, the applications that move. */
export const mergePreviewQuery = (id: number, otherId: number) => ({
  queryKey: peopleKeys.preview(id, otherId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<PersonMergePreview>(`/api/people/${id}/merge-preview${queryString({ otherId })}`, {
      fallbackMessage: M.previewFailed,
      signal,
    }),
});

export const mergePeople = (id: number, body: PersonMergeBody) =>
  api<PersonMergeAnswer>(`/api/people/${id}/merge`, { method: 'POST', body, fallbackMessage: M.mergeFailed });

export const undoMerge = (mergeId: number) =>
  api<{ message: string; person: Person; other: Person }>(`/api/people/merges/${mergeId}/undo`, {
    method: 'POST',
    fallbackMessage: M.undoFailed,
  });
