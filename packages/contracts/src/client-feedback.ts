/**
 * The client's answers on a review link: a decision per shared candidate (interested / on hold /
 * not a fit, with a reason, a comment and a rating), the comment thread that the recruiter answers, the summary
 * the board card shows, and the live messages both ways (the job room's `candidate:client-feedback`, the review
 * room's `review:*`).
 */
import { Type, type Static } from 'typebox';
import { CLIENT_DECISIONS, CLIENT_FEEDBACK_LIMITS, NOT_A_FIT_REASONS } from './client-feedback-constants.ts';
import { FreeText, IdOrText, IdText, Nullable, Text } from './common.ts';

export {
  CLIENT_DECISIONS,
  CLIENT_DECISION_BADGES,
  CLIENT_DECISION_LABELS,
  CLIENT_FEEDBACK_LIMITS,
  NOT_A_FIT_REASONS,
  SUGGESTED_MOVES,
  type ClientDecision,
  type NotAFitReason,
} from './client-feedback-constants.ts';

/** POST /api/review/:token/candidates/:uuid/decision: a recipient's decision (a new one replaces theirs). */
export const ReviewDecisionBody = Type.Object(
  {
    decision: Type.Enum(CLIENT_DECISIONS, { title: 'Decision' }),
    /** Why not a fit (ignored for the other decisions). */
    reason: Type.Optional(Type.Enum(NOT_A_FIT_REASONS, { title: 'Reason' })),
    comment: Type.Optional(FreeText(CLIENT_FEEDBACK_LIMITS.comment, 'Comment')),
    rating: Type.Optional(
      Type.Integer({
        minimum: CLIENT_FEEDBACK_LIMITS.ratingMin,
        maximum: CLIENT_FEEDBACK_LIMITS.ratingMax,
        title: 'Rating',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReviewDecisionBody = Static<typeof ReviewDecisionBody>;

/** POST /api/review/:token/candidates/:uuid/comments. */
export const ReviewCommentBody = Type.Object(
  {
    text: Text(CLIENT_FEEDBACK_LIMITS.comment, 'Please write a comment', {
      multiline: true,
      title: 'Comment',
    }),
  },
  { additionalProperties: false },
);
export type ReviewCommentBody = Static<typeof ReviewCommentBody>;

/** POST /api/candidates/:uuid/client-comments: a staff reply on the thread of the share that link belongs to. */
export const ClientCommentBody = Type.Object(
  {
    shareLinkId: IdOrText('Review link'),
    text: Text(CLIENT_FEEDBACK_LIMITS.comment, 'Please write a reply', { multiline: true, title: 'Reply' }),
  },
  { additionalProperties: false },
);
export type ClientCommentBody = Static<typeof ClientCommentBody>;

/** One recipient's decision on one candidate, named (the other recipients of the share see it too). */
export const ClientDecisionView = Type.Object({
  linkId: Type.Integer(),
  /** The recipient's name, as the share named them. */
  by: Type.String(),
  decision: Type.Enum(CLIENT_DECISIONS),
  reason: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  rating: Nullable(Type.Integer()),
  at: Type.String(),
});
export type ClientDecisionView = Static<typeof ClientDecisionView>;

/** The decision route's answer: the decision as saved, with the line to show (REVIEW_MESSAGES.decisionSaved). */
export const ReviewDecisionSaved = Type.Object({ ...ClientDecisionView.properties, message: Type.String() });
export type ReviewDecisionSaved = Static<typeof ReviewDecisionSaved>;

/** One comment of a candidate's thread on a share: the client's (by link) or a staff member's reply. */
export const ClientComment = Type.Object({
  id: Type.Integer(),
  from: Type.Union([Type.Literal('client'), Type.Literal('staff')]),
  /** The recipient's or the staff member's name. */
  author: Type.String(),
  text: Type.String(),
  at: Type.String(),
  /** The link the client wrote through, or the link a staff reply answers. */
  linkId: Nullable(Type.Integer()),
});
export type ClientComment = Static<typeof ClientComment>;

/**
 * What the board card and the candidate show of the client's answers: the latest decision of any recipient,
 * how many comments the threads hold, who answered last and when. Null until a client answers.
 */
export const ClientFeedbackSummary = Type.Object({
  decision: Nullable(Type.Enum(CLIENT_DECISIONS)),
  /** The reason of the latest decision when it is "not a fit" (the rejection the move pre-fills). */
  reason: Nullable(Type.String()),
  comments: Type.Integer(),
  by: Type.String(),
  at: Type.String(),
});
export type ClientFeedbackSummary = Static<typeof ClientFeedbackSummary>;

/** GET /api/candidates/:uuid/client-feedback: per share the candidate was in, its links, decisions and thread. */
export const ClientFeedback = Type.Object({
  summary: Nullable(ClientFeedbackSummary),
  shares: Type.Array(
    Type.Object({
      shareId: Type.Integer(),
      sharedAt: Type.String(),
      sharedBy: Nullable(Type.String()),
      /** The share's links (a staff reply names one), without their tokens. */
      links: Type.Array(
        Type.Object({
          id: Type.Integer(),
          recipient: Type.String(),
          recipientName: Type.String(),
          expiresAt: Type.String(),
          revokedAt: Nullable(Type.String()),
        }),
      ),
      /** Whether the candidate was withdrawn from this share since. */
      withdrawn: Type.Boolean(),
      decisions: Type.Array(ClientDecisionView),
      comments: Type.Array(ClientComment),
    }),
  ),
});
export type ClientFeedback = Static<typeof ClientFeedback>;

/** `candidate:client-feedback` (the job's room, sequenced): a client decided or commented, or staff replied. */
export const ClientFeedbackEvent = Type.Object({
  uuid: Type.String(),
  candidateId: Type.Integer(),
  jobId: Type.Integer(),
  /** The application's summary decision after the change (null: none yet). */
  decision: Nullable(Type.Enum(CLIENT_DECISIONS)),
  reason: Nullable(Type.String()),
  /** The comments the application's threads hold now. */
  comments: Type.Integer(),
  /** What happened: a decision, a client's comment, or a staff reply. */
  kind: Type.Union([Type.Literal('decision'), Type.Literal('comment'), Type.Literal('reply')]),
  /** Who: the recipient's or the staff member's name. */
  by: Type.String(),
  at: Type.String(),
});
export type ClientFeedbackEvent = Static<typeof ClientFeedbackEvent>;

/** `review:join` (a review page's socket): the link's token; the socket then hears its share's room. */
export const ReviewJoinRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
export type ReviewJoinRequest = Static<typeof ReviewJoinRequest>;

/** Review room messages (to the open review pages of a share). */
export const ReviewDecisionEvent = Type.Object({ uuid: Type.String(), decision: ClientDecisionView });
export type ReviewDecisionEvent = Static<typeof ReviewDecisionEvent>;
export const ReviewCommentEvent = Type.Object({ uuid: Type.String(), comment: ClientComment });
export type ReviewCommentEvent = Static<typeof ReviewCommentEvent>;
/** A candidate withdrawn from the share by the recruiter: the page drops them, with a line saying so. */
export const ReviewWithdrawnEvent = Type.Object({ uuid: Type.String(), name: Type.String() });
export type ReviewWithdrawnEvent = Static<typeof ReviewWithdrawnEvent>;
/** The link was revoked (to that link's sockets only): the page says so at once, with the message. */
export const ReviewRevokedEvent = Type.Object({ linkId: Type.Integer(), message: Type.String() });
export type ReviewRevokedEvent = Static<typeof ReviewRevokedEvent>;

/** DELETE /api/shares/:shareId/candidates/:uuid: withdraw a candidate from a share (its pages drop them). */
export const ShareCandidateParams = Type.Object({
  shareId: IdText('Share'),
  uuid: Type.String({ minLength: 1, maxLength: 36, title: 'Candidate' }),
});
