/** The job list: the search and the filter panel, the tab counts, a page, and the Excel export's rows. */
import type { Knex } from 'knex';
import {
  JOB_MESSAGES,
  PAGE_SIZES,
  RUPEES_PER_LAKH,
  type JobExportRow,
  type JobFilterQuery,
  type JobListQuery,
  type JobPage,
  type JobTabCounts,
} from '@portal/contracts';
import { skillNameKey } from '../skills/model.ts';
import { invalid } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { readRows, selectRows } from '../../db/dialect.ts';
import { int } from '../../lib/rows.ts';
import { pageBounds, whereContains } from '../../lib/paging.ts';
import {
  EFFECTIVE_STATUS_SQL,
  jobStatusOf,
  toJobExportRow,
  whereEffectiveStatus,
  type JobExportSource,
  type JobProbeRow,
  type JobStatusCountRow,
} from './model.ts';
import { unique, type JobReads } from './reads.ts';

/** How many light rows the job list reads before it counts with a grouped query instead. */
export const DEFAULT_PROBE_LIMIT = 1000;

const emptyCounts = (): JobTabCounts => ({ all: 0, active: 0, draft: 0, closed: 0, archived: 0, expired: 0 });

/** Tab counts from (effective status, how many) pairs. */
function countStatuses(entries: [status: string, n: number][]): JobTabCounts {
  const counts = emptyCounts();
  for (const [status, n] of entries) {
    counts.all += n;
    if (status in counts) counts[status as keyof JobTabCounts] += n;
  }
  return counts;
}

/**
 * What a search looks in: staff search a posting's title and description; an applicant on the careers
 * page also searches for where the job is and what it asks for (city, state code or name, skill names).
 */
export type SearchScope = 'posting' | 'opening';

/**
 * The careers search: title, description, city and state as columns; the state's name and the skills
 * through their own small tables, each an `IN (subquery)` answered by the (skill_id, job_id) index and
 * the states' primary key rather than a join that would repeat a job once per skill.
 */
function whereOpeningContains(q: Knex.QueryBuilder, term: string | undefined) {
  whereContains(q, ['j.title', 'j.description', 'j.city', 'j.state'], term, (group, contains) => {
    group.orWhereIn('j.state', (states) =>
      states
        .select('st.iso2')
        .from('states as st')
        .whereRaw(...contains('st.name')),
    );
    group.orWhereIn('j.id', (linked) =>
      linked
        .select('js.job_id')
        .from('job_skills as js')
        .whereIn('js.skill_id', (skills) =>
          skills
            .select('s.id')
            .from('skills as s')
            .whereRaw(...contains('s.name')),
        ),
    );
  });
}

/**
 * The list's probe with no search and no filter (the list as it opens, and every refetch of it), as SQL text:
 * building it with knex's builder on every request cost more than running it (bench/throughput.ts).
 */
export const NEWEST_JOBS_SQL = 'SELECT j.id, j.status, j.deadline FROM jobs j ORDER BY j.id DESC LIMIT ?';

const noFilter = (q: Knex.QueryBuilder) => q;

/** Whether a list query has neither a search nor a filter of the panel (the tab is applied to the probe). */
const isUnfiltered = (query: JobFilterQuery) =>
  !query.search?.trim() &&
  !query.statuses?.length &&
  !query.types?.length &&
  !query.skills?.length &&
  query.salaryMin === undefined &&
  query.salaryMax === undefined &&
  query.experienceMin === undefined &&
  query.experienceMax === undefined;

export function createJobLists({
  db,
  today: todayOf,
  probeLimit,
  reads,
}: {
  db: Knex;
  today: () => string;
  probeLimit: number;
  reads: JobReads;
}) {
  /**
   * The search and the filter panel on `jobs as j`; null when a chosen skill is not in the catalogue,
   * so that nothing can match. The tab is applied by the caller.
   */
  async function filtered(
    query: JobFilterQuery,
    searchIn: SearchScope = 'posting',
  ): Promise<((q: Knex.QueryBuilder) => Knex.QueryBuilder) | null> {
    const { salaryMin, salaryMax, experienceMin, experienceMax } = query;
    if (salaryMin !== undefined && salaryMax !== undefined && salaryMin > salaryMax) {
      throw invalid(JOB_MESSAGES.filterSalaryOrder);
    }
    if (experienceMin !== undefined && experienceMax !== undefined && experienceMin > experienceMax) {
      throw invalid(JOB_MESSAGES.filterExperienceOrder);
    }
    const names = unique((query.skills ?? []).map(skillNameKey).filter(Boolean));
    let skillIds: number[] = [];
    if (names.length > 0) {
      const matched = await db('skills').whereIn('name_key', names).pluck('id');
      skillIds = matched.map(int);
      if (skillIds.length < names.length) return null;
    }
    const today = todayOf();
    return (q) => {
      if (searchIn === 'opening') whereOpeningContains(q, query.search);
      else whereContains(q, ['j.title', 'j.description'], query.search);
      if (query.statuses?.length) whereEffectiveStatus(q, query.statuses, today);
      if (query.types?.length) q.whereIn('j.type', query.types);
      if (skillIds.length > 0) {
        // Every chosen skill: the jobs that have as many of them as were chosen.
        q.whereIn('j.id', (sub) =>
          sub
            .select('job_id')
            .from('job_skills')
            .whereIn('skill_id', skillIds)
            .groupBy('job_id')
            .havingRaw('COUNT(*) = ?', [skillIds.length]),
        );
      }
      // Ranges overlap: the job's range reaches into the chosen one. A job without a maximum salary
      // offers its minimum.
      if (salaryMin !== undefined) {
        q.whereRaw('COALESCE(j.max_salary, j.min_salary) >= ?', [salaryMin * RUPEES_PER_LAKH]);
      }
      if (salaryMax !== undefined) q.where('j.min_salary', '<=', salaryMax * RUPEES_PER_LAKH);
      if (experienceMin !== undefined) q.where('j.experience_max', '>=', experienceMin);
      if (experienceMax !== undefined) q.where('j.experience_min', '<=', experienceMax);
      return q;
    };
  }

  /**
   * Every tab's count in one query, grouped by effective status. Grouping by the expression (not by
   * the status column) keeps the planner from walking the status index and fetching each row by id when
   * a search must read the rows anyway; without a search it counts from the (status, deadline) index.
   */
  async function countTabs(filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<JobTabCounts> {
    const rows: JobStatusCountRow[] = await filter(db('jobs as j'))
      .select(db.raw(`${EFFECTIVE_STATUS_SQL} as effective_status`, [todayOf()]))
      .count({ n: '*' })
      .groupBy('effective_status');
    return countStatuses(rows.map((r) => [r.effective_status, int(r.n)]));
  }

  return {
    /**
     * One page of the filtered list and every tab's count. A search reads every row (substring match),
     * so the work is shaped to read the table once where possible: a light probe of the newest matches
     * (id and status only) is often the whole match set, giving the counts and the page by itself; when
     * it is not, the counts come from one grouped query and the page usually still from the probe.
     */
    async listJobs(query: JobListQuery, reader: Caller, searchIn: SearchScope = 'posting'): Promise<JobPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.jobs);
      const unfiltered = isUnfiltered(query);
      const filter = unfiltered ? noFilter : await filtered(query, searchIn);
      if (!filter) return { items: [], total: 0, page, pageSize, counts: emptyCounts() };
      const today = todayOf();
      const tab = query.status;
      const probeRows = unfiltered
        ? await selectRows<JobProbeRow>(db, NEWEST_JOBS_SQL, [probeLimit + 1])
        : await readRows<JobProbeRow>(
            db,
            filter(db('jobs as j'))
              .orderBy('j.id', 'desc')
              .limit(probeLimit + 1)
              .select('j.id', 'j.status', 'j.deadline'),
          );
      const probe = probeRows.map((r) => ({ id: int(r.id), status: jobStatusOf(r, today) }));
      const complete = probe.length <= probeLimit;
      const counts = complete ? countStatuses(probe.map((r) => [r.status, 1])) : await countTabs(filter);
      const total = counts[tab ?? 'all'];
      if (total <= offset) return { items: [], total, page, pageSize, counts };

      const inTab = tab ? probe.filter((r) => r.status === tab) : probe;
      let ids: number[];
      if (complete || inTab.length >= offset + pageSize) {
        ids = inTab.slice(offset, offset + pageSize).map((r) => r.id);
      } else {
        const q = filter(db('jobs as j'));
        if (tab) whereEffectiveStatus(q, [tab], today);
        ids = (await q.orderBy('j.id', 'desc').limit(pageSize).offset(offset).pluck('j.id')).map(int);
      }
      return { items: await reads.findJobs(ids, reader), total, page, pageSize, counts };
    },

    /** The whole filtered list (search, panel and tab), with the columns of the Excel export. */
    async exportJobs(query: JobFilterQuery): Promise<JobExportRow[]> {
      const filter = await filtered(query);
      if (!filter) return [];
      const q = filter(db('jobs as j'));
      const today = todayOf();
      if (query.status) whereEffectiveStatus(q, [query.status], today);
      const rows: JobExportSource[] = await q
        .orderBy('j.id', 'desc')
        .select('j.id', 'j.title', 'j.description', 'j.status', 'j.deadline');
      return rows.map((r) => toJobExportRow(r, today));
    },
  };
}
