import type { NavGroup } from '@portal/ui';

/** The sidebars of the signed-in screens, one per role. */
export const ADMIN_NAV: NavGroup[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Employee Data', items: [{ label: 'Employee Details', to: '/admin/master-data/data-pegawai' }] },
  {
    label: 'Recruitments',
    items: [
      { label: 'Skill Management', to: '/admin/recruitments/skill-management' },
      { label: 'Job Management', to: '/admin/recruitments/job-management' },
      { label: 'Candidates', to: '/admin/recruitments/candidates' },
      { label: 'Talent pool', to: '/admin/recruitments/people' },
      { label: 'Analytics', to: '/admin/recruitments/analytics' },
    ],
  },
  {
    label: 'Purchases',
    items: [
      { label: 'Purchase List', to: '/admin/master-data/data-jabatan' },
      { label: 'Create Purchase', to: '/admin/master-data/lending/add-lending' },
    ],
  },
  {
    label: 'Expenses',
    items: [
      { label: 'Expense List', to: '/admin/expense/list' },
      { label: 'Add Expense', to: '/admin/expense/add' },
    ],
  },
  { label: 'Reports', items: [{ label: 'Transaction Report', to: '/admin/reports/transactions' }] },
  // The contact form's messages and the mail outbox (its unread count is shown beside it).
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Settings', items: [{ label: 'Change Password', to: '/admin/pengaturan/ubah-password' }] },
];

export const EMPLOYEE_NAV: NavGroup[] = [
  { label: 'Dashboard', to: '/pegawai/dashboard' },
  {
    label: 'Recruitment',
    items: [
      { label: 'Job Listings', to: '/employee/recruitments/job-management' },
      { label: 'My Candidates', to: '/employee/recruitments/candidates' },
      { label: 'Talent pool', to: '/employee/recruitments/people' },
      { label: 'Skills Database', to: '/employee/recruitments/skill-management' },
      { label: 'Analytics', to: '/employee/recruitments/analytics' },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Change Password', to: '/pegawai/settings/change-password' },
      { label: 'Logout', to: '/logout' },
    ],
  },
];
