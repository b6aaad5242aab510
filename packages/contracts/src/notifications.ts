import { Type, type Static } from 'typebox';
import { IdText } from './common.ts';
import { CANDIDATE_STATUSES } from './constants.ts';

/**
 * A user's notifications (the bell in the header): kept per user, newest first, read or unread, each with
 * a link to what it is about. They are written with the change that caused them and sent live to that user
 * only (`notification:new`); the person who acted never gets one.
 */

/** Why a user was told. */
export const NOTIFICATION_KINDS = [
  /** A candidate was added to (or applied on the careers page for) a job I created or may edit. */
  'candidate_added',
  /** A bulk import added candidates to a job I created or may edit (one per import, not per row). */
  'candidates_imported',
  /** Someone else changed a candidate I created. */
  'candidate_changed',
  /** Shortlisted candidates of my job were shared with the client. */
  'shortlist_shared',
  /** A person already on file applied on the careers page: recorded on their existing record. */
  'application_recorded',
  /** (Admins) a visitor sent the public contact form. */
  'contact_message',
  /** A client decided on a candidate of my job, or of a shortlist I shared (REVIEW_MESSAGES.feedbackNotice). */
  'client_feedback',
  /** A client commented on a candidate of my job, or of a shortlist I shared (REVIEW_MESSAGES.commentNotice). */
  'client_comment',
  /** An interview I am an interviewer of was scheduled, rescheduled or cancelled (INTERVIEW_MESSAGES.bell*). */
  'interview_scheduled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The move a client's decision suggests (client-feedback.ts SUGGESTED_MOVES), offered by the bell's item in
 * one click and never made by itself: Interested → interviewed; Not a fit → rejected, with the client's
 * reason to pre-fill the rejection.
 */
export const SuggestedMove = Type.Object({
  uuid: Type.String(),
  status: Type.Enum(CANDIDATE_STATUSES, { title: 'Status' }),
  rejectionReason: Type.Optional(Type.String()),
});
export type SuggestedMove = Static<typeof SuggestedMove>;

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(NOTIFICATION_KINDS, { title: 'Kind' }),
  text: Type.String(),
  /** Where the thing is, as a path of the app for the reader's role; null when there is nowhere to go. */
  link: Type.Union([Type.String(), Type.Null()]),
  jobId: Type.Union([Type.Integer(), Type.Null()]),
  candidateId: Type.Union([Type.Integer(), Type.Null()]),
  readAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** A client's decision: the move it suggests (none for "on hold", nor for other kinds). */
  suggestedMove: Type.Optional(Type.Union([SuggestedMove, Type.Null()])),
});
export type Notification = Static<typeof Notification>;

/** How many notifications one page of the bell's list holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /api/notifications?unread=&before=&limit=`: newest first; `before` continues from a page's `next`. */
export const NotificationQuery = Type.Object({
  unread: Type.Optional(Type.Boolean({ title: 'Unread only' })),
  before: Type.Optional(IdText('Before')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, title: 'Limit' })),
});
export type NotificationQuery = Static<typeof NotificationQuery>;

export const NotificationPage = Type.Object({
  items: Type.Array(Notification),
  /** The `before` of the next page, or null on the last one. */
  next: Type.Union([Type.Integer(), Type.Null()]),
  /** How many of the reader's notifications are unread (the bell's badge). */
  unread: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

/** `notification.created` / `notification:new`: one notification, for its user's room only. */
export const NotificationCreatedEvent = Type.Object({
  userId: Type.Integer(),
  notification: Notification,
});
export type NotificationCreatedEvent = Static<typeof NotificationCreatedEvent>;

/** Where a notification leads, in the reader's own area of the app (admins and employees have their own). */
export function notificationLink(
  role: string,
  target: { candidateUuid: string } | { jobId: number },
): string {
  const area = role === 'admin' ? '/admin' : '/employee';
  return 'candidateUuid' in target
    ? `${area}/recruitments/candidates/${target.candidateUuid}`
    : `${area}/recruitments/job-management/details/${target.jobId}`;
}

/** The bell: each user's notifications, and the history entry of an application recorded on a profile. */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  none: 'You have no new notifications.',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  loadFailed: 'Failed to load notifications',
  notFound: 'Notification not found',
  unreadLabel: (n: number) => (n === 1 ? '1 unread notification' : `${n} unread notifications`),
  candidateAdded: (by: string | null, name: string, job: string) =>
    by ? `${by} added ${name} to ${job}` : `${name} applied for ${job} on the careers page`,
  candidatesImported: (by: string | null, n: number, job: string) =>
    `${by ?? 'Someone'} imported ${n} ${n === 1 ? 'candidate' : 'candidates'} to ${job}`,
  candidateChanged: (by: string | null, name: string) => `${by ?? 'Someone'} changed ${name}`,
  candidateMoved: (by: string | null, name: string, from: string, to: string) =>
    `${by ?? 'Someone'} moved ${name} from ${from} to ${to}`,
  shortlistShared: (by: string | null, n: number, job: string) =>
    `${by ?? 'Someone'} shared ${n} shortlisted ${n === 1 ? 'candidate' : 'candidates'} of ${job} with the client`,
  applicationRecorded: (name: string, job: string) =>
    `${name}, already on file, applied for ${job} on the careers page`,
  /** The candidate history's words for an application recorded on an existing profile. */
  appliedFromCareers: (job: string) => `Applied to ${job} from the careers page`,
} as const;
