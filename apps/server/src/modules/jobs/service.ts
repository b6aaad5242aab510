import type { Knex } from 'knex';
import {
  APP_TIME_ZONE,
  JOB_DEFAULTS,
  JOB_MESSAGES,
  jobTypeOf,
  PAGE_SIZES,
  RUPEES_PER_LAKH,
  type Job,
  type JobCreate,
  type JobExportRow,
  type JobFilterQuery,
  type JobListQuery,
  type JobPage,
  type JobStatus,
  type JobSummary,
  type JobTabCounts,
  type JobUpdate,
  type UserRef,
  jobRuleErrors,
  jobSkillRefs,
  todayIn,
} from '@portal/contracts';
import { skillNameKey } from '../skills/model.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { isForeignKeyViolation, placeholders, readRows, selectRows } from '../../db/dialect.ts';
import type { Row } from '../../lib/model.ts';
import {
  EFFECTIVE_STATUS_SQL,
  JobEditorModel,
  JobModel,
  JobSkillModel,
  whereEffectiveStatus,
  type JobColumns,
} from './model.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { LocationService } from '../locations/service.ts';
import { findUserIds } from '../users/refs.ts';

type Db = Knex | Knex.Transaction;

/** How many light rows the job list reads before it counts with a grouped query instead. */
const DEFAULT_PROBE_LIMIT = 1000;

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

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * The jobs `ids` with everything a job shows, in two small queries: the jobs with the names of their
 * state and of who created and last changed them and their candidate count (from the counts the candidates
 * service keeps per job, status and source: a few rows per job, where counting a job's candidates read
 * thousands), and their links (the skills, by name, then the editors). One query joining both repeated
 * each job's wide row once per link and had SQL rank the skills. Written as SQL text: the job list runs
 * this on every request, and building it with knex's builder cost more than running it
 * (bench/throughput.ts). The jobs come in no order: findJobs puts them in the order asked for.
 */
async function selectJobs(db: Db, ids: number[]): Promise<{ jobs: Row[]; links: Row[] }> {
  const list = placeholders(ids.length);
  const [jobs, links] = await Promise.all([
    selectRows(
      db,
      `SELECT j.*, c.name AS created_by, u.name AS updated_by, st.name AS state_name,
         (SELECT SUM(k.n) FROM candidate_counts k WHERE k.job_id = j.id) AS candidate_count
       FROM jobs j
       LEFT JOIN users c ON c.id = j.created_by_id
       LEFT JOIN users u ON u.id = j.updated_by_id
       LEFT JOIN states st ON st.iso2 = j.state
       WHERE j.id IN (${list})`,
      ids,
    ),
    selectRows(
      db,
      `SELECT js.job_id, 'skill' AS link, s.id AS link_id, s.name AS link_name
       FROM job_skills js JOIN skills s ON s.id = js.skill_id WHERE js.job_id IN (${list})
       UNION ALL
       SELECT e.job_id, 'editor', e.user_id, NULL FROM job_editors e WHERE e.job_id IN (${list})
       ORDER BY link DESC, link_name, link_id`,
      [...ids, ...ids],
    ),
  ]);
  return { jobs, links };
}

/** What lists and live updates need of a job (the `job:changed` message, docs/realtime.md). */
export const toJobSummary = (job: Job): JobSummary => ({
  id: job.id,
  title: job.title,
  type: job.type,
  city: job.city,
  state: job.state,
  status: job.status,
  openings: job.openings,
  deadline: job.deadline,
  candidateCount: job.candidateCount,
  version: job.version,
  updatedAt: job.updatedAt,
});

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

export function createJobService({
  db,
  inUnitOfWork,
  locations,
  today: todayOf = () => todayIn(APP_TIME_ZONE),
  probeLimit = DEFAULT_PROBE_LIMIT,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  locations: LocationService;
  /** Today's date in the firm's time zone (tests may fix it). */
  today?: () => string;
  /** See listJobs (tests make it small to walk every path). */
  probeLimit?: number;
}) {
  /** The jobs `ids`, in that order, as the reader sees them (selectJobs). */
  async function findJobs(ids: number[], reader: Caller, trx: Db = db): Promise<Job[]> {
    if (ids.length === 0) return [];
    const { jobs, links } = await selectJobs(trx, ids);
    const today = todayOf();
    const found = new Map(jobs.map((row) => [Number(row.id), JobModel.toRecord(row, today)]));
    // The links come skills first, each job's by name, then the editors by id.
    for (const row of links) {
      const job = found.get(Number(row.job_id));
      const link = JobModel.linkOf(row);
      if (!job || !link) continue;
      if (link.kind === 'skill') job.skills.push({ id: link.id, name: link.name });
      else job.editable_by.push(link.id);
    }
    return ids.flatMap((id) => {
      const job = found.get(id);
      if (!job) return [];
      job.canEdit =
        reader.role === 'admin' || job.created_by_id === reader.id || job.editable_by.includes(reader.id);
      return [job];
    });
  }

  async function getJob(id: number, reader: Caller, trx: Db = db): Promise<Job> {
    const [job] = await findJobs([id], reader, trx);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    return job;
  }

  /**
   * The job, locked for this transaction, if the actor may change it (creator, admin or one of its
   * editors); else 404 or 403. With `version` (the one the change was made from), a job changed since
   * gets 409 with the job as it is now, so that the screen can show it.
   */
  async function loadForWrite(trx: Db, id: number, actor: Caller, deniedMessage: string, version?: number) {
    const row = await trx('jobs')
      .where({ id })
      .forUpdate()
      .first('id', 'created_by_id', 'deadline', 'version');
    if (!row) throw notFound(JOB_MESSAGES.notFound);
    if (actor.role !== 'admin' && Number(row.created_by_id) !== actor.id) {
      const editor = await trx('job_editors').where({ job_id: id, user_id: actor.id }).first('job_id');
      if (!editor) throw forbidden(deniedMessage);
    }
    if (version !== undefined && Number(row.version) !== version) {
      const current = await getJob(id, actor, trx);
      throw conflict(JOB_MESSAGES.staleEdit(current.updated_by), { current });
    }
    return row as Row;
  }

  /** The catalogue ids of the skills a form names, by name or by id; 400 for any it does not hold. */
  async function resolveSkills(trx: Db, input: JobCreate | JobUpdate): Promise<number[]> {
    const refs = jobSkillRefs(input);
    const ids = new Set(refs.ids);
    if (refs.names.length > 0) {
      const keys = new Map(refs.names.map((name) => [skillNameKey(name), name]));
      const found = (await trx('skills')
        .whereIn('name_key', [...keys.keys()])
        .select('id', 'name_key')) as Row[];
      for (const row of found) {
        ids.add(Number(row.id));
        keys.delete(String(row.name_key));
      }
      if (keys.size > 0) throw invalid(JOB_MESSAGES.unknownSkillNames([...keys.values()]));
    }
    const skillIds = [...ids];
    if ((await countRows(trx('skills').whereIn('id', skillIds))) !== skillIds.length)
      throw invalid(JOB_MESSAGES.unknownSkills);
    return skillIds;
  }

  /** The editors a form names, by row id or user id, as live users' row ids; an unknown or deleted one is a 400. */
  async function resolveEditors(trx: Db, refs: UserRef[]): Promise<number[]> {
    const ids = await findUserIds(trx, refs);
    if (ids.some((id) => id === null)) throw invalid(JOB_MESSAGES.unknownEditors);
    return unique(ids as number[]);
  }

  /**
   * The rules across fields and against reference data, giving the columns to write.
   * `previousDeadline` is the stored one on edit: keeping a past deadline is allowed, choosing one is not.
   */
  async function toColumns(
    trx: Db,
    input: JobCreate | JobUpdate,
    { previousDeadline }: { previousDeadline?: string | null },
  ) {
    const [minExp, maxExp] = input.experienceRange;
    const maxSalary = input.maxSalary === '' ? null : (input.maxSalary ?? null);
    const deadline = input.deadline || null;
    const broken = Object.values(jobRuleErrors(input, { today: todayOf(), previousDeadline }));
    if (broken.length > 0) throw invalid(broken[0]!);
    const state = await locations.findState(input.state, trx);
    if (!state) throw invalid(JOB_MESSAGES.unknownState);
    const city = await locations.isDistrictOf(state.iso2, input.city, trx);
    if (!city) throw invalid(JOB_MESSAGES.unknownCity);

    const skillIds = await resolveSkills(trx, input);
    const editorIds = input.editable_by && (await resolveEditors(trx, input.editable_by));

    const columns: JobColumns = {
      title: input.title.trim(),
      type: jobTypeOf(input.type)!,
      description: input.description.trim(),
      state: state.iso2,
      city,
      min_salary: input.minSalary,
      max_salary: maxSalary,
      deadline,
      experience_min: minExp,
      experience_max: maxExp,
      interview_rounds: unique(input.interviewRounds ?? []),
      questions: (input.questions ?? []).map((q) => q.trim()).filter(Boolean),
      client_name: input.clientName.trim(),
      client_email: input.clientEmail.trim().toLowerCase(),
      client_location: input.clientLocation.trim(),
      ...(input.openings !== undefined ? { openings: input.openings } : {}),
    };
    return { columns, skillIds, editorIds };
  }

  /** Sets the job's skills, and its editors when the form sent them (absent: unchanged). */
  async function replaceLinks(
    trx: Knex.Transaction,
    jobId: number,
    skillIds: number[],
    editorIds: number[] | undefined,
  ) {
    await trx('job_skills').where({ job_id: jobId }).delete();
    await trx('job_skills').insert(JobSkillModel.rowsOf(jobId, skillIds));
    if (editorIds === undefined) return;
    await trx('job_editors').where({ job_id: jobId }).delete();
    if (editorIds.length > 0) {
      await trx('job_editors').insert(JobEditorModel.rowsOf(jobId, editorIds));
    }
  }

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
      skillIds = matched.map(Number);
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
    const rows = (await filter(db('jobs as j'))
      .select(db.raw(`${EFFECTIVE_STATUS_SQL} as effective_status`, [todayOf()]))
      .count({ n: '*' })
      .groupBy('effective_status')) as { effective_status: string; n: number | string }[];
    return countStatuses(rows.map((r) => [r.effective_status, Number(r.n)]));
  }

  /** The job as it now stands, with its `job.changed` event queued for after the commit. */
  async function changed(trx: Db, emit: UnitOfWork['emit'], id: number, actor: Caller): Promise<Job> {
    const job = await getJob(id, actor, trx);
    emit('job.changed', toJobSummary(job));
    return job;
  }

  return {
    getJob: (id: number, reader: Caller) => getJob(id, reader),

    /** Queues `job.changed` in `uow` for jobs whose candidates changed (their counts moved): one query. */
    async announce(ids: number[], uow: UnitOfWork): Promise<void> {
      for (const job of await findJobs(unique(ids), { id: 0, role: 'admin' }, uow.trx)) {
        uow.emit('job.changed', toJobSummary(job));
      }
    },

    /**
     * One page of the filtered list and every tab's count. A search reads every row (substring match),
     * so the work is shaped to read the table once where possible: a light probe of the newest matches
     * (id and status only) is often the whole match set, giving the counts and the page by itself; when
     * it is not, the counts come from one grouped query and the page usually still from the probe.
     */
    async listJobs(query: JobListQuery, reader: Caller, searchIn: SearchScope = 'posting'): Promise<JobPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.jobs);
      const filter = await filtered(query, searchIn);
      if (!filter) return { items: [], total: 0, page, pageSize, counts: emptyCounts() };
      const today = todayOf();
      const tab = query.status;
      const probe = (
        await readRows(
          db,
          filter(db('jobs as j'))
            .orderBy('j.id', 'desc')
            .limit(probeLimit + 1)
            .select('j.id', 'j.status', 'j.deadline'),
        )
      ).map((r) => ({ id: Number(r.id), status: JobModel.statusOf(r, today) }));
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
        ids = (await q.orderBy('j.id', 'desc').limit(pageSize).offset(offset).pluck('j.id')).map(Number);
      }
      return { items: await findJobs(ids, reader), total, page, pageSize, counts };
    },

    /** The whole filtered list (search, panel and tab), with the columns of the Excel export. */
    async exportJobs(query: JobFilterQuery): Promise<JobExportRow[]> {
      const filter = await filtered(query);
      if (!filter) return [];
      const q = filter(db('jobs as j'));
      const today = todayOf();
      if (query.status) whereEffectiveStatus(q, [query.status], today);
      const rows = (await q
        .orderBy('j.id', 'desc')
        .select('j.id', 'j.title', 'j.description', 'j.status', 'j.deadline')) as Row[];
      return rows.map((r) => JobModel.toExportRow(r, today));
    },

    async createJob(input: JobCreate, actor: Caller, outer?: UnitOfWork): Promise<Job> {
      return inUnitOfWork(async ({ trx, emit }) => {
        const { columns, skillIds, editorIds } = await toColumns(trx, input, {});
        const now = new Date();
        const [inserted] = await trx('jobs').insert({
          openings: JOB_DEFAULTS.openings,
          ...JobModel.toRow(columns),
          status: input.status ?? JOB_DEFAULTS.status,
          created_by_id: actor.id,
          updated_by_id: actor.id,
          created_at: now,
          updated_at: now,
        });
        const jobId = Number(inserted);
        await replaceLinks(trx, jobId, skillIds, editorIds);
        return changed(trx, emit, jobId, actor);
      }, outer);
    },

    async updateJob(id: number, input: JobUpdate, actor: Caller, outer?: UnitOfWork): Promise<Job> {
      return inUnitOfWork(async ({ trx, emit }) => {
        const existing = await loadForWrite(trx, id, actor, JOB_MESSAGES.noEditPermission, input.version);
        const { columns, skillIds, editorIds } = await toColumns(trx, input, {
          previousDeadline: JobModel.deadlineOf(existing),
        });
        if (input.status === 'active' && columns.deadline !== null && columns.deadline < todayOf()) {
          throw invalid(JOB_MESSAGES.activePastDeadline);
        }
        await trx('jobs')
          .where({ id })
          .update({
            ...JobModel.toRow(columns),
            ...(input.status ? { status: input.status } : {}),
            updated_by_id: actor.id,
            updated_at: new Date(),
            version: trx.raw('version + 1'),
          });
        await replaceLinks(trx, id, skillIds, editorIds);
        return changed(trx, emit, id, actor);
      }, outer);
    },

    async changeStatus(
      id: number,
      status: JobStatus,
      actor: Caller,
      version?: number,
      outer?: UnitOfWork,
    ): Promise<Job> {
      return inUnitOfWork(async ({ trx, emit }) => {
        const existing = await loadForWrite(trx, id, actor, JOB_MESSAGES.noStatusPermission, version);
        const deadline = JobModel.deadlineOf(existing);
        // Active past the deadline would still read expired: say what to do instead of pretending.
        if (status === 'active' && deadline !== null && deadline < todayOf()) {
          throw invalid(JOB_MESSAGES.activePastDeadline);
        }
        await trx('jobs')
          .where({ id })
          .update({
            status,
            updated_by_id: actor.id,
            updated_at: new Date(),
            version: trx.raw('version + 1'),
          });
        return changed(trx, emit, id, actor);
      }, outer);
    },

    /** Refused while the job has candidates: their records hang on it (archive the job instead). */
    async deleteJob(id: number, actor: Caller, outer?: UnitOfWork): Promise<void> {
      try {
        await inUnitOfWork(async ({ trx, emit }) => {
          await loadForWrite(trx, id, actor, JOB_MESSAGES.noDeletePermission);
          const candidates = await countRows(trx('candidates').where({ job_id: id }));
          if (candidates > 0) throw conflict(JOB_MESSAGES.hasCandidates(candidates));
          await trx('jobs').where({ id }).delete();
          emit('job.changed', { id, deleted: true });
        }, outer);
      } catch (error) {
        // A candidate applied between the count and the delete: the foreign key refuses it.
        if (isForeignKeyViolation(error)) {
          throw conflict(JOB_MESSAGES.hasCandidates(await countRows(db('candidates').where({ job_id: id }))));
        }
        throw error;
      }
    },
  };
}
export type JobService = ReturnType<typeof createJobService>;
