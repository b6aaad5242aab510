import { JOB_PANEL_STATUSES, JOB_TABS, JOB_TYPE_OPTIONS, type JobStatus } from '@portal/contracts';

/** What differs between the admin and the employee job screens; the screens themselves are shared. */
/** Where the jobs live in each area. */
const ADMIN_BASE = '/admin/recruitments/job-management';
const EMPLOYEE_BASE = '/employee/recruitments/job-management';

export interface JobArea {
  variant: 'admin' | 'employee';
  listTitle: string;
  /** The list's route and its address (both areas' lists take the same search params). */
  listRoute:
    '/admin/_admin/recruitments/job-management/' | '/employee/_employee/recruitments/job-management/';
  listPath: typeof ADMIN_BASE | typeof EMPLOYEE_BASE;
  addPath: `${typeof ADMIN_BASE}/form-job` | `${typeof EMPLOYEE_BASE}/add`;
  /** The edit and details routes, each with the job's `id` as its param. */
  editPath: `${typeof ADMIN_BASE | typeof EMPLOYEE_BASE}/edit/$id`;
  detailsPath: `${typeof ADMIN_BASE | typeof EMPLOYEE_BASE}/details/$id`;
  tabs: readonly { id: string; label: string }[];
  /** The filter panel's status choices. */
  panelStatuses: readonly JobStatus[];
}

export const ADMIN_JOBS: JobArea = {
  variant: 'admin',
  listTitle: 'Job Management',
  listRoute: '/admin/_admin/recruitments/job-management/',
  listPath: ADMIN_BASE,
  addPath: `${ADMIN_BASE}/form-job`,
  editPath: `${ADMIN_BASE}/edit/$id`,
  detailsPath: `${ADMIN_BASE}/details/$id`,
  tabs: JOB_TABS.admin,
  panelStatuses: JOB_PANEL_STATUSES.admin,
};

export const EMPLOYEE_JOBS: JobArea = {
  variant: 'employee',
  listTitle: 'Job Listings',
  listRoute: '/employee/_employee/recruitments/job-management/',
  listPath: EMPLOYEE_BASE,
  addPath: `${EMPLOYEE_BASE}/add`,
  editPath: `${EMPLOYEE_BASE}/edit/$id`,
  detailsPath: `${EMPLOYEE_BASE}/details/$id`,
  tabs: JOB_TABS.employee,
  panelStatuses: JOB_PANEL_STATUSES.employee,
};

/** The job type choices of a form (each screen spells them its own way). */
export function jobTypeOptions(area: JobArea, isEdit: boolean) {
  if (area.variant === 'employee') return JOB_TYPE_OPTIONS.employee;
  return isEdit ? JOB_TYPE_OPTIONS.adminEdit : JOB_TYPE_OPTIONS.adminAdd;
}
