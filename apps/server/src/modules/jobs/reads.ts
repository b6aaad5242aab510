/** Reading jobs whole: the jobs of a list's page or of one id, with their links, as a reader sees them. */
import type { Knex } from 'knex';
import { JOB_MESSAGES, type Job, type JobSummary } from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { placeholders, selectRows } from '../../db/dialect.ts';
import { int } from '../../lib/rows.ts';
import { jobLinkOf, toJob, type JobLinkRow, type JobListRow } from './model.ts';

export type Db = Knex | Knex.Transaction;

/** The jobs whose ids fill `list` (placeholders), with the names and the candidate count a job shows. */
export const JOBS_BY_ID_SQL = (list: string) =>
  `SELECT j.*, c.name AS created_by, u.name AS updated_by, st.name AS state_name,
     (SELECT SUM(k.n) FROM candidate_counts k WHERE k.job_id = j.id) AS candidate_count
   FROM jobs j
   LEFT JOIN users c ON c.id = j.created_by_id
   LEFT JOIN users u ON u.id = j.updated_by_id
   LEFT JOIN states st ON st.iso2 = j.state
   WHERE j.id IN (${list})`;

/** The skills (by name) and then the editors of the jobs whose ids fill `list`, twice over (placeholders). */
export const JOB_LINKS_SQL = (list: string) =>
  `SELECT js.job_id, 'skill' AS link, s.id AS link_id, s.name AS link_name
   FROM job_skills js JOIN skills s ON s.id = js.skill_id WHERE js.job_id IN (${list})
   UNION ALL
   SELECT e.job_id, 'editor', e.user_id, NULL FROM job_editors e WHERE e.job_id IN (${list})
   ORDER BY link DESC, link_name, link_id`;

/**
 * The jobs `ids` with everything a job shows, in two small queries: the jobs with the names of their
 * state and of who created and last changed them and their candidate count (from the counts the candidates
 * service keeps per job, status and source: a few rows per job, where counting a job's candidates read
 * thousands), and their links (the skills, by name, then the editors). One query joining both repeated
 * each job's wide row once per link and had SQL rank the skills. Written as SQL text: the job list runs
 * this on every request, and building it with knex's builder cost more than running it
 * (bench/throughput.ts). The jobs come in no order: findJobs puts them in the order asked for.
 */
async function selectJobs(db: Db, ids: number[]): Promise<{ jobs: JobListRow[]; links: JobLinkRow[] }> {
  const list = placeholders(ids.length);
  const [jobs, links] = await Promise.all([
    selectRows<JobListRow>(db, JOBS_BY_ID_SQL(list), ids),
    selectRows<JobLinkRow>(db, JOB_LINKS_SQL(list), [...ids, ...ids]),
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

export const unique = <T>(values: readonly T[]) => [...new Set(values)];

export function createJobReads({ db, today: todayOf }: { db: Knex; today: () => string }) {
  /** The jobs `ids`, in that order, as the reader sees them (selectJobs). */
  async function findJobs(ids: number[], reader: Caller, trx: Db = db): Promise<Job[]> {
    if (ids.length === 0) return [];
    const { jobs, links } = await selectJobs(trx, ids);
    const today = todayOf();
    const found = new Map(jobs.map((row) => [int(row.id), toJob(row, today)]));
    // The links come skills first, each job's by name, then the editors by id.
    for (const row of links) {
      const job = found.get(int(row.job_id));
      const link = jobLinkOf(row);
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

  return { findJobs, getJob };
}
export type JobReads = ReturnType<typeof createJobReads>;
