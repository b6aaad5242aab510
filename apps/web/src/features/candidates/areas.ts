import { CANDIDATE_FILTER_SOURCES, type Candidate, type SessionUser } from '@portal/contracts';

type Ref = Pick<Candidate, 'id' | 'uuid'>;

const ADMIN_BASE = '/admin/recruitments/candidates';
const EMPLOYEE_BASE = '/employee/recruitments/candidates';

/** What differs between the admin and the employee candidate screens; the screens themselves are shared. */
export interface CandidateArea {
  variant: 'admin' | 'employee';
  listTitle: string;
  /** The list's route and its address (both areas' lists take the same search params). */
  listRoute: '/admin/_admin/recruitments/candidates/' | '/employee/_employee/recruitments/candidates/';
  listPath: typeof ADMIN_BASE | typeof EMPLOYEE_BASE;
  addPath: string;
  /** The API path of the list. */
  listEndpoint: string;
  detailsPath: (c: Ref) => string;
  /** An application's details page, named by its uuid (both areas' routes take a uuid). */
  applicationPath: (a: { uuid: string }) => string;
  editPath: (c: Ref) => string;
  /** The sources the list's filter panel offers. */
  filterSources: readonly string[];
  /** Whether this reader sees Edit on a row (employee list: only the creator). */
  showEdit: (c: Candidate, me: SessionUser | null) => boolean;
  /** Delete is an action of the admin list. */
  showDelete: (c: Candidate) => boolean;
}

/** Admin routes name a candidate by uuid, employee routes by number. */
export const ADMIN_CANDIDATES: CandidateArea = {
  variant: 'admin',
  listTitle: 'Candidates',
  listRoute: '/admin/_admin/recruitments/candidates/',
  listPath: ADMIN_BASE,
  addPath: `${ADMIN_BASE}/add`,
  listEndpoint: '/api/candidates',
  detailsPath: (c) => `${ADMIN_BASE}/${c.uuid}`,
  applicationPath: (a) => `${ADMIN_BASE}/${a.uuid}`,
  editPath: (c) => `${ADMIN_BASE}/edit/${c.uuid}`,
  filterSources: CANDIDATE_FILTER_SOURCES.admin,
  showEdit: (c) => c.canEdit,
  showDelete: (c) => c.canEdit,
};

export const EMPLOYEE_CANDIDATES: CandidateArea = {
  variant: 'employee',
  listTitle: 'My Candidates',
  listRoute: '/employee/_employee/recruitments/candidates/',
  listPath: EMPLOYEE_BASE,
  addPath: `${EMPLOYEE_BASE}/add`,
  listEndpoint: '/api/employee/candidates',
  detailsPath: (c) => `${EMPLOYEE_BASE}/${c.id}`,
  applicationPath: (a) => `${EMPLOYEE_BASE}/${a.uuid}`,
  editPath: (c) => `${EMPLOYEE_BASE}/edit/${c.id}`,
  filterSources: CANDIDATE_FILTER_SOURCES.employee,
  showEdit: (c, me) => c.canEdit && me !== null && c.created_by_id === me.id,
  showDelete: () => false,
};

/** The candidates of one job, reached from the admin job screens. */
export const jobCandidatePath = (jobId: number, c: Pick<Ref, 'uuid'>) =>
  `/admin/recruitments/job-management/${jobId}/candidates/${c.uuid}`;
