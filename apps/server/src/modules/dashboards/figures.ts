/** The dashboards' reads, one query each, on an index or a kept table of counts (see service.ts). */
import type { Knex } from 'knex';
import { DASHBOARD_RECENT_LIMIT, type RecentActivity } from '@portal/contracts';
import { total } from '../../lib/rows.ts';
import { whereOpenForApplications } from '../jobs/model.ts';
import {
  countsByValue,
  toAddedCandidate,
  toOpenPosition,
  toRecentActivity,
  type AddedCandidateRow,
  type CountRow,
  type OpenJobRow,
  type RecentHistoryRow,
  type TotalRow,
} from './model.ts';

/** How many candidates have each status or source, summed from the counts kept per job, status and source. */
export async function counts(db: Knex, dimension: 'status' | 'source'): Promise<Map<string, number>> {
  const rows: CountRow[] = await db('candidate_counts')
    .groupBy(dimension)
    .select(`${dimension} as value`)
    .sum({ n: 'n' });
  return countsByValue(rows);
}

/** How many of the candidates a user added have each status (kept with every change: counts.ts). */
export async function countsOfCreator(db: Knex, userId: number): Promise<Map<string, number>> {
  const rows: CountRow[] = await db('candidate_creator_counts')
    .where({ created_by_id: userId })
    .select('status as value', 'n');
  return countsByValue(rows);
}

export const countOf = async (query: Knex.QueryBuilder) => {
  const row: TotalRow | undefined = await query.count({ n: '*' }).first();
  return total(row?.n);
};

export const activeJobs = (db: Knex) => countOf(whereOpenForApplications(db('jobs as j')));

/** How many openings the jobs open for applications have in all. */
export async function openingsOfOpenJobs(db: Knex): Promise<number> {
  const row: TotalRow | undefined = await whereOpenForApplications(db('jobs as j'))
    .sum({ n: 'j.openings' })
    .first();
  return total(row?.n);
}

/** The newest jobs open for applications. */
export async function openPositions(db: Knex) {
  const rows: OpenJobRow[] = await whereOpenForApplications(db('jobs as j'))
    .orderBy('j.id', 'desc')
    .limit(DASHBOARD_RECENT_LIMIT)
    .select('j.id', 'j.title', 'j.type', 'j.openings');
  return rows.map(toOpenPosition);
}

/** The newest candidates a user added, with their jobs. */
export async function candidatesAddedBy(db: Knex, userId: number) {
  // The newest ids by the creator's index alone, then those rows and their jobs.
  const rows: AddedCandidateRow[] = await db
    .from(
      db('candidates')
        .where('created_by_id', userId)
        .orderBy('id', 'desc')
        .limit(DASHBOARD_RECENT_LIMIT)
        .select('id')
        .as('n'),
    )
    .join('candidates as c', 'c.id', 'n.id')
    .join('jobs as j', 'j.id', 'c.job_id')
    .orderBy('c.id', 'desc')
    .select('c.id', 'c.uuid', 'c.name', 'c.status', 'c.created_at', 'c.job_id', 'j.title');
  return rows.map(toAddedCandidate);
}

/** The newest history entries: each candidate's arrival and every status change, newest first. */
export async function recentActivities(db: Knex): Promise<RecentActivity[]> {
  // The newest entries first, by the primary key alone; then their candidates and jobs by id.
  const newest = db('candidate_history').orderBy('id', 'desc').limit(DASHBOARD_RECENT_LIMIT).select('*');
  const rows: RecentHistoryRow[] = await db
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
    );
  return rows.map(toRecentActivity);
}
