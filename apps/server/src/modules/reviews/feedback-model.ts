/** The rows of the client's answers (review_decisions, review_comments) and their decoders. */
import type { ClientComment, ClientDecision, ClientDecisionView } from '@portal/contracts';
import { int, intOrNull, isoTime, type DbInt, type DbTime } from '../../lib/rows.ts';

/** A row of `review_decisions` with the recipient's name of its link (and the link's share). */
export interface ReviewDecisionRow {
  id: DbInt;
  link_id: DbInt;
  candidate_id: DbInt;
  decision: ClientDecision;
  reason: string | null;
  comment: string | null;
  rating: DbInt | null;
  first_decided_at: DbTime;
  decided_at: DbTime;
  recipient_name: string;
  share_id: DbInt;
}

/** The columns of a ReviewDecisionRow, from `review_decisions as d` joined to `share_links as l`. */
export const DECISION_COLUMNS = ['d.*', 'l.recipient_name', 'l.share_id'];

export const toDecisionView = (r: ReviewDecisionRow): ClientDecisionView => ({
  linkId: int(r.link_id),
  by: r.recipient_name,
  decision: r.decision,
  reason: r.reason ?? null,
  comment: r.comment ?? null,
  rating: intOrNull(r.rating),
  at: isoTime(r.decided_at),
});

/** A row of `review_comments`. */
export interface ReviewCommentRow {
  id: DbInt;
  share_id: DbInt;
  candidate_id: DbInt;
  link_id: DbInt | null;
  user_id: DbInt | null;
  author_kind: 'client' | 'staff';
  author_name: string;
  text: string;
  created_at: DbTime;
}

export const toClientComment = (r: ReviewCommentRow): ClientComment => ({
  id: int(r.id),
  from: r.author_kind === 'staff' ? 'staff' : 'client',
  author: r.author_name,
  text: r.text,
  at: isoTime(r.created_at),
  linkId: intOrNull(r.link_id),
});

/** Groups rows by a key, each group in the rows' order. */
export function groupBy<R>(rows: readonly R[], key: (row: R) => number): Map<number, R[]> {
  const groups = new Map<number, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** A shared candidate as an answer on a link finds them: the application, its job and name. */
export interface SharedCandidateRow {
  id: DbInt;
  uuid: string;
  name: string;
  job_id: DbInt;
}
