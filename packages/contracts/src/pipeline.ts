import { Type, type Static } from 'typebox';
import { CANDIDATE_LIMITS, CANDIDATE_LIST_SOURCES, CANDIDATE_STATUSES } from './constants.ts';
import { Id, IdText, Nullable } from './common.ts';
import { CandidateChange, CandidateStatusSchema, RejectionInput } from './candidates.ts';
import { ClientFeedbackSummary } from './client-feedback.ts';

/**
 * The pipeline board: a job's candidates as one column per status, in the requirements' status order. Order
 * within a column is the team's: `position` is a fractional-index key (compared byte by byte), ties
 * broken by id. A column is read in pages by keyset (`next` names where the page ended), never OFFSET.
 */

/** Cards a column shows first, and the most one page may ask for. */
export const PIPELINE_PAGE = { default: 50, max: 200 } as const;

/** A card: what the board shows of a candidate, and what a move must send back (`version`). */
export const PipelineCard = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  status: CandidateStatusSchema,
  /** Fractional-index key within the column; cards sort by (position, id). */
  position: Type.String(),
  version: Type.Integer(),
  /** When the candidate entered its current status ("3 d in stage"). */
  stage_entered_at: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  expected_ctc: Nullable(Type.Number()),
  source: Type.String(),
  image_url: Nullable(Type.String()),
  created_by_id: Nullable(Type.Integer()),
  /** The client's latest answer and the comments' count (the card's badge), or null. */
  client_feedback: Nullable(ClientFeedbackSummary),
  /** Whether the reader may move this card (the per-candidate permission rule). */
  canEdit: Type.Boolean(),
});
export type PipelineCard = Static<typeof PipelineCard>;

const range = (title: string, max: number) => Type.Optional(Type.Number({ minimum: 0, maximum: max, title }));

/** The candidate list's filters that make sense on a board (dates YYYY-MM-DD, inclusive, firm's zone). */
export const PipelineFilters = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  source: Type.Optional(Type.Enum(CANDIDATE_LIST_SOURCES, { title: 'Source' })),
  experienceMin: range('Minimum experience', CANDIDATE_LIMITS.experienceMax),
  experienceMax: range('Maximum experience', CANDIDATE_LIMITS.experienceMax),
  from: Type.Optional(Type.String({ format: 'date', title: 'Applied from' })),
  to: Type.Optional(Type.String({ format: 'date', title: 'Applied to' })),
});
export type PipelineFilters = Static<typeof PipelineFilters>;

/** GET /api/jobs/:jobId/pipeline */
export const PipelineQuery = Type.Intersect([
  PipelineFilters,
  Type.Object({
    perColumn: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PIPELINE_PAGE.max, title: 'Cards per column' }),
    ),
  }),
]);
export type PipelineQuery = Static<typeof PipelineQuery>;

export const PipelineColumn = Type.Object({
  status: CandidateStatusSchema,
  /** The server's count of the column's candidates under the filters (not the cards loaded). */
  total: Type.Integer(),
  cards: Type.Array(PipelineCard),
  /** Pass as `after` to read the next page; null at the column's end. */
  next: Nullable(Type.String()),
});
export type PipelineColumn = Static<typeof PipelineColumn>;

export const PipelineBoard = Type.Object({ columns: Type.Array(PipelineColumn) });
export type PipelineBoard = Static<typeof PipelineBoard>;

/** GET /api/jobs/:jobId/pipeline/:status */
export const PipelineColumnParams = Type.Object({
  jobId: IdText('Job'),
  status: Type.Enum(CANDIDATE_STATUSES, { title: 'Status' }),
});
export type PipelineColumnParams = Static<typeof PipelineColumnParams>;

export const PipelineColumnQuery = Type.Intersect([
  PipelineFilters,
  Type.Object({
    after: Type.Optional(Type.String({ maxLength: 300, title: 'After' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PIPELINE_PAGE.max, title: 'Limit' })),
  }),
]);
export type PipelineColumnQuery = Static<typeof PipelineColumnQuery>;

export const PipelineColumnPage = Type.Object({
  cards: Type.Array(PipelineCard),
  next: Nullable(Type.String()),
});
export type PipelineColumnPage = Static<typeof PipelineColumnPage>;

/**
 * POST /api/candidates/:uuid/move: land in column `status` right before the card `before` and/or right
 * after the card `after` (its neighbours once dropped; neither = the column's end). A move to `rejected`
 * carries the reject body's fields.
 */
export const CandidateMoveBody = Type.Object(
  {
    status: CandidateStatusSchema,
    before: Type.Optional(Type.String({ maxLength: 36, title: 'Before' })),
    after: Type.Optional(Type.String({ maxLength: 36, title: 'After' })),
    version: Type.Integer({ minimum: 1, title: 'Version' }),
    rejection_reason: Type.Optional(Type.String({ maxLength: 100 })),
    rejection_details: Type.Optional(RejectionInput),
  },
  { additionalProperties: false },
);
export type CandidateMoveBody = Static<typeof CandidateMoveBody>;

/**
 * 409 on a stale move: the edits' shape (`CandidateConflictBody`: the message, the card as it is now, the
 * changes since the version moved from), and who changed the card last and when, which the board says.
 */
export const MoveConflictBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.Literal('CONFLICT'),
  message: Type.String(),
  current: PipelineCard,
  /** The changes made since the version moved from, oldest first (empty when they were not recorded). */
  changes: Type.Array(CandidateChange),
  changed_by: Nullable(Type.String()),
  changed_at: Type.String(),
});
export type MoveConflictBody = Static<typeof MoveConflictBody>;

/** `candidate:moved`, to the job's room and the dashboard. */
export const CandidateMovedEvent = Type.Object({
  uuid: Type.String(),
  candidateId: Type.Integer(),
  jobId: Type.Integer(),
  from: CandidateStatusSchema,
  to: CandidateStatusSchema,
  position: Type.String(),
  version: Type.Integer(),
  stage_entered_at: Type.String(),
  by: Type.Object({ id: Nullable(Type.Integer()), name: Nullable(Type.String()) }),
  at: Type.String(),
});
export type CandidateMovedEvent = Static<typeof CandidateMovedEvent>;

/** `card:focus` / `card:blur` from a client: which card of a job it looks at or drags. */
export const CardFocusRequest = Type.Object({
  jobId: Id(),
  // A candidate's uuid, in either case (the server compares it lower-cased).
  uuid: Type.String({ minLength: 1, maxLength: 36, pattern: '^[0-9a-fA-F-]{1,36}$' }),
  dragging: Type.Optional(Type.Boolean()),
});
export type CardFocusRequest = Static<typeof CardFocusRequest>;

/** `card:focus` / `card:blur` to the job's room (ephemeral: not numbered, not kept). */
export const CardFocusEvent = Type.Object({
  uuid: Type.String(),
  jobId: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String(),
  dragging: Type.Boolean(),
});
export type CardFocusEvent = Static<typeof CardFocusEvent>;

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** What the board's API says when it refuses a move or a page. */
export const PIPELINE_MESSAGES = {
  /** A move made from a stale card (409): who moved or changed it since, and where it is now. */
  movedSince: (by: string | null, name: string, status: string) =>
    `${by ?? 'Someone else'} moved ${name} to ${statusLabel(status)}`,
  /** `before` / `after` names no card of that job and column. */
  neighbourNotFound: 'The card it was dropped next to is no longer in that column: reload the board',
  /** `after` is not a cursor this API gave. */
  badCursor: 'This page of the column cannot be read: reload the board',
  /** `card:focus` / `card:blur` without a job and card, or for a job whose room the socket has not joined. */
  focusRefused: "Open the job's board before showing which card you look at",
  /** `card:focus` for a card that is not on that job's board (another job's, or none). */
  focusNotOnBoard: "That card is not on this job's board",
  /** The phone's stage picker (one column shows at a time) and each of its stages with the column's total. */
  stagePicker: 'Stage',
  stageOption: (stage: string, total: number) => `${stage} (${total})`,
  /** A card's menu that moves it without a drag. */
  moveMenu: (name: string) => `Move ${name} to…`,
  moveMenuHeader: 'Move to…',
} as const;
