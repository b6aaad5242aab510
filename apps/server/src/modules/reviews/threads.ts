/**
 * The client's answers as they are read back: a share's decisions and comment threads for its review page
 * (one query each, whatever the number of candidates), and a candidate's across every share that sent them
 * for the staff's "Client feedback".
 */
import type { Knex } from 'knex';
import type { ClientComment, ClientDecisionView } from '@portal/contracts';
import { int, type DbInt } from '../../lib/rows.ts';
import {
  DECISION_COLUMNS,
  groupBy,
  toClientComment,
  toDecisionView,
  type ReviewCommentRow,
  type ReviewDecisionRow,
} from './feedback-model.ts';

type Db = Knex | Knex.Transaction;

/** Decisions and comments grouped by a key (the candidate, or the share). */
export interface Answers {
  decisions: Map<number, ClientDecisionView[]>;
  comments: Map<number, ClientComment[]>;
}

function grouped(
  decisions: ReviewDecisionRow[],
  comments: ReviewCommentRow[],
  key: (row: { candidate_id: DbInt; share_id: DbInt }) => number,
): Answers {
  const byDecision = groupBy(decisions, key);
  const byComment = groupBy(comments, key);
  return {
    decisions: new Map([...byDecision].map(([k, rows]) => [k, rows.map(toDecisionView)])),
    comments: new Map([...byComment].map(([k, rows]) => [k, rows.map(toClientComment)])),
  };
}

/** Every link's decisions on the share's candidates (by link), and their threads (oldest first), by candidate. */
export async function answersOfShare(db: Db, shareId: number): Promise<Answers> {
  const [decisions, comments]: [ReviewDecisionRow[], ReviewCommentRow[]] = await Promise.all([
    db('review_decisions as d')
      .join('share_links as l', 'l.id', 'd.link_id')
      .where('l.share_id', shareId)
      .orderBy('d.link_id')
      .select(DECISION_COLUMNS),
    db('review_comments').where('share_id', shareId).orderBy('id').select('*'),
  ]);
  return grouped(decisions, comments, (r) => int(r.candidate_id));
}

/** The candidate's decisions (by link) and threads (oldest first) on every share, by share. */
export async function answersOfCandidate(db: Db, candidateId: number): Promise<Answers> {
  const [decisions, comments]: [ReviewDecisionRow[], ReviewCommentRow[]] = await Promise.all([
    db('review_decisions as d')
      .join('share_links as l', 'l.id', 'd.link_id')
      .where('d.candidate_id', candidateId)
      .orderBy('d.link_id')
      .select(DECISION_COLUMNS),
    db('review_comments').where('candidate_id', candidateId).orderBy('id').select('*'),
  ]);
  return grouped(decisions, comments, (r) => int(r.share_id));
}
