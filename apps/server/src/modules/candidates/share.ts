/**
 * Sharing a job's shortlist with its client: the edit rule for each candidate, one review link per recipient
 * (the reviews module makes them, and the mail each one carries), the candidates marked shared, and a record
 * of each share (who sent which candidates to whom, and when, with each link's tracking).
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES as M,
  JOB_MESSAGES,
  REVIEW_MESSAGES,
  parseId,
  type Candidate,
  type ShareAnswer,
  type ShareBody,
  type ShortlistShare,
} from '@portal/contracts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Caller } from '../../lib/caller.ts';
import { int } from '../../lib/rows.ts';
import { toCandidate, type CandidateRecordRow } from './model.ts';
import { toShortlistShare, type ShareNamedRow, type ShareRow, type SharedJobRow } from './share-rows.ts';
import { selectCandidates, splitRefs, whereRef } from './columns.ts';
import { recipientsOf, reviewLinkMail, type ReviewService } from '../reviews/service.ts';
import type { CandidateAccess } from './access.ts';
import { recordCandidateChange } from './changes.ts';
import type { CandidateNotifier } from '../notifications/service.ts';

/** What sharing asks of the reviews module: the chosen contacts, the links, and the links' tracking. */
export type ShareReviewLinks = Pick<
  ReviewService,
  'chosenContacts' | 'issueLinks' | 'linksOfShares' | 'maskSentLinks'
>;

/**
 * The recruiter's notes for the client by candidate id, from the body's notes keyed by id or uuid: a note for
 * a candidate the share does not send is a 400, a blank one is no note.
 */
function notesByCandidate(notes: Record<string, string> | undefined, candidates: Candidate[]) {
  const byId = new Map<number, string>();
  for (const [ref, note] of Object.entries(notes ?? {})) {
    const candidate = candidates.find((c) => String(c.id) === ref || c.uuid === ref);
    if (!candidate) throw invalid(REVIEW_MESSAGES.noteNotShared);
    if (note.trim()) byId.set(candidate.id, note.trim());
  }
  return byId;
}

/** The shares `where` picks, newest first, each with the candidates it named and its links. */
async function readShares(
  db: Knex,
  reviews: ShareReviewLinks,
  where: (q: Knex.QueryBuilder) => void,
): Promise<ShortlistShare[]> {
  const q = db('shortlist_shares as s')
    .join('jobs as j', 'j.id', 's.job_id')
    .leftJoin('users as u', 'u.id', 's.shared_by_id')
    .select('s.*', 'j.title as job_title', 'u.name as shared_by')
    .orderBy([
      { column: 's.shared_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(SHARE_RECORDS_SHOWN);
  where(q);
  const shares: ShareRow[] = await q;
  if (shares.length === 0) return [];
  const named: ShareNamedRow[] = await db('shortlist_share_candidates as sc')
    .join('candidates as c', 'c.id', 'sc.candidate_id')
    .whereIn(
      'sc.share_id',
      shares.map((s) => s.id),
    )
    .orderBy('c.name')
    .select('sc.share_id', 'c.id', 'c.uuid', 'c.name', 'sc.withdrawn_at');
  const links = await reviews.linksOfShares(shares.map((s) => int(s.id)));
  return shares.map((s) => toShortlistShare(s, named, links.get(int(s.id)) ?? []));
}

/** A job's or a candidate's share record lists this many shares, newest first. */
const SHARE_RECORDS_SHOWN = 100;

export function createCandidateSharing({
  db,
  inUnitOfWork,
  mailer,
  access: { editableJobIds, mayEdit, findCandidates },
  notify,
  reviews,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  access: CandidateAccess;
  notify: CandidateNotifier;
  reviews: ShareReviewLinks;
}) {
  return {
    /**
     * Shares the job's shortlisted candidates with its client: each recipient (the client e-mail the job
     * holds and the chosen contacts of the job: never an address from the request) gets a mail with a review
     * link of their own; the candidates are marked shared. The links' addresses are in this answer only.
     */
    async share(body: ShareBody, actor: Caller): Promise<ShareAnswer> {
      const jobId = parseId(body.jobId);
      if (jobId === null) throw notFound(JOB_MESSAGES.notFound);
      const job: SharedJobRow | undefined = await db('jobs').where({ id: jobId }).first();
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      const q = selectCandidates(db).where('c.job_id', jobId).where('c.status', 'shortlisted');
      if (body.candidates) {
        const { ids, uuids } = splitRefs(body.candidates);
        q.where((w) => w.whereIn('c.id', ids).orWhereIn('c.uuid', uuids));
      }
      const rows: CandidateRecordRow[] = await q.orderBy('c.name');
      if (rows.length === 0) throw invalid(M.noShortlisted);
      // Sharing marks the candidates shared: it is a change, so each one passes the edit check before any mail.
      const editable = await editableJobIds(actor);
      if (!rows.every((row) => mayEdit(row, actor, editable))) throw forbidden(M.noEditPermission);
      const candidates = rows.map((r) => toCandidate(r, false));
      const notes = notesByCandidate(body.notes, candidates);
      const recipients = recipientsOf(
        { name: job.client_name, email: job.client_email },
        await reviews.chosenContacts(jobId, body.contactIds ?? []),
      );
      const sender: { name: string } | undefined = await db('users').where({ id: actor.id }).first('name');
      const sharedAt = new Date();
      const { shared, shareId, links, queued } = await inUnitOfWork(async (uow) => {
        await uow
          .trx('candidates')
          .whereIn(
            'id',
            candidates.map((c) => c.id),
          )
          .update({ shared_with_client: true, shared_at: sharedAt, version: uow.trx.raw('version + 1') });
        const [inserted] = await uow.trx('shortlist_shares').insert({
          job_id: jobId,
          shared_by_id: actor.id,
          client_name: job.client_name,
          client_email: job.client_email,
          shared_at: sharedAt,
        });
        const shareId = int(inserted!);
        await uow
          .trx('shortlist_share_candidates')
          .insert(
            candidates.map((c) => ({ share_id: shareId, candidate_id: c.id, note: notes.get(c.id) ?? null })),
          );
        const links = await reviews.issueLinks(uow.trx, shareId, recipients, body);
        // Kept in the outbox with the share, so that a link mailed is a link that exists; sent after commit.
        const queued = await Promise.all(
          links.map((link) =>
            mailer.queue(
              uow.trx,
              reviewLinkMail(link, job, candidates.length, sender?.name ?? REVIEW_MESSAGES.senderUnknown),
              actor.id,
            ),
          ),
        );
        await recordCandidateChange(
          uow.trx,
          candidates.map((c) => c.id),
          actor.id,
          ['shared_with_client'],
        );
        const updated = await findCandidates(
          candidates.map((c) => c.id),
          actor,
          uow.trx,
        );
        for (const candidate of updated) uow.emit('candidate.updated', candidate);
        await notify.shortlistShared(uow, { jobId, count: updated.length, actorId: actor.id });
        return { shared: updated, shareId, links, queued };
      });
      const delivered = await mailer.dispatch(queued);
      await reviews.maskSentLinks(
        queued.flatMap((q, i) =>
          delivered[i] === 'sent' ? [{ outboxId: q.id, mail: q.mail, url: links[i]!.url }] : [],
        ),
      );
      const sent = mailer.configured && delivered.every((status) => status === 'sent');
      // "Shared" only when the mails went out: without a mail server they wait in the outbox, and saying
      // "sent" would leave the client waiting for a shortlist nobody knows was never delivered.
      return {
        success: true,
        message: sent
          ? M.shared(shared.length)
          : mailer.configured
            ? REVIEW_MESSAGES.sharedMailFailed(shared.length)
            : M.sharedQueued(shared.length),
        mail: sent ? 'sent' : 'queued',
        shared: shared.map((c) => ({
          id: c.id,
          uuid: c.uuid,
          shared_at: c.shared_at ?? sharedAt.toISOString(),
        })),
        shareId,
        links: links.map(({ id, recipient, recipientName, expiresAt, url }) => ({
          id,
          recipient,
          recipientName,
          expiresAt,
          url,
        })),
      };
    },

    /** The shortlists sent to the job's client, newest first. */
    async jobShares(jobId: number): Promise<ShortlistShare[]> {
      if (!(await db('jobs').where({ id: jobId }).first('id'))) throw notFound(JOB_MESSAGES.notFound);
      return readShares(db, reviews, (q) => q.where('s.job_id', jobId));
    },

    /** The shortlists that named the candidate, newest first. */
    async candidateShares(ref: string): Promise<ShortlistShare[]> {
      const row: Pick<CandidateRecordRow, 'id'> | undefined = await whereRef(
        db('candidates as c'),
        ref,
      ).first('c.id');
      if (!row) throw notFound(M.notFound);
      return readShares(db, reviews, (q) =>
        q.whereIn(
          's.id',
          db('shortlist_share_candidates').where('candidate_id', int(row.id)).select('share_id'),
        ),
      );
    },
  };
}
