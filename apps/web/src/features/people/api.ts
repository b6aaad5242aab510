import {
  CANDIDATE_MESSAGES,
  PEOPLE_EXPORT,
  type JobApplicationsAnswer,
  type PeoplePage,
  type Person,
  type PersonUpdate,
} from '@portal/contracts';
import { api, downloadFile, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';
import type { PeopleSearch } from './routeParams.ts';

export const peopleKeys = {
  all: ['people'] as const,
  list: (search: PeopleSearch) => ['people', 'list', search] as const,
  one: (id: number) => ['people', 'one', id] as const,
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
