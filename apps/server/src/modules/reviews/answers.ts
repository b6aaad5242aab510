/**
 * What every answer on a shared candidate does besides its own row: the application's summary (the board
 * card's badge: the latest decision of any link, the comments' count, who answered last and when), and the
 * job room's `candidate.client_feedback` made of it. The summary is written without touching the
 * application's `version` nor its history: a client's answer changes nothing a recruiter edits, so a move
 * or an edit made from the card's version is not refused because a client decided meanwhile, and the card
 * never moves by itself.
 */
import type { Knex } from 'knex';
import type { ClientDecision, ClientFeedbackEvent } from '@portal/contracts';
import { int, isoTime } from '../../lib/rows.ts';
import type { ClientFeedbackColumns } from '../candidates/model.ts';
import type { SharedCandidateRow } from './feedback-model.ts';

/** One answer as the summary takes it. */
export interface Answer {
  kind: ClientFeedbackEvent['kind'];
  /** The recipient's or the staff member's name. */
  by: string;
  at: Date;
  /** A decision's own fields (decisions only). */
  decision?: { decision: ClientDecision; reason: string | null };
}

/**
 * Locks the application's row, as an answer's transaction does first: its rows (the decision, the comment,
 * the link's activity) point at the application, and MySQL's check of those keys takes a shared lock on its
 * row, which two answers at once would both hold and then both wait to raise for the summary (a deadlock).
 * Taken first, the lock queues the answers on one candidate one after the other instead.
 */
export async function lockApplication(trx: Knex.Transaction, candidate: SharedCandidateRow): Promise<void> {
  await trx('candidates')
    .where({ id: int(candidate.id) })
    .forUpdate()
    .first('id');
}

/** Writes the answer on the application's summary and returns the job room's message of it. */
export async function recordOnApplication(
  trx: Knex.Transaction,
  candidate: SharedCandidateRow,
  answer: Answer,
): Promise<ClientFeedbackEvent> {
  const id = int(candidate.id);
  await trx('candidates')
    .where({ id })
    .update({
      client_feedback_by: answer.by.slice(0, 200),
      client_feedback_at: answer.at,
      ...(answer.decision
        ? { client_decision: answer.decision.decision, client_decision_reason: answer.decision.reason }
        : { client_comments: trx.raw('client_comments + 1') }),
    });
  const row: ClientFeedbackColumns = await trx('candidates')
    .where({ id })
    .first('client_decision', 'client_decision_reason', 'client_comments', 'client_feedback_at');
  return {
    uuid: candidate.uuid,
    candidateId: id,
    jobId: int(candidate.job_id),
    decision: row.client_decision ?? null,
    reason: row.client_decision_reason ?? null,
    comments: int(row.client_comments ?? 0),
    kind: answer.kind,
    by: answer.by,
    at: isoTime(row.client_feedback_at ?? answer.at),
  };
}
