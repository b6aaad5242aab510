import { Type, type Static } from 'typebox';
import { CandidateStatusSchema } from './candidates.ts';

/**
 * The dashboards: the recruitment dashboard (`GET /api/dashboard/recruitment`,
 * also sent live as `dashboard:stats`) and the employee dashboard (`GET /api/dashboard/employee-stats`).
 * "Selected" counts candidates who were selected, including those who have since joined.
 */

/** How many entries the recent activity lists hold. */
export const DASHBOARD_RECENT_LIMIT = 10;
/** How long the server waits after a change before it recomputes and sends `dashboard:stats`. */
export const DASHBOARD_STATS_COALESCE_MS = 500;

export const RECENT_ACTIVITY_TYPES = ['new_candidate', 'status_change', 'other'] as const;
export type RecentActivityType = (typeof RECENT_ACTIVITY_TYPES)[number];

const Count = Type.Integer({ minimum: 0 });

export const RecentActivity = Type.Object({
  id: Type.Integer(),
  type: Type.Enum(RECENT_ACTIVITY_TYPES),
  description: Type.String(),
  /** ISO date-time. */
  timestamp: Type.String(),
  candidateId: Type.Integer(),
  candidateUuid: Type.String(),
  jobId: Type.Integer(),
});
export type RecentActivity = Static<typeof RecentActivity>;

export const RecruitmentDashboard = Type.Object({
  activeJobs: Count,
  totalCandidates: Count,
  selectedCandidates: Count,
  rejectedCandidates: Count,
  /** People on file across all jobs (a candidate is one application of a person). */
  peopleInPool: Count,
  /** Every status of the pipeline, in its order, with its count (zero included). */
  candidateStatusData: Type.Array(Type.Object({ status: Type.String(), count: Count })),
  /** Every source, with its count (zero included). */
  sourceDistribution: Type.Array(Type.Object({ source: Type.String(), count: Count })),
  recentActivities: Type.Array(RecentActivity),
  /** When the figures were computed (ISO date-time). */
  generatedAt: Type.String(),
});
export type RecruitmentDashboard = Static<typeof RecruitmentDashboard>;

export const EmployeeDashboard = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    photo: Type.Union([Type.String(), Type.Null()]),
    designation: Type.Union([Type.String(), Type.Null()]),
    department: Type.Union([Type.String(), Type.Null()]),
  }),
  stats: Type.Object({
    totalJobs: Count,
    totalCandidates: Count,
    totalOpenPositions: Count,
    activeJobs: Count,
    myJobs: Count,
  }),
  /** The newest candidates the employee added. */
  recentActivities: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uuid: Type.String(),
      candidateName: Type.String(),
      jobTitle: Type.String(),
      jobId: Type.Integer(),
      date: Type.String(),
      application_status: CandidateStatusSchema,
    }),
  ),
  /** Active jobs, newest first, each linking to its details. */
  openPositions: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), type: Type.String(), openings: Count }),
  ),
  /** The employee's candidates: pending = still in the pipeline. */
  candidateStats: Type.Object({ total: Count, pending: Count, selected: Count, rejected: Count }),
  /** selected ÷ total as a percentage, one decimal (0 when there are none). */
  successRate: Type.Number(),
});
export type EmployeeDashboard = Static<typeof EmployeeDashboard>;

/** Success rate: selected over total, as a percentage rounded to one decimal. */
export const successRateOf = (selected: number, total: number): number =>
  total === 0 ? 0 : Math.round((selected / total) * 1000) / 10;
