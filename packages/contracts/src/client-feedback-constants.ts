/**
 * The client feedback's choices, labels and limits, apart from its schemas (client-feedback.ts re-exports
 * them): a page that shows the labels (the public review page) then downloads no schema builder, whose
 * module-level calls a bundler cannot drop.
 */
import { REJECTION_REASONS, type CandidateStatus } from './constants.ts';

export const CLIENT_DECISIONS = ['interested', 'on_hold', 'not_a_fit'] as const;
export type ClientDecision = (typeof CLIENT_DECISIONS)[number];

/** The choices as the review page offers them. */
export const CLIENT_DECISION_LABELS: Record<ClientDecision, string> = {
  interested: 'Interested — invite to interview',
  on_hold: 'On hold',
  not_a_fit: 'Not a fit',
};
/** The decision as a badge names it (board card, candidate page, lists). */
export const CLIENT_DECISION_BADGES: Record<ClientDecision, string> = {
  interested: 'Interested',
  on_hold: 'On hold',
  not_a_fit: 'Not a fit',
};

/**
 * Why a client finds a candidate not a fit: the pipeline's own rejection reasons (the client's reason is then
 * the rejection's, pre-filled, when the recruiter takes the suggested move).
 */
export const NOT_A_FIT_REASONS = [
  'Skills Mismatch',
  'Experience Gap',
  'Salary Expectations',
  'Cultural Fit',
  'Communication Skills',
  'Other',
] as const satisfies readonly (typeof REJECTION_REASONS)[number][];
export type NotAFitReason = (typeof NOT_A_FIT_REASONS)[number];

/** The move a decision suggests to the recruiter (never made by itself): none for "on hold". */
export const SUGGESTED_MOVES: Partial<Record<ClientDecision, CandidateStatus>> = {
  interested: 'interviewed',
  not_a_fit: 'rejected',
};

export const CLIENT_FEEDBACK_LIMITS = {
  comment: 2000,
  ratingMin: 1,
  ratingMax: 5,
  /** A link whose recipient has not opened it this many days after it was sent is flagged on the job. */
  unopenedFlagDays: 3,
} as const;
