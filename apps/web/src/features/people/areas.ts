import type { Candidate } from '@portal/contracts';
import { ADMIN_CANDIDATES, EMPLOYEE_CANDIDATES } from '../candidates/areas.ts';

/** What differs between the admin's and the employee's talent pool: their addresses. */
export interface PeopleArea {
  poolRoute: '/admin/_admin/recruitments/people/' | '/employee/_employee/recruitments/people/';
  poolPath: '/admin/recruitments/people' | '/employee/recruitments/people';
  personPath: (id: number) => string;
  /** The admin's list of possible duplicates; merging is for admins only, so the employee's area has none. */
  duplicatesPath: '/admin/recruitments/people/duplicates' | null;
  /** The candidate details page of one application, as that area names it. */
  applicationPath: (c: Pick<Candidate, 'id' | 'uuid'>) => string;
}

export const ADMIN_PEOPLE: PeopleArea = {
  poolRoute: '/admin/_admin/recruitments/people/',
  poolPath: '/admin/recruitments/people',
  personPath: (id) => `/admin/recruitments/people/${id}`,
  duplicatesPath: '/admin/recruitments/people/duplicates',
  applicationPath: ADMIN_CANDIDATES.detailsPath,
};

export const EMPLOYEE_PEOPLE: PeopleArea = {
  poolRoute: '/employee/_employee/recruitments/people/',
  poolPath: '/employee/recruitments/people',
  personPath: (id) => `/employee/recruitments/people/${id}`,
  duplicatesPath: null,
  applicationPath: EMPLOYEE_CANDIDATES.detailsPath,
};
