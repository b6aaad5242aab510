/**
 * A job's client contacts: the people at the client who receive its shortlists' review links. Anyone who may
 * see the job reads them; those who may edit the job (the jobs' own rule) add and remove them.
 */
import type { Knex } from 'knex';
import {
  JOB_MESSAGES,
  REVIEW_MESSAGES as M,
  type ClientContact,
  type ClientContactCreate,
} from '@portal/contracts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import type { JobService } from '../jobs/service.ts';
import { toClientContact, type ClientContactRow } from './model.ts';

/** The one spelling of an address the table keeps: the unique key then refuses `A@x` beside `a@x`. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

const selectContacts = (db: Knex) =>
  db('job_client_contacts as cc')
    .leftJoin('users as u', 'u.id', 'cc.created_by_id')
    .select('cc.*', 'u.name as created_by');

export function createClientContacts({ db, jobs }: { db: Knex; jobs: JobService }) {
  async function assertJobExists(jobId: number): Promise<void> {
    if (!(await db('jobs').where({ id: jobId }).first('id'))) throw notFound(JOB_MESSAGES.notFound);
  }

  return {
    async listContacts(jobId: number): Promise<ClientContact[]> {
      await assertJobExists(jobId);
      const rows: ClientContactRow[] = await selectContacts(db)
        .where('cc.job_id', jobId)
        .orderBy([{ column: 'cc.name' }, { column: 'cc.id' }]);
      return rows.map(toClientContact);
    },

    async addContact(jobId: number, input: ClientContactCreate, actor: Caller): Promise<ClientContact> {
      await jobs.assertMayEditJob(jobId, actor, M.noContactPermission);
      const email = normalEmail(input.email);
      const taken = await db('job_client_contacts').where({ job_id: jobId, email }).first('id');
      if (taken) throw conflict(M.contactExists, { field: 'email' });
      let id: number;
      try {
        const [inserted] = await db('job_client_contacts').insert({
          job_id: jobId,
          name: input.name.trim(),
          email,
          created_by_id: actor.id || null,
          created_at: new Date(),
        });
        id = int(inserted!);
      } catch (error) {
        // Added by someone else between the check and the insert.
        if (isUniqueViolation(error)) throw conflict(M.contactExists, { field: 'email' });
        throw error;
      }
      const row: ClientContactRow = await selectContacts(db).where('cc.id', id).first();
      return toClientContact(row);
    },

    async removeContact(jobId: number, contactId: number, actor: Caller): Promise<void> {
      await jobs.assertMayEditJob(jobId, actor, M.noContactPermission);
      const removed = await db('job_client_contacts').where({ id: contactId, job_id: jobId }).delete();
      if (removed === 0) throw notFound(M.contactNotFound);
    },

    /**
     * The recipients a share's `contactIds` name, each once: all of them contacts of this job, else 400
     * (a contact of another job, or one removed since the screen read the list).
     */
    async chosenContacts(jobId: number, ids: readonly number[]): Promise<ClientContactRow[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const rows: ClientContactRow[] = await selectContacts(db)
        .where('cc.job_id', jobId)
        .whereIn('cc.id', unique)
        .orderBy('cc.id');
      if (rows.length !== unique.length) throw invalid(M.contactsNotOfJob);
      return rows;
    },
  };
}
export type ClientContacts = ReturnType<typeof createClientContacts>;
