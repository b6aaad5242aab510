/**
 * Sharing a job's shortlist with its client: the edit rule for each candidate, the mail (share-mail.ts) and
 * the candidates marked shared.
 */
import type { Knex } from 'knex';
import { CANDIDATE_MESSAGES as M, JOB_MESSAGES, type ShareAnswer, type ShareBody } from '@portal/contracts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Caller } from '../../lib/caller.ts';
import { CandidateModel } from './model.ts';
import { selectCandidates, splitRefs } from './columns.ts';
import { shortlistMail } from './share-mail.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateNotifier } from '../notifications/service.ts';

type Row = Record<string, unknown>;

export function createCandidateSharing({
  db,
  inUnitOfWork,
  mailer,
  access: { editableJobIds, mayEdit, findCandidates },
  notify,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  access: CandidateAccess;
  notify: CandidateNotifier;
}) {
  return {
    /**
     * Shares the job's shortlisted candidates with its client by e-mail (to the client e-mail the job
     * holds: never an address from the request) and marks them shared.
     */
    async share(body: ShareBody, actor: Caller): Promise<ShareAnswer> {
      const jobId = Number(body.jobId);
      const job = (await db('jobs').where({ id: jobId }).first()) as Row | undefined;
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      const q = selectCandidates(db).where('c.job_id', jobId).where('c.status', 'shortlisted');
      if (body.candidates) {
        const { ids, uuids } = splitRefs(body.candidates);
        q.where((w) => w.whereIn('c.id', ids).orWhereIn('c.uuid', uuids));
      }
      const rows = (await q.orderBy('c.name')) as Row[];
      if (rows.length === 0) throw invalid(M.noShortlisted);
      // Sharing marks the candidates shared: it is a change, so each one passes the edit check before any mail.
      const editable = await editableJobIds(actor);
      if (!rows.every((row) => mayEdit(row, actor, editable))) throw forbidden(M.noEditPermission);
      const candidates = rows.map((r) => CandidateModel.toRecord(r, false));
      await mailer.send(
        shortlistMail(
          {
            title: String(job.title),
            clientName: String(job.client_name),
            clientEmail: String(job.client_email),
          },
          candidates,
        ),
        actor.id,
      );
      const sharedAt = new Date();
      const shared = await inUnitOfWork(async (uow) => {
        await uow
          .trx('candidates')
          .whereIn(
            'id',
            candidates.map((c) => c.id),
          )
          .update({ shared_with_client: true, shared_at: sharedAt, version: uow.trx.raw('version + 1') });
        const updated = await findCandidates(
          candidates.map((c) => c.id),
          actor,
          uow.trx,
        );
        for (const candidate of updated) uow.emit('candidate.updated', candidate);
        await notify.shortlistShared(uow, { jobId, count: updated.length, actorId: actor.id });
        return updated;
      });
      return {
        success: true,
        message: M.shared(shared.length),
        shared: shared.map((c) => ({
          id: c.id,
          uuid: c.uuid,
          shared_at: c.shared_at ?? sharedAt.toISOString(),
        })),
      };
    },
  };
}
