import type { Knex } from 'knex';
import {
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  DASHBOARD_MESSAGES,
  DASHBOARD_RECENT_LIMIT,
  successRateOf,
  type CandidateStatus,
  type EmployeeDashboard,
  type RecentActivity,
  type RecruitmentDashboard,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIsoString } from '../../lib/dates.ts';
import { whereOpenForApplications } from '../jobs/model.ts';

type Row = Record<string, unknown>;
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
  /** How many candidates have each status or source, summed from the counts kept per job, status and source. */
  async function counts(dimension: 'status' | 'source'): Promise<Map<string, number>> {
    const rows = (await db('candidate_counts')
      .groupBy(dimension)
      .select(`${dimension} as value`)
      .sum({ n: 'n' })) as Row[];
    return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [String(r.value), Number(r.n)]));
  }

  /** How many of the candidates a user added have each status (kept with every change: counts.ts). */
  async function countsOfCreator(userId: number): Promise<Map<string, number>> {
    const rows = (await db('candidate_creator_counts')
      .where({ created_by_id: userId })
      .select('status', 'n')) as Row[];
    return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [String(r.status), Number(r.n)]));
  }

  const countOf = async (query: Knex.QueryBuilder) =>
    Number(((await query.count({ n: '*' }).first()) as Row | undefined)?.n ?? 0);
  const activeJobs = () => countOf(whereOpenForApplications(db('jobs as j')));

  /** The newest history entries: each candidate's arrival and every status change, newest first. */
  async function recentActivities(): Promise<RecentActivity[]> {
    // The newest entries first, by the primary key alone; then their candidates and jobs by id.
    const newest = db('candidate_history').orderBy('id', 'desc').limit(DASHBOARD_RECENT_LIMIT).select('*');
    const rows = (await db
      .from(newest.as('h'))
      .join('candidates as c', 'c.id', 'h.candidate_id')
      .join('jobs as j', 'j.id', 'c.job_id')
      .leftJoin('jobs as aj', 'aj.id', 'h.job_id')
      .orderBy('h.id', 'desc')
      .select(
        'h.id',
        'h.kind',
        'aj.title as applied_job_title',
        'h.from_status',
        'h.to_status',
        'h.changed_at',
        'c.id as candidate_id',
        'c.uuid',
        'c.name',
        'c.job_id',
        'j.title',
      )) as Row[];
    return rows.map((r) => {
      // An application recorded on an existing profile reads as an application, for the job applied to.
      const isApplication = r.kind === 'application';
      const isNew = isApplication || r.from_status === null || r.from_status === undefined;
      return {
        id: Number(r.id),
        type: isNew ? ('new_candidate' as const) : ('status_change' as const),
        description: isNew
          ? DASHBOARD_MESSAGES.newCandidate(
              String(r.name),
              String((isApplication && r.applied_job_title) || r.title),
            )
          : DASHBOARD_MESSAGES.statusChange(String(r.name), String(r.from_status), String(r.to_status)),
        timestamp: toIsoString(r.changed_at),
        candidateId: Number(r.candidate_id),
        candidateUuid: String(r.uuid),
        jobId: Number(r.job_id),
      };
    });
  }

  return {
    async recruitment(): Promise<RecruitmentDashboard> {
      const [byStatus, bySource, active, recent] = await Promise.all([
        counts('status'),
        counts('source'),
        activeJobs(),
        recentActivities(),
      ]);
      return {
        activeJobs: active,
        totalCandidates: sumOf(byStatus, [...byStatus.keys()]),
        selectedCandidates: sumOf(byStatus, SELECTED),
        rejectedCandidates: byStatus.get('rejected') ?? 0,
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
      const user = (await db('users').where({ id: reader.id }).first()) as Row | undefined;
      if (!user) throw notFound(DASHBOARD_MESSAGES.employeeFailed);
      const [byStatus, mine, totalJobs, active, myJobs, openings, open, recent] = await Promise.all([
        counts('status'),
        countsOfCreator(reader.id),
        countOf(db('jobs')),
        activeJobs(),
        countOf(db('jobs').where({ created_by_id: reader.id })),
        whereOpenForApplications(db('jobs as j')).sum({ n: 'j.openings' }).first(),
        whereOpenForApplications(db('jobs as j'))
          .orderBy('j.id', 'desc')
          .limit(DASHBOARD_RECENT_LIMIT)
          .select('j.id', 'j.title', 'j.type', 'j.openings'),
        // The newest ids by the creator's index alone, then those rows and their jobs.
        db
          .from(
            db('candidates')
              .where('created_by_id', reader.id)
              .orderBy('id', 'desc')
              .limit(DASHBOARD_RECENT_LIMIT)
              .select('id')
              .as('n'),
          )
          .join('candidates as c', 'c.id', 'n.id')
          .join('jobs as j', 'j.id', 'c.job_id')
          .orderBy('c.id', 'desc')
          .select('c.id', 'c.uuid', 'c.name', 'c.status', 'c.created_at', 'c.job_id', 'j.title'),
      ]);
      const total = sumOf(mine, [...mine.keys()]);
      const selected = sumOf(mine, SELECTED);
      return {
        user: {
          id: Number(user.id),
          name: String(user.name),
          email: String(user.email),
          photo: (user.photo as string | null) ?? null,
          designation: (user.designation as string | null) ?? null,
          department: (user.department as string | null) ?? null,
        },
        stats: {
          totalJobs,
          totalCandidates: sumOf(byStatus, [...byStatus.keys()]),
          totalOpenPositions: Number((openings as Row | undefined)?.n ?? 0),
          activeJobs: active,
          myJobs,
        },
        recentActivities: (recent as Row[]).map((r) => ({
          id: Number(r.id),
          uuid: String(r.uuid),
          candidateName: String(r.name),
          jobTitle: String(r.title),
          jobId: Number(r.job_id),
          date: toIsoString(r.created_at),
          application_status: r.status as CandidateStatus,
        })),
        openPositions: (open as Row[]).map((r) => ({
          id: Number(r.id),
          title: String(r.title),
          type: String(r.type),
          openings: Number(r.openings),
        })),
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
