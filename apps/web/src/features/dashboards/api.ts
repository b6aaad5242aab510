import { DASHBOARD_MESSAGES, type EmployeeDashboard, type RecruitmentDashboard } from '@portal/contracts';
import { api } from '../../lib/api.ts';

export const dashboardKeys = {
  recruitment: ['dashboard', 'recruitment'] as const,
  employee: ['dashboard', 'employee'] as const,
};

export const fetchRecruitmentDashboard = () =>
  api<RecruitmentDashboard>('/api/dashboard/recruitment', {
    fallbackMessage: DASHBOARD_MESSAGES.recruitmentFailed,
  });

export const fetchEmployeeDashboard = () =>
  api<EmployeeDashboard>('/api/dashboard/employee-stats', {
    fallbackMessage: DASHBOARD_MESSAGES.employeeFailed,
  });

// The queries the route loaders and the screens share: one key and one fetcher each.

export const recruitmentDashboardQuery = () => ({
  queryKey: dashboardKeys.recruitment,
  queryFn: fetchRecruitmentDashboard,
});

export const employeeDashboardQuery = () => ({
  queryKey: dashboardKeys.employee,
  queryFn: fetchEmployeeDashboard,
});
