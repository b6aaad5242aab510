/**
 * The client's answers, staff side (signed in): a candidate's feedback across every share that sent them,
 * a recruiter's reply on a share's thread (through one of its links, which its client must still be able
 * to open), and a candidate withdrawn from a share (its review pages drop them).
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES,
  REVIEW_MESSAGES as M,
  parseId,
  type ClientComment,
  type ClientCommentBody,
  type ClientFeedback,
} from '@portal/contracts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { nowToTheSecond } from '../../lib/dates.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int, type DbInt, type DbTime } from '../../lib/rows.ts';
import type { JobService } from '../jobs/service.ts';
import type { CandidateAccess } from '../candidates/access.ts';
import type { CandidateRow, ClientFeedbackColumns } from '../candidates/model.ts';
import { whereRef } from '../candidates/columns.ts';
import { lockApplication, recordOnApplication } from './answers.ts';
import { toClientComment, type SharedCandidateRow } from './feedback-model.ts';
import type { ShareLinkRow } from './model.ts';
import { feedbackOf } from './threads.ts';

/** A link with whether it sent this candidate (the candidate's row of its share, if any). */
type ReplyLinkRow = ShareLinkRow & { in_share: DbInt | null; withdrawn_at: DbTime | null };

/** The user's name as a reply signs it. */
interface AuthorRow {
  name: string | null;
  username: string;
}

export type FeedbackCandidateRow = SharedCandidateRow & ClientFeedbackColumns;

export function createStaffFeedback({
  db,
  inUnitOfWork,
  jobs,
  access,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  jobs: Pick<JobService, 'assertMayEditJob'>;
  access: Pick<CandidateAccess, 'assertMayEdit'>;
}) {
  async function candidateOf(ref: string): Promise<FeedbackCandidateRow> {
    const row: FeedbackCandidateRow | undefined = await whereRef(db('candidates as c'), ref).first(
      'c.id',
      'c.uuid',
      'c.name',
      'c.job_id',
      'c.client_decision',
      'c.client_decision_reason',
      'c.client_comments',
      'c.client_feedback_by',
      'c.client_feedback_at',
    );
    if (!row) throw notFound(CANDIDATE_MESSAGES.notFound);
    return row;
  }

  /**
   * The link a reply goes through: one of the shares that sent the candidate (else 400), that its client can
   * still open (else 409: a reply there would be read by no one).
   */
  async function replyLink(linkRef: number | string, candidateId: number): Promise<ReplyLinkRow> {
    const id = parseId(String(linkRef));
    const link: ReplyLinkRow | undefined =
      id === null
        ? undefined
        : await db('share_links as l')
            .leftJoin('shortlist_share_candidates as sc', (j) =>
              j.on('sc.share_id', 'l.share_id').andOnVal('sc.candidate_id', candidateId),
            )
            .where('l.id', id)
            .first('l.*', 'sc.candidate_id as in_share', 'sc.withdrawn_at');
    if (!link) throw notFound(M.shareLinkNotFound);
    if (link.in_share === null) throw invalid(M.linkNotOfCandidate);
    if (link.withdrawn_at !== null) throw conflict(M.replyWithdrawn);
    if (link.revoked_at !== null) throw conflict(M.replyLinkRevoked);
    if (new Date(link.expires_at).getTime() <= Date.now()) throw conflict(M.replyLinkExpired);
    return link;
  }

  return {
    /** GET /api/candidates/:uuid/client-feedback: per share that sent the candidate, newest first. */
    clientFeedback: async (ref: string): Promise<ClientFeedback> => feedbackOf(db, await candidateOf(ref)),

    /** A recruiter's reply on the candidate's thread of the share `shareLinkId` belongs to. */
    async reply(ref: string, body: ClientCommentBody, actor: Caller): Promise<ClientComment> {
      await access.assertMayEdit(ref, actor);
      const candidate = await candidateOf(ref);
      const link = await replyLink(body.shareLinkId, int(candidate.id));
      const author: AuthorRow | undefined = await db('users')
        .where({ id: actor.id })
        .first('name', 'username');
      const by = author?.name || author?.username || M.senderUnknown;
      const at = nowToTheSecond();
      return inUnitOfWork(async (uow) => {
        await lockApplication(uow.trx, candidate);
        const row = {
          share_id: int(link.share_id),
          candidate_id: int(candidate.id),
          link_id: int(link.id),
          user_id: actor.id,
          author_kind: 'staff' as const,
          author_name: by.slice(0, 200),
          text: body.text.trim(),
          created_at: at,
        };
        const [id] = await uow.trx('review_comments').insert(row);
        const comment = toClientComment({ ...row, id: id! });
        const feedback = await recordOnApplication(uow.trx, candidate, { kind: 'reply', by, at });
        uow.emit('candidate.client_feedback', feedback);
        uow.emit('review.comment', { uuid: candidate.uuid, comment, shareId: int(link.share_id) });
        return comment;
      });
    },

    /**
     * Withdraws a candidate from a share: its review pages drop them (live), the links refuse them from now
     * on, and what the client answered stays on record. Withdrawing again keeps the first time.
     */
    async withdraw(shareId: number, uuid: string, actor: Caller): Promise<void> {
      const share: { job_id: DbInt } | undefined = await db('shortlist_shares')
        .where({ id: shareId })
        .first('job_id');
      if (!share) throw notFound(M.shareNotFound);
      await jobs.assertMayEditJob(int(share.job_id), actor, M.noLinkPermission);
      const candidate:
        (Pick<CandidateRow, 'id' | 'uuid' | 'name'> & { withdrawn_at: DbTime | null }) | undefined =
        await whereRef(
          db('shortlist_share_candidates as sc').join('candidates as c', 'c.id', 'sc.candidate_id'),
          uuid,
        )
          .where('sc.share_id', shareId)
          .first('c.id', 'c.uuid', 'c.name', 'sc.withdrawn_at');
      if (!candidate) throw notFound(M.candidateNotInShare);
      if (candidate.withdrawn_at !== null) return;
      await inUnitOfWork(async (uow) => {
        await uow
          .trx('shortlist_share_candidates')
          .where({ share_id: shareId, candidate_id: int(candidate.id) })
          .whereNull('withdrawn_at')
          .update({ withdrawn_at: new Date() });
        uow.emit('review.withdrawn', { uuid: candidate.uuid, name: candidate.name, shareId });
      });
    },
  };
}
export type StaffFeedback = ReturnType<typeof createStaffFeedback>;
