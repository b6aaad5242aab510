import { Type, type Static, type TSchema } from 'typebox';
import { JobStatusSchema } from './jobs.ts';
import { Candidate, CandidateStatusSchema } from './candidates.ts';
import { LedgerChangedEvent } from './ledger.ts';
import type { RecruitmentDashboard } from './dashboards.ts';

/**
 * Domain events, published by services after their transaction commits. One map from event name to
 * payload schema: the server's event bus is typed by it, and the realtime layer maps these events to
 * the Socket.IO messages below (DESIGN §6).
 */

/** What a job card, the job board and a job room need to update in place (DESIGN §6 `job:changed`). */
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

/** `candidate.status_changed` (DESIGN §6 `candidate:status-changed`). */
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
  /** The candidate as lists show it (its `job_id` names the job room). */
  'candidate.created': Candidate,
  'candidate.updated': Candidate,
  'candidate.status_changed': CandidateStatusChangedEvent,
  'candidate.deleted': CandidateDeletedEvent,
  'ledger.changed': LedgerChangedEvent,
} satisfies Record<string, TSchema>;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = Static<(typeof DOMAIN_EVENTS)[N]>;
/** One event: its name and the payload that name carries. */
export type DomainEvent = {
  [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> };
}[DomainEventName];

// ---------------------------------------------------------------------------------------------------
// Socket.IO (DESIGN §6): what clients ask and what the server sends, typed once for both ends.
// ---------------------------------------------------------------------------------------------------

/** Every client request is acknowledged: done, or refused with a message a person can read. */
export type Ack<T = undefined> = { ok: true; data?: T } | { ok: false; message: string };

export interface ClientToServerEvents {
  'job:join': (payload: { jobId: number }, ack: (answer: Ack) => void) => void;
  'job:leave': (payload: { jobId: number }, ack: (answer: Ack) => void) => void;
  'board:join': (ack: (answer: Ack) => void) => void;
  'board:leave': (ack: (answer: Ack) => void) => void;
  'dashboard:join': (ack: (answer: Ack) => void) => void;
  'dashboard:leave': (ack: (answer: Ack) => void) => void;
}

export interface ServerToClientEvents {
  'job:changed': (payload: JobChangedEvent) => void;
  'candidate:created': (payload: Candidate) => void;
  'candidate:updated': (payload: Candidate) => void;
  'candidate:status-changed': (payload: CandidateStatusChangedEvent) => void;
  'candidate:deleted': (payload: CandidateDeletedEvent) => void;
  /** The recruitment dashboard's figures, recomputed after changes and coalesced. */
  'dashboard:stats': (payload: RecruitmentDashboard) => void;
  presence: (payload: { jobId: number; viewers: { userId: number; name: string }[] }) => void;
}
