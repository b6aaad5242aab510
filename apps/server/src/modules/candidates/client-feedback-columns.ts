/**
 * The client's answers as an application keeps them (modules/reviews writes them): the latest decision of
 * any review link, the comments' count, who answered last and when. The board card and the candidate show
 * them as their `client_feedback`, read with the row: no join.
 */
import type { ClientDecision, ClientFeedbackSummary } from '@portal/contracts';
import { int, isoTime, type DbInt, type DbTime } from '../../lib/rows.ts';

/** The application's client feedback columns (optional: rows written before them, or not read, have none). */
export interface ClientFeedbackColumns {
  client_decision?: ClientDecision | null;
  client_decision_reason?: string | null;
  client_comments?: DbInt;
  client_feedback_by?: string | null;
  client_feedback_at?: DbTime | null;
}

/** The columns `toClientFeedback` reads, from `candidates as c`. */
export const CLIENT_FEEDBACK_COLUMNS = [
  'c.client_decision',
  'c.client_decision_reason',
  'c.client_comments',
  'c.client_feedback_by',
  'c.client_feedback_at',
];

/** The client's answers as the card and the candidate show them: null until a client decided or commented. */
export const toClientFeedback = (row: ClientFeedbackColumns): ClientFeedbackSummary | null =>
  row.client_feedback_at == null
    ? null
    : {
        decision: row.client_decision ?? null,
        reason: row.client_decision_reason ?? null,
        comments: row.client_comments == null ? 0 : int(row.client_comments),
        by: row.client_feedback_by ?? '',
        at: isoTime(row.client_feedback_at),
      };
