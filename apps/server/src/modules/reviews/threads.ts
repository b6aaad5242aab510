/**
 * The client's answers as they are read back: a share's decisions and comment threads for its review page
 * (one query each, whatever the number of candidates), and a candidate's across every share that sent them
 * for the staff's "Client feedback".
 */
import type { Knex } from 'knex';
import type { ClientComment, ClientDecisionView, ClientFeedback } from '@portal/contracts';
import { int, isoTime, isoTimeOrNull, type DbInt, type DbTime } from '../../lib/rows.ts';
import { toClientFeedback, type ClientFeedbackColumns } from '../candidates/model.ts';
import {
  DECISION_COLUMNS,
  groupBy,
  toClientComment,
  toDecisionView,
  type ReviewCommentRow,
  type ReviewDecisionRow,
} from './feedback-model.ts';
import type { ShareLinkRow } from './model.ts';

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

/** A share that sent the candidate, with its sender's name and whether the candidate was withdrawn. */
interface CandidateShareRow {
  id: DbInt;
  shared_at: DbTime;
  shared_by: string | null;
  withdrawn_at: DbTime | null;
}

/** A candidate's client feedback: per share that sent them, newest first, its links, decisions and thread. */
export async function feedbackOf(
  db: Db,
  candidate: { id: DbInt } & ClientFeedbackColumns,
): Promise<ClientFeedback> {
  const candidateId = int(candidate.id);
  const [shares, answers]: [CandidateShareRow[], Awaited<ReturnType<typeof answersOfCandidate>>] =
    await Promise.all([
      db('shortlist_share_candidates as sc')
        .join('shortlist_shares as s', 's.id', 'sc.share_id')
        .leftJoin('users as u', 'u.id', 's.shared_by_id')
        .where('sc.candidate_id', candidateId)
        .orderBy([
          { column: 's.shared_at', order: 'desc' },
          { column: 's.id', order: 'desc' },
        ])
        .select('s.id', 's.shared_at', 'u.name as shared_by', 'sc.withdrawn_at'),
      answersOfCandidate(db, candidateId),
    ]);
  const links: ShareLinkRow[] =
    shares.length === 0
      ? []
      : await db('share_links')
          .whereIn(
            'share_id',
            shares.map((s) => int(s.id)),
          )
          .orderBy('id');
  const linksByShare = groupBy(links, (l) => int(l.share_id));
  return {
    summary: toClientFeedback(candidate),
    shares: shares.map((s) => ({
      shareId: int(s.id),
      sharedAt: isoTime(s.shared_at),
      sharedBy: s.shared_by ?? null,
      links: (linksByShare.get(int(s.id)) ?? []).map((l) => ({
        id: int(l.id),
        recipient: l.recipient_email,
        recipientName: l.recipient_name,
        expiresAt: isoTime(l.expires_at),
        revokedAt: isoTimeOrNull(l.revoked_at),
      })),
      withdrawn: s.withdrawn_at !== null,
      decisions: answers.decisions.get(int(s.id)) ?? [],
      comments: answers.comments.get(int(s.id)) ?? [],
    })),
  };
}
