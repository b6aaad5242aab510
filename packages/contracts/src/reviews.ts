/**
 * Client review links: the client contacts a job keeps, the link each recipient of a shared
 * shortlist gets, what the recruiter sees of it, and the public review page's answer.
 */
import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './constants.ts';
import { FreeText, Id, IdText, Nullable, Text } from './common.ts';
import { REVIEW_MESSAGES } from './review-messages.ts';
import { ClientComment, ClientDecisionView } from './client-feedback.ts';

export const REVIEW_LIMITS = {
  /** A link's life when the share does not say (days). */
  defaultExpiryDays: 14,
  /** The longest a link may live, at sharing and at each extension (days). */
  maxExpiryDays: 90,
  contactName: 200,
  /** Contacts one share may send to besides the job's client e-mail. */
  contactsPerShare: 50,
  /** The recruiter's note for the client on one candidate. */
  note: 2000,
} as const;

/** One of a job's client contacts: someone at the client who receives the shortlists' review links. */
export const ClientContact = Type.Object({
  id: Type.Integer(),
  jobId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type ClientContact = Static<typeof ClientContact>;

/** GET /api/jobs/:jobId/client-contacts: by name. */
export const ClientContactList = Type.Object({ items: Type.Array(ClientContact) });
export type ClientContactList = Static<typeof ClientContactList>;

/** POST /api/jobs/:jobId/client-contacts. */
export const ClientContactCreate = Type.Object(
  {
    name: Text(REVIEW_LIMITS.contactName, REVIEW_MESSAGES.contactNameRequired, { title: 'Name' }),
    email: Type.String({
      format: 'email',
      maxLength: FIELD_LIMITS.email,
      title: 'Email',
      errorMessage: REVIEW_MESSAGES.contactEmailInvalid,
    }),
  },
  { additionalProperties: false },
);
export type ClientContactCreate = Static<typeof ClientContactCreate>;

export const ClientContactParams = Type.Object({ jobId: IdText('Job'), contactId: IdText('Contact') });
export const ShareLinkParams = Type.Object({ id: IdText('Link') });

/** What POST /api/candidates/share takes besides the spec's body: who gets a link, and what it shows. */
export const SHARE_LINK_FIELDS = {
  /** Client contacts of the job to send a link to, besides the job's client e-mail. */
  contactIds: Type.Optional(
    Type.Array(Id('Contact'), { maxItems: REVIEW_LIMITS.contactsPerShare, title: 'Client contacts' }),
  ),
  expiresInDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: REVIEW_LIMITS.maxExpiryDays, title: 'Expiry (days)' }),
  ),
  showContactDetails: Type.Optional(Type.Boolean({ title: 'Show contact details' })),
  allowDownload: Type.Optional(Type.Boolean({ title: 'Allow resume download' })),
  /** The recruiter's note for the client, by candidate (its id or uuid). */
  notes: Type.Optional(
    Type.Record(Type.String({ maxLength: 36 }), FreeText(REVIEW_LIMITS.note, 'Note'), {
      maxProperties: 500,
      title: 'Notes',
    }),
  ),
};

/** A link as the share's answer gives it: the only time its address (with the token) is ever shown. */
export const IssuedShareLink = Type.Object({
  id: Type.Integer(),
  /** The recipient's e-mail. */
  recipient: Type.String(),
  recipientName: Type.String(),
  expiresAt: Type.String(),
  url: Type.String(),
});
export type IssuedShareLink = Static<typeof IssuedShareLink>;

/** A link as the staff's lists show it: who it went to and what its holder did, never its token. */
export const ShareLinkTracking = Type.Object({
  id: Type.Integer(),
  recipient: Type.String(),
  recipientName: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  revokedAt: Nullable(Type.String()),
  firstOpenedAt: Nullable(Type.String()),
  lastOpenedAt: Nullable(Type.String()),
  views: Type.Integer(),
  /** How many candidates this link's holder decided on (each counted once, however often they changed it). */
  decisions: Type.Integer(),
  showContactDetails: Type.Boolean(),
  allowDownload: Type.Boolean(),
});
export type ShareLinkTracking = Static<typeof ShareLinkTracking>;

/** POST /api/shares/links/:id/extend: the link then expires this many days from now. */
export const ShareLinkExtendBody = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: REVIEW_LIMITS.maxExpiryDays, title: 'Days' }) },
  { additionalProperties: false },
);
export type ShareLinkExtendBody = Static<typeof ShareLinkExtendBody>;

/** Who sent the shortlist, as the client reads it. */
export const ReviewSender = Type.Object({ name: Type.String(), email: Type.String() });
export type ReviewSender = Static<typeof ReviewSender>;

/** One shared candidate as the client reads them: no internal notes, history or who added them. */
export const ReviewCandidate = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  experience: Type.Number(),
  current_company: Nullable(Type.String()),
  current_ctc: Nullable(Type.Number()),
  expected_ctc: Nullable(Type.Number()),
  notice_period: Nullable(Type.Number()),
  current_location: Nullable(Type.String()),
  preferred_location: Nullable(Type.String()),
  /** Only when the link shows contact details. */
  phone: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  /** The recruiter's note for the client. */
  note: Nullable(Type.String()),
  /** The resume through this link (`/api/review/<token>/candidates/<uuid>/resume`), or null. */
  resume: Nullable(Type.Object({ name: Type.String(), url: Type.String() })),
  /** This link's own decision on the candidate, or null. */
  decision: Nullable(ClientDecisionView),
  /** Every recipient's decision on the candidate, named (those of one share see each other's). */
  decisions: Type.Array(ClientDecisionView),
  /** The candidate's thread on this share: the clients' comments and the recruiters' replies, oldest first. */
  comments: Type.Array(ClientComment),
});
export type ReviewCandidate = Static<typeof ReviewCandidate>;

/** GET /api/review/:token. */
export const ReviewPage = Type.Object({
  job: Type.Object({ title: Type.String(), location: Type.String(), type: Type.String() }),
  sender: ReviewSender,
  expiresAt: Type.String(),
  allowDownload: Type.Boolean(),
  /** Who holds this link: its id (the decisions' and comments' `linkId` that are this reader's) and name. */
  you: Type.Object({ linkId: Type.Integer(), name: Type.String() }),
  candidates: Type.Array(ReviewCandidate),
});
export type ReviewPage = Static<typeof ReviewPage>;

/** 410 of an expired link: whom to ask for a new one. */
export const ReviewGone = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  sender: Type.Optional(ReviewSender),
});

/** A token as a link's address carries it: any text (a wrong one is a 404, as an unknown one). */
const ReviewToken = Type.String({ minLength: 1, maxLength: 100, title: 'Token' });
export const ReviewParams = Type.Object({ token: ReviewToken });
export const ReviewCandidateParams = Type.Object({
  token: ReviewToken,
  uuid: Type.String({ minLength: 1, maxLength: 36, title: 'Candidate' }),
});
