/**
 * What a link's holder does on the review page: a decision on a shared candidate (a new one replaces theirs,
 * the first one's time kept for the client's response time) and comments on the candidate's thread. Each
 * is one transaction: the answer, the link's activity (with the address), the application's summary, the
 * bell of the job's people and the sharer, and the events for the job room and the share's review room.
 */
import type { Knex } from 'knex';
import {
  REVIEW_MESSAGES as M,
  type ClientDecision,
  type ClientComment,
  type ClientDecisionView,
  type ReviewCommentBody,
  type ReviewDecisionBody,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import { nowToTheSecond } from '../../lib/dates.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import { int, intOrNull } from '../../lib/rows.ts';
import type { NotificationService } from '../notifications/service.ts';
import { lockApplication, recordOnApplication } from './answers.ts';
import {
  DECISION_COLUMNS,
  toClientComment,
  toDecisionView,
  type ReviewCommentRow,
  type ReviewDecisionRow,
  type SharedCandidateRow,
} from './feedback-model.ts';
import { linkActivity, type ReviewLinkRow } from './model.ts';

/** The bell's part of the notifications service. */
export type AnswerNotifier = Pick<NotificationService, 'clientAnswered'>;

/** Blank after trimming: none. */
const textOrNull = (value: string | undefined) => value?.trim() || null;

export function createClientAnswers({
  db,
  inUnitOfWork,
  openLink,
  notify,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  openLink: (token: string) => Promise<ReviewLinkRow>;
  notify: AnswerNotifier;
}) {
  /** The link (checked as every request is) and one of its share's candidates, not withdrawn; else 404. */
  async function openCandidate(token: string, uuid: string) {
    const link = await openLink(token);
    const candidate: SharedCandidateRow | undefined = await db('shortlist_share_candidates as sc')
      .join('candidates as c', 'c.id', 'sc.candidate_id')
      .where('sc.share_id', int(link.share_id))
      .whereNull('sc.withdrawn_at')
      .where('c.uuid', uuid.toLowerCase())
      .first('c.id', 'c.uuid', 'c.name', 'c.job_id');
    if (!candidate) throw notFound(M.candidateNotInShare);
    return { link, candidate };
  }

  /**
   * What every answer does besides its own row: the link's record (with the address), the application's
   * summary and the job room's message of it, and the bell of the job's people and the sharer.
   */
  async function recordAnswer(
    uow: UnitOfWork,
    { link, candidate }: { link: ReviewLinkRow; candidate: SharedCandidateRow },
    answer: {
      address: string;
      at: Date;
      decision: { decision: ClientDecision; reason: string | null } | null;
    },
  ) {
    const { trx } = uow;
    const { address, at, decision } = answer;
    await trx('share_link_activity').insert(
      linkActivity(link, decision ? 'decision' : 'comment', {
        candidateId: int(candidate.id),
        detail: decision?.decision ?? null,
        address,
        at,
      }),
    );
    const feedback = await recordOnApplication(trx, candidate, {
      kind: decision ? 'decision' : 'comment',
      by: link.recipient_name,
      at,
      ...(decision ? { decision } : {}),
    });
    await notify.clientAnswered(uow, {
      candidate: { id: int(candidate.id), uuid: candidate.uuid, name: candidate.name, jobId: feedback.jobId },
      sharedById: intOrNull(link.shared_by_id),
      client: link.recipient_name,
      decision,
    });
    uow.emit('candidate.client_feedback', feedback);
  }

  return {
    /** The link's decision on a shared candidate, saved (replacing theirs) and announced. */
    async decide(
      token: string,
      uuid: string,
      body: ReviewDecisionBody,
      address: string,
    ): Promise<ClientDecisionView> {
      const { link, candidate } = await openCandidate(token, uuid);
      const at = nowToTheSecond();
      const fields = {
        decision: body.decision,
        // The reason is the rejection a "not a fit" pre-fills: the other decisions have none.
        reason: body.decision === 'not_a_fit' ? (body.reason ?? null) : null,
        comment: textOrNull(body.comment),
        rating: body.rating ?? null,
        decided_at: at,
      };
      return inUnitOfWork(async (uow) => {
        const { trx } = uow;
        await lockApplication(trx, candidate);
        await trx('review_decisions')
          .insert({ link_id: int(link.id), candidate_id: int(candidate.id), first_decided_at: at, ...fields })
          .onConflict(['link_id', 'candidate_id'])
          .merge(Object.keys(fields));
        const row: ReviewDecisionRow = await trx('review_decisions as d')
          .join('share_links as l', 'l.id', 'd.link_id')
          .where({ 'd.link_id': int(link.id), 'd.candidate_id': int(candidate.id) })
          .first(DECISION_COLUMNS);
        const decision = toDecisionView(row);
        await recordAnswer(
          uow,
          { link, candidate },
          {
            address,
            at,
            decision: { decision: fields.decision, reason: fields.reason },
          },
        );
        uow.emit('review.decision', { uuid: candidate.uuid, decision, shareId: int(link.share_id) });
        return decision;
      });
    },

    /** A comment of the link's holder on the candidate's thread of this share. */
    async comment(
      token: string,
      uuid: string,
      body: ReviewCommentBody,
      address: string,
    ): Promise<ClientComment> {
      const { link, candidate } = await openCandidate(token, uuid);
      const at = nowToTheSecond();
      return inUnitOfWork(async (uow) => {
        const { trx } = uow;
        await lockApplication(trx, candidate);
        const row = {
          share_id: int(link.share_id),
          candidate_id: int(candidate.id),
          link_id: int(link.id),
          user_id: null,
          author_kind: 'client' as const,
          author_name: link.recipient_name,
          text: body.text.trim(),
          created_at: at,
        };
        const [id] = await trx('review_comments').insert(row);
        const comment = toClientComment({ ...row, id: id! } satisfies ReviewCommentRow);
        await recordAnswer(uow, { link, candidate }, { address, at, decision: null });
        uow.emit('review.comment', { uuid: candidate.uuid, comment, shareId: int(link.share_id) });
        return comment;
      });
    },
  };
}
export type ClientAnswers = ReturnType<typeof createClientAnswers>;
