/** Changing jobs: who may, and adding, editing, closing and deleting a job (its form's rules: form.ts). */
import type { Knex } from 'knex';
import {
  JOB_DEFAULTS,
  JOB_MESSAGES,
  type Job,
  type JobCreate,
  type JobStatus,
  type JobUpdate,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { isForeignKeyViolation } from '../../db/dialect.ts';
import { int, intOrNull } from '../../lib/rows.ts';
import {
  deadlineOf,
  jobEditorRows,
  jobSkillRows,
  storedJobColumns,
  type JobEditorRow,
  type JobLockRow,
} from './model.ts';
import { countRows } from '../../lib/paging.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { LocationService } from '../locations/service.ts';
import { jobFormColumns } from './form.ts';
import { toJobSummary, type Db, type JobReads } from './reads.ts';

/** Sets the job's skills, and its editors when the form sent them (absent: unchanged). */
async function replaceLinks(
  trx: Knex.Transaction,
  jobId: number,
  skillIds: number[],
  editorIds: number[] | undefined,
) {
  await trx('job_skills').where({ job_id: jobId }).delete();
  await trx('job_skills').insert(jobSkillRows(jobId, skillIds));
  if (editorIds === undefined) return;
  await trx('job_editors').where({ job_id: jobId }).delete();
  if (editorIds.length > 0) {
    await trx('job_editors').insert(jobEditorRows(jobId, editorIds));
  }
}

export function createJobWrites({
  db,
  inUnitOfWork,
  locations,
  today: todayOf,
  reads: { getJob },
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  locations: LocationService;
  today: () => string;
  reads: JobReads;
}) {
  /**
   * The job, locked for this transaction, if the actor may change it (creator, admin or one of its
   * editors); else 404 or 403. With `version` (the one the change was made from), a job changed since
   * gets 409 with the job as it is now, so that the screen can show it.
   */
  async function loadForWrite(
    trx: Db,
    id: number,
    actor: Caller,
    deniedMessage: string,
    version?: number,
  ): Promise<JobLockRow> {
    const row: JobLockRow | undefined = await trx('jobs')
      .where({ id })
      .forUpdate()
      .first('id', 'created_by_id', 'deadline', 'version');
    if (!row) throw notFound(JOB_MESSAGES.notFound);
    if (actor.role !== 'admin' && intOrNull(row.created_by_id) !== actor.id) {
      const editor = await trx<JobEditorRow>('job_editors')
        .where({ job_id: id, user_id: actor.id })
        .first('job_id');
      if (!editor) throw forbidden(deniedMessage);
    }
    if (version !== undefined && int(row.version) !== version) {
      const current = await getJob(id, actor, trx);
      throw conflict(JOB_MESSAGES.staleEdit(current.updated_by), { current });
    }
    return row;
  }

  /** The job as it now stands, with its `job.changed` event queued for after the commit. */
  async function changed(trx: Db, emit: UnitOfWork['emit'], id: number, actor: Caller): Promise<Job> {
    const job = await getJob(id, actor, trx);
    emit('job.changed', toJobSummary(job));
    return job;
  }

  return {
    /** 404, or 403 with `denied`, unless the actor may edit the job (for its client contacts, review links). */
    assertMayEditJob: async (id: number, actor: Caller, denied: string, trx: Db = db): Promise<void> =>
      void (await loadForWrite(trx, id, actor, denied)),

    async createJob(input: JobCreate, actor: Caller, outer?: UnitOfWork): Promise<Job> {
      return inUnitOfWork(async ({ trx, emit }) => {
        const { columns, skillIds, editorIds } = await jobFormColumns(trx, input, {
          today: todayOf(),
          locations,
        });
        const now = new Date();
        const [inserted] = await trx('jobs').insert({
          openings: JOB_DEFAULTS.openings,
          ...storedJobColumns(columns),
          status: input.status ?? JOB_DEFAULTS.status,
          created_by_id: actor.id,
          updated_by_id: actor.id,
          created_at: now,
          updated_at: now,
        });
        const jobId = int(inserted!);
        await replaceLinks(trx, jobId, skillIds, editorIds);
        return changed(trx, emit, jobId, actor);
      }, outer);
    },

    async updateJob(id: number, input: JobUpdate, actor: Caller, outer?: UnitOfWork): Promise<Job> {
      return inUnitOfWork(async ({ trx, emit }) => {
        const existing = await loadForWrite(trx, id, actor, JOB_MESSAGES.noEditPermission, input.version);
        const { columns, skillIds, editorIds } = await jobFormColumns(trx, input, {
          previousDeadline: deadlineOf(existing),
          today: todayOf(),
          locations,
        });
        if (input.status === 'active' && columns.deadline !== null && columns.deadline < todayOf()) {
          throw invalid(JOB_MESSAGES.activePastDeadline);
        }
        await trx('jobs')
          .where({ id })
          .update({
            ...storedJobColumns(columns),
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
        const deadline = deadlineOf(existing);
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
