import type { Knex } from 'knex';
import {
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  DASHBOARD_MESSAGES,
  successRateOf,
  type CandidateStatus,
  type EmployeeDashboard,
  type RecruitmentDashboard,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import {
  activeJobs,
  candidatesAddedBy,
  countOf,
  counts,
  countsOfCreator,
  openingsOfOpenJobs,
  openPositions,
  recentActivities,
} from './figures.ts';
import { toDashboardUser, type DashboardUserRow } from './model.ts';

/** Statuses that count as selected (a candidate who joined was selected first), and those still open. */
const SELECTED: readonly CandidateStatus[] = ['selected', 'joined'];
const PENDING: readonly CandidateStatus[] = ['applied', 'screening', 'shortlisted', 'interviewed'];

/** `[value, count]` pairs in the order of `known`, zeros included, then any value `known` lacks. */
function ordered(known: readonly string[], counts: Map<string, number>) {
  const extra = [...counts.keys()].filter((k) => !known.includes(k));
  return [...known, ...extra].map((value) => [value, counts.get(value) ?? 0] as const);
}
const sumOf = (counts: Map<string, number>, which: readonly string[]) =>
  which.reduce((total, key) => total + (counts.get(key) ?? 0), 0);

/**
 * The dashboards. Every figure reads an index or a table of counts kept in the
 * same transaction as each candidate change (`candidate_counts`, `candidate_creator_counts`), never a scan,
 * so that a dashboard costs the same at 1,000 candidates as at 1,000,000.
 */
export function createDashboardService({ db }: { db: Knex }) {
  return {
    async recruitment(): Promise<RecruitmentDashboard> {
      const [byStatus, bySource, active, recent, people] = await Promise.all([
        counts(db, 'status'),
        counts(db, 'source'),
        activeJobs(db),
        recentActivities(db),
        // A count of the people table's narrowest index: read after changes only, as every figure here.
        countOf(db('people')),
      ]);
      return {
        activeJobs: active,
        totalCandidates: sumOf(byStatus, [...byStatus.keys()]),
        selectedCandidates: sumOf(byStatus, SELECTED),
        rejectedCandidates: byStatus.get('rejected') ?? 0,
        peopleInPool: people,
        candidateStatusData: ordered(CANDIDATE_STATUSES, byStatus).map(([status, count]) => ({
          status,
          count,
        })),
        sourceDistribution: ordered(CANDIDATE_SOURCES, bySource).map(([source, count]) => ({
          source,
          count,
        })),
        recentActivities: recent,
        generatedAt: new Date().toISOString(),
      };
    },

    /** The signed-in employee's dashboard: the firm's jobs, and the candidates they added. */
    async employee(reader: Caller): Promise<EmployeeDashboard> {
      const user: DashboardUserRow | undefined = await db('users').where({ id: reader.id }).first();
      if (!user) throw notFound(DASHBOARD_MESSAGES.employeeFailed);
      const [byStatus, mine, totalJobs, active, myJobs, openings, open, recent] = await Promise.all([
        counts(db, 'status'),
        countsOfCreator(db, reader.id),
        countOf(db('jobs')),
        activeJobs(db),
        countOf(db('jobs').where({ created_by_id: reader.id })),
        openingsOfOpenJobs(db),
        openPositions(db),
        candidatesAddedBy(db, reader.id),
      ]);
      const total = sumOf(mine, [...mine.keys()]);
      const selected = sumOf(mine, SELECTED);
      return {
        user: toDashboardUser(user),
        stats: {
          totalJobs,
          totalCandidates: sumOf(byStatus, [...byStatus.keys()]),
          totalOpenPositions: openings,
          activeJobs: active,
          myJobs,
        },
        recentActivities: recent,
        openPositions: open,
        candidateStats: {
          total,
          pending: sumOf(mine, PENDING),
          selected,
          rejected: mine.get('rejected') ?? 0,
        },
        successRate: successRateOf(selected, total),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
