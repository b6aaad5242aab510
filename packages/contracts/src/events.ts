import { Type, type Static, type TSchema } from 'typebox';
import { JobStatusSchema } from './jobs.ts';
import { Candidate, CandidateStatusSchema } from './candidates.ts';
import { AdminDashboard, LedgerChangedEvent } from './ledger.ts';
import { RecruitmentDashboard } from './dashboards.ts';
import { CandidateMovedEvent, CardFocusEvent, CardFocusRequest } from './pipeline.ts';
import { NotificationCreatedEvent } from './notifications.ts';
import { IdOrText } from './common.ts';
import { PersonUpdatedEvent, PersonUpdatedMessage } from './people.ts';
import {
  ClientFeedbackEvent,
  ReviewCommentEvent,
  ReviewDecisionEvent,
  ReviewJoinRequest,
  ReviewRevokedEvent,
  ReviewWithdrawnEvent,
} from './client-feedback.ts';
import { InterviewEvent } from './interviews.ts';

/**
 * Domain events, published by services after their transaction commits. One map from event name to
 * payload schema: the server's event bus is typed by it, and the realtime layer maps these events to
 * the Socket.IO messages below.
 */

/** What a job card, the job board and a job room need to update in place (`job:changed`, docs/realtime.md). */
export const JobSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.String(),
  city: Type.String(),
  state: Type.String(),
  status: JobStatusSchema,
  openings: Type.Integer(),
  deadline: Type.Union([Type.String(), Type.Null()]),
  candidateCount: Type.Integer(),
  version: Type.Integer(),
  updatedAt: Type.String(),
});
export type JobSummary = Static<typeof JobSummary>;

/** `job.changed`: the job as lists show it, or (with `deleted`) only its id. */
export const JobChangedEvent = Type.Union([
  JobSummary,
  Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }),
]);
export type JobChangedEvent = Static<typeof JobChangedEvent>;

/** A record that changed (readers fetch it again) or, with `deleted`, went. */
const RecordChanged = Type.Object({ id: Type.Integer(), deleted: Type.Optional(Type.Literal(true)) });

/** `candidate.status_changed`, sent as `candidate:status-changed` (docs/realtime.md). */
export const CandidateStatusChangedEvent = Type.Object({
  candidateId: Type.Integer(),
  uuid: Type.String(),
  jobId: Type.Integer(),
  from: CandidateStatusSchema,
  to: CandidateStatusSchema,
  version: Type.Integer(),
  changedBy: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type CandidateStatusChangedEvent = Static<typeof CandidateStatusChangedEvent>;

/** `candidate.deleted`: which candidate went, and from which job. */
export const CandidateDeletedEvent = Type.Object({
  candidateId: Type.Integer(),
  uuid: Type.String(),
  jobId: Type.Integer(),
});
export type CandidateDeletedEvent = Static<typeof CandidateDeletedEvent>;

/**
 * `session.ended`: sessions closed (sign-out: `sid`; password change, deactivation, role change: every
 * session of `userId` but `except`). The realtime layer disconnects their sockets on every node.
 */
export const SessionEndedEvent = Type.Object({
  userId: Type.Integer(),
  sid: Type.Optional(Type.String()),
  except: Type.Optional(Type.String()),
});
export type SessionEndedEvent = Static<typeof SessionEndedEvent>;

export const DOMAIN_EVENTS = {
  'session.ended': SessionEndedEvent,
  'skill.changed': RecordChanged,
  'user.changed': RecordChanged,
  'job.changed': JobChangedEvent,
  /**
   * The candidate as lists show it (its `job_id` names the job room), without what only its reader may know:
   * the rooms' message is made of it as it is (a bulk import's thousands are not copied).
   */
  'candidate.created': Type.Omit(Candidate, ['canEdit']),
  'candidate.updated': Candidate,
  'candidate.status_changed': CandidateStatusChangedEvent,
  'candidate.deleted': CandidateDeletedEvent,
  'candidate.moved': CandidateMovedEvent,
  /** A person's fields changed: every job room where they have an application hears it. */
  'person.updated': PersonUpdatedEvent,
  'ledger.changed': LedgerChangedEvent,
  /** A client decided or commented on a shared candidate, or staff replied (the job room). */
  'candidate.client_feedback': ClientFeedbackEvent,
  /** The review room of a share (`shareId`) hears a decision, a comment, a withdrawn candidate. */
  'review.decision': Type.Object({ ...ReviewDecisionEvent.properties, shareId: Type.Integer() }),
  'review.comment': Type.Object({ ...ReviewCommentEvent.properties, shareId: Type.Integer() }),
  'review.withdrawn': Type.Object({ ...ReviewWithdrawnEvent.properties, shareId: Type.Integer() }),
  /** One link revoked: its own sockets hear it (`review-link:<linkId>`), then are closed on every node. */
  'review.revoked': Type.Object({ ...ReviewRevokedEvent.properties, shareId: Type.Integer() }),
  /** An interview of one of the job's candidates was scheduled, changed (rescheduled) or cancelled (the job room). */
  'interview.scheduled': InterviewEvent,
  'interview.changed': InterviewEvent,
  'interview.cancelled': InterviewEvent,
  /** A notification written for one user, with the change that caused it. */
  'notification.created': NotificationCreatedEvent,
} satisfies Record<string, TSchema>;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = Static<(typeof DOMAIN_EVENTS)[N]>;
/** One event: its name and the payload that name carries. */
export type DomainEvent = {
  [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> };
}[DomainEventName];

// ---------------------------------------------------------------------------------------------------
// Socket.IO: what clients ask and what the server sends, typed once for both ends.
// ---------------------------------------------------------------------------------------------------

/** Every client request is acknowledged: done, or refused with a message a person can read. */
export type Ack<T = undefined> = { ok: true; data?: T } | { ok: false; message: string };

/**
 * The rooms a client may join: a job (`job:<id>`), the job board, the recruitment dashboard, and the
 * property ledger (admins only).
 */
export const LIVE_ROOM_PATTERN = '^(job:[1-9][0-9]{0,9}|board|dashboard|ledger)$';
export const LiveRoomName = Type.String({ pattern: LIVE_ROOM_PATTERN, title: 'Room' });

/**
 * Where a message stands in its room's sequence: every message a change sends to a
 * room carries the room and its number there, kept in the database with the change (the event outbox).
 * A client that sees `seq` jump past its last one + 1 missed something and asks `GET /api/events`.
 */
export interface LiveSequence {
  room: string;
  seq: number;
}
/** A room join's answer: the room's latest sequence number when the socket joined it. */
export type JoinAck = Ack<{ seq: number }>;

/** `GET /api/events?room=…&since=N`: the room's messages after N, to catch up after a reconnect. */
export const EventsQuery = Type.Object({
  room: LiveRoomName,
  since: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, title: 'Since' }),
});
export type EventsQuery = Static<typeof EventsQuery>;

/** One message of a room as it was sent: its name, payload and place in the room's sequence. */
export const LiveMessage = Type.Object({
  room: Type.String(),
  seq: Type.Integer(),
  name: Type.String(),
  payload: Type.Unknown(),
  at: Type.String(),
});
export type LiveMessage = Static<typeof LiveMessage>;

/**
 * The answer: the messages after `since`, in order, up to the room's latest (`last`); or `reset: true`
 * (no messages) when some of them are no longer kept (older than the retention, or too many to replay):
 * the client then fetches what it shows again and carries on from `last`.
 */
export const EventsResponse = Type.Object({
  reset: Type.Boolean(),
  last: Type.Integer(),
  events: Type.Array(LiveMessage),
});
export type EventsResponse = Static<typeof EventsResponse>;

/** At most this many messages are replayed; a client further behind fetches its screens again. */
export const EVENTS_REPLAY_LIMIT = 1000;

/**
 * A candidate as a live message carries it: every field the API shows each signed-in reader, without
 * `canEdit`, which is the reader's own (a room's message goes to many readers; each keeps theirs).
 */
export type LiveCandidate = Omit<Candidate, 'canEdit'>;

/**
 * `job:join`: follow a job's changes (a list of its candidates, say). With `viewing: true` the person is
 * also on one of the job's screens or one of its candidates' and shows to the others there as viewing it;
 * joining again says it anew (without `viewing`, a viewer goes back to only following).
 */
export const JobJoinRequest = Type.Object({
  // The job's number, or that number in digits (as the API's ids); `parseId` reads either.
  jobId: IdOrText('Job'),
  viewing: Type.Optional(
    Type.Boolean({
      description:
        "true from the job's screens and its candidates' (shown to the others there as viewing it); absent or false to only follow its changes",
    }),
  ),
});
export type JobJoinRequest = Static<typeof JobJoinRequest>;
/** `job:leave`: stop following (and viewing) a job. */
export const JobLeaveRequest = Type.Pick(JobJoinRequest, ['jobId']);
export type JobLeaveRequest = Static<typeof JobLeaveRequest>;

export interface ClientToServerEvents {
  'job:join': (payload: JobJoinRequest, ack: (answer: JoinAck) => void) => void;
  'job:leave': (payload: JobLeaveRequest, ack: (answer: Ack) => void) => void;
  'board:join': (ack: (answer: JoinAck) => void) => void;
  'board:leave': (ack: (answer: Ack) => void) => void;
  'dashboard:join': (ack: (answer: JoinAck) => void) => void;
  'dashboard:leave': (ack: (answer: Ack) => void) => void;
  /** The property ledger's room: admins only. */
  'ledger:join': (ack: (answer: JoinAck) => void) => void;
  'ledger:leave': (ack: (answer: Ack) => void) => void;
  /** Tell a job's room which card this client looks at or drags (ephemeral, see docs/realtime.md). */
  'card:focus': (payload: CardFocusRequest, ack: (answer: Ack) => void) => void;
  'card:blur': (payload: CardFocusRequest, ack: (answer: Ack) => void) => void;
  /** A review page's socket (signed in with its link): hear its share's room. */
  'review:join': (payload: ReviewJoinRequest, ack: (answer: JoinAck) => void) => void;
}

/** The messages a change sends, each with its place in the room's sequence (kept in the outbox). */
export interface SequencedServerEvents {
  'job:changed': (payload: JobChangedEvent, sequence: LiveSequence) => void;
  'candidate:created': (payload: LiveCandidate, sequence: LiveSequence) => void;
  /**
   * Several candidates added at once (a bulk import), in the order they were added: one message for a run
   * of `candidate:created` to one room. Clients apply it as that many `candidate:created`.
   */
  'candidates:created': (payload: { candidates: LiveCandidate[] }, sequence: LiveSequence) => void;
  'candidate:updated': (payload: LiveCandidate, sequence: LiveSequence) => void;
  'candidate:status-changed': (payload: CandidateStatusChangedEvent, sequence: LiveSequence) => void;
  'candidate:deleted': (payload: CandidateDeletedEvent, sequence: LiveSequence) => void;
  /** A card moved on the pipeline board (status and/or place in its column). */
  'candidate:moved': (payload: CandidateMovedEvent, sequence: LiveSequence) => void;
  /** A person's fields changed (every job room where they have an application). */
  'person:updated': (payload: PersonUpdatedMessage, sequence: LiveSequence) => void;
  /** A loan, instalment or expense changed (the `ledger` room). */
  'ledger:changed': (payload: LedgerChangedEvent, sequence: LiveSequence) => void;
  /** A client's decision or comment, or a staff reply, on one of the job's candidates (the job room). */
  'candidate:client-feedback': (payload: ClientFeedbackEvent, sequence: LiveSequence) => void;
  /** To a share's review room: a recipient's decision, a comment or reply, a candidate withdrawn. */
  'review:decision': (payload: ReviewDecisionEvent, sequence: LiveSequence) => void;
  'review:comment': (payload: ReviewCommentEvent, sequence: LiveSequence) => void;
  'review:withdrawn': (payload: ReviewWithdrawnEvent, sequence: LiveSequence) => void;
  /** To one link's sockets: it was revoked. */
  'review:revoked': (payload: ReviewRevokedEvent, sequence: LiveSequence) => void;
  /** An interview of one of the job's candidates, as it is now (the job room). */
  'interview:scheduled': (payload: InterviewEvent, sequence: LiveSequence) => void;
  'interview:changed': (payload: InterviewEvent, sequence: LiveSequence) => void;
  'interview:cancelled': (payload: InterviewEvent, sequence: LiveSequence) => void;
}
export type SequencedMessageName = keyof SequencedServerEvents;

export interface ServerToClientEvents extends SequencedServerEvents {
  /** The recruitment dashboard's figures, recomputed after changes and coalesced. */
  'dashboard:stats': (payload: RecruitmentDashboard) => void;
  /** The admin dashboard's property-ledger figures, recomputed after ledger changes and coalesced. */
  'ledger:stats': (payload: AdminDashboard) => void;
  presence: (payload: { jobId: number; viewers: { userId: number; name: string }[] }) => void;
  /** A teammate looks at or drags a card of the job (not numbered, not kept). */
  'card:focus': (payload: CardFocusEvent) => void;
  'card:blur': (payload: CardFocusEvent) => void;
  /** A notification for this user (their own room, joined on connecting; not numbered: the bell refetches). */
  'notification:new': (payload: NotificationCreatedEvent['notification']) => void;
}

// ---------------------------------------------------------------------------------------------------
// The same messages as schemas, for the API reference (`x-socket-io` in GET /api/openapi.json). The
// checks below fail to compile when a message is added to or removed from the interfaces above but not
// here (`satisfies` refuses a missing or an extra name), so the reference cannot drift from the sockets.
// ---------------------------------------------------------------------------------------------------

/** One message described: what it is for, what it carries and, for a client's request, the answer. */
export interface LiveMessageDoc {
  summary: string;
  payload?: TSchema;
  /** The acknowledgement a client's request gets. */
  answer?: TSchema;
  /** Sent with `{ room, seq }` as a second argument and kept for `GET /api/events`. */
  sequenced?: boolean;
}

const RefusedAck = Type.Object({ ok: Type.Literal(false), message: Type.String() });
const DoneAck = Type.Union([Type.Object({ ok: Type.Literal(true) }), RefusedAck]);
const JoinAckSchema = Type.Union([
  Type.Object({ ok: Type.Literal(true), data: Type.Object({ seq: Type.Integer() }) }),
  RefusedAck,
]);
const LiveCandidateSchema = Type.Omit(Candidate, ['canEdit']);

/** What a client may ask over the socket. */
export const LIVE_CLIENT_REQUESTS = {
  'job:join': {
    summary:
      "Follow a job's changes; with `viewing: true` (the job's or a candidate's screen) also show as viewing it. Joining again says it anew",
    payload: JobJoinRequest,
    answer: JoinAckSchema,
  },
  'job:leave': { summary: 'Stop following (and viewing) a job', payload: JobLeaveRequest, answer: DoneAck },
  'board:join': { summary: 'Follow the job board', answer: JoinAckSchema },
  'board:leave': { summary: 'Stop following the job board', answer: DoneAck },
  'dashboard:join': { summary: "Follow the recruitment dashboard's figures", answer: JoinAckSchema },
  'dashboard:leave': { summary: 'Stop following the recruitment dashboard', answer: DoneAck },
  'ledger:join': { summary: "Follow the property ledger's figures (admins only)", answer: JoinAckSchema },
  'ledger:leave': { summary: 'Stop following the property ledger', answer: DoneAck },
  'card:focus': {
    summary: "Show the job's room that this user looks at (or drags) a card",
    payload: CardFocusRequest,
    answer: DoneAck,
  },
  'card:blur': { summary: 'This user stopped looking at a card', payload: CardFocusRequest, answer: DoneAck },
  'review:join': {
    summary:
      "A review page's socket (handshake `auth: { reviewToken }`): hear its share's review room; checked against the link's expiry and revocation",
    payload: ReviewJoinRequest,
    answer: JoinAckSchema,
  },
} satisfies Record<keyof ClientToServerEvents, LiveMessageDoc>;

/** What the server sends to the rooms a client joined. */
export const LIVE_SERVER_MESSAGES = {
  'job:changed': {
    summary: 'A job was added, edited, moved to another status or deleted (job, board and dashboard rooms)',
    payload: JobChangedEvent,
    sequenced: true,
  },
  'candidate:created': {
    summary: "A candidate was added to a job (the job's room and the dashboard)",
    payload: LiveCandidateSchema,
    sequenced: true,
  },
  'candidates:created': {
    summary:
      "Several candidates were added at once, in order (a bulk import; the job's room and the dashboard): each as a candidate:created",
    payload: Type.Object({ candidates: Type.Array(LiveCandidateSchema) }),
    sequenced: true,
  },
  'candidate:updated': {
    summary: "A candidate's details changed (the job's room)",
    payload: LiveCandidateSchema,
    sequenced: true,
  },
  'candidate:status-changed': {
    summary: "A candidate moved to another status (the job's room and the dashboard)",
    payload: CandidateStatusChangedEvent,
    sequenced: true,
  },
  'candidate:deleted': {
    summary: "A candidate was deleted (the job's room)",
    payload: CandidateDeletedEvent,
    sequenced: true,
  },
  'candidate:moved': {
    summary: "A card moved on the pipeline board (the job's room and the dashboard)",
    payload: CandidateMovedEvent,
    sequenced: true,
  },
  'person:updated': {
    summary:
      "A person's fields changed, with their new values (every job room where the person has an application)",
    payload: PersonUpdatedMessage,
    sequenced: true,
  },
  'ledger:changed': {
    summary: 'A loan, instalment or expense changed (the ledger room)',
    payload: LedgerChangedEvent,
    sequenced: true,
  },
  'candidate:client-feedback': {
    summary: "A client's decision or comment, or a staff reply, on a shared candidate (the job's room)",
    payload: ClientFeedbackEvent,
    sequenced: true,
  },
  'review:decision': {
    summary: "A recipient's decision on a shared candidate (the share's review room)",
    payload: ReviewDecisionEvent,
    sequenced: true,
  },
  'review:comment': {
    summary: "A client's comment or a recruiter's reply (the share's review room)",
    payload: ReviewCommentEvent,
    sequenced: true,
  },
  'review:withdrawn': {
    summary: 'A candidate was withdrawn from the share (the review room)',
    payload: ReviewWithdrawnEvent,
    sequenced: true,
  },
  'review:revoked': {
    summary: "The link was revoked (that link's sockets)",
    payload: ReviewRevokedEvent,
    sequenced: true,
  },
  'interview:scheduled': {
    summary: "An interview of one of the job's candidates was scheduled (the job's room)",
    payload: InterviewEvent,
    sequenced: true,
  },
  'interview:changed': {
    summary: "An interview of one of the job's candidates was rescheduled or changed (the job's room)",
    payload: InterviewEvent,
    sequenced: true,
  },
  'interview:cancelled': {
    summary: "An interview of one of the job's candidates was cancelled (the job's room)",
    payload: InterviewEvent,
    sequenced: true,
  },
  'dashboard:stats': {
    summary: "The recruitment dashboard's figures, recomputed after changes",
    payload: RecruitmentDashboard,
  },
  'ledger:stats': {
    summary: "The admin dashboard's ledger figures, recomputed after changes",
    payload: AdminDashboard,
  },
  presence: {
    summary: 'Who is viewing a job now (to the sockets that joined it with `viewing: true`)',
    payload: Type.Object({
      jobId: Type.Integer(),
      viewers: Type.Array(Type.Object({ userId: Type.Integer(), name: Type.String() })),
    }),
  },
  'card:focus': {
    summary: "A teammate looks at or drags a card of the job (the job's room; not kept)",
    payload: CardFocusEvent,
  },
  'card:blur': { summary: 'A teammate stopped looking at a card', payload: CardFocusEvent },
  'notification:new': {
    summary: 'A notification for the signed-in user (their own room, joined on connecting; not kept)',
    payload: NotificationCreatedEvent.properties.notification,
  },
} satisfies Record<keyof ServerToClientEvents, LiveMessageDoc>;
