import {
  CANDIDATE_STATUSES,
  FEEDBACK_MESSAGES as F,
  REJECTION_REASONS,
  SUGGESTED_MOVES,
  type CandidateStatus,
  type ClientFeedbackSummary,
} from '@portal/contracts';
import { statusLabel, type Rejection } from '@portal/ui';

/** The move a client's answer suggests, as a screen offers it: where to, its button's words, the pre-fill. */
export interface OfferedMove {
  to: CandidateStatus;
  label: string;
  /** What the rejection dialog opens with: the client's reason, when it is one of the pipeline's. */
  initial?: Partial<Rejection>;
}

const isRejectionReason = (reason: string): reason is Rejection['reason'] =>
  (REJECTION_REASONS as readonly string[]).includes(reason);

/** The offer of a move to `to` (the bell's suggestion, or a decision's), with the reason to pre-fill. */
export function moveOffer(to: CandidateStatus, reason?: string | null): OfferedMove {
  if (to !== 'rejected') return { to, label: F.moveTo(statusLabel(to)) };
  return {
    to,
    label: F.reject,
    ...(reason && isRejectionReason(reason) ? { initial: { reason } } : {}),
  };
}

/**
 * Whether a candidate at `status` is already where a move to `to` would take them, or past it: a client's
 * "interested" does not send a Selected candidate back to Interviewed. A rejection ends the pipeline, and
 * only a rejected candidate has reached it (what else a rejected one may not do, the server says).
 */
export const hasReached = (status: CandidateStatus, to: CandidateStatus) =>
  to === 'rejected'
    ? status === 'rejected'
    : status !== 'rejected' && CANDIDATE_STATUSES.indexOf(status) >= CANDIDATE_STATUSES.indexOf(to);

/**
 * The move a card or a candidate page offers for the client's latest decision, or null: none for "on hold"
 * or no decision, none for a rejected candidate (a rejection ends the pipeline), and none to a stage the
 * candidate already reached (an interested client does not send a Selected candidate back to Interviewed).
 */
export function offeredMove(
  feedback: Pick<ClientFeedbackSummary, 'decision' | 'reason'> | null | undefined,
  status: CandidateStatus,
): OfferedMove | null {
  const to = feedback?.decision ? SUGGESTED_MOVES[feedback.decision] : undefined;
  if (!to || status === 'rejected' || hasReached(status, to)) return null;
  return moveOffer(to, feedback?.reason);
}
