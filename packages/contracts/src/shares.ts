import { Type, type Static } from 'typebox';
import { CANDIDATE_LIMITS } from './constants.ts';
import { IDENTITY_FIELDS, Id, IdOrText, Nullable } from './common.ts';
import { CandidateParams } from './candidates.ts';
import { IssuedShareLink, SHARE_LINK_FIELDS, ShareLinkTracking } from './reviews.ts';

/**
 * Shortlists shared with a job's client: the share request, its answer with each recipient's review link,
 * and the record of shares. Apart from the candidates' shapes so that the public pages, which read those,
 * do not carry the review links' too.
 */

/** A candidate named in a body: by number, by uuid, or as the record a list holds. */
const CandidateRef = Type.Union([
  Id(),
  CandidateParams.properties.id,
  Type.Object({ id: Type.Optional(Type.Integer()), uuid: Type.Optional(Type.String({ maxLength: 36 })) }),
]);

/**
 * POST /api/candidates/share: the requirements' body. Each recipient (the client the job names, by its stored
 * client e-mail, and the job's client contacts chosen in `contactIds`: never an address from the body) gets
 * a mail with their own review link; the share holds only those of `candidates` that are shortlisted for
 * this job; without `candidates`, every shortlisted candidate of the job.
 */
export const ShareBody = Type.Object(
  {
    jobId: IdOrText('Job'),
    clientEmail: Type.Optional(Type.String({ maxLength: 254 })),
    clientName: Type.Optional(Type.String({ maxLength: 200 })),
    jobTitle: Type.Optional(Type.String({ maxLength: 300 })),
    candidates: Type.Optional(Type.Array(CandidateRef, { maxItems: CANDIDATE_LIMITS.shareMax })),
    ...SHARE_LINK_FIELDS,
    ...IDENTITY_FIELDS,
  },
  { additionalProperties: false },
);
export type ShareBody = Static<typeof ShareBody>;
export const ShareAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /** `sent` through the mail server, or `queued` in the outbox because no mail server is set up. */
  mail: Type.Union([Type.Literal('sent'), Type.Literal('queued')]),
  shared: Type.Array(Type.Object({ id: Type.Integer(), uuid: Type.String(), shared_at: Type.String() })),
  shareId: Type.Integer(),
  /** Each recipient's review link: the only answer that ever shows its address (for "Copy link"). */
  links: Type.Array(IssuedShareLink),
});
export type ShareAnswer = Static<typeof ShareAnswer>;

/** One shortlist sent to a job's client: when, by whom, to which address, and the candidates it named. */
export const ShortlistShare = Type.Object({
  id: Type.Integer(),
  job_id: Type.Integer(),
  job_title: Type.String(),
  shared_by: Nullable(Type.String()),
  shared_by_id: Nullable(Type.Integer()),
  client_name: Type.String(),
  client_email: Type.String(),
  shared_at: Type.String(),
  /** The candidates it named; `withdrawn`: taken out of the share since (its review pages no longer show them). */
  candidates: Type.Array(
    Type.Object({ id: Type.Integer(), uuid: Type.String(), name: Type.String(), withdrawn: Type.Boolean() }),
  ),
  /** The review link each recipient got, with what its holder did (never the token). */
  links: Type.Array(ShareLinkTracking),
  /**
   * Sent more than CLIENT_FEEDBACK_LIMITS.unopenedFlagDays days ago, and none of its links opened yet (a share
   * whose links were all revoked is not flagged): the job shows REVIEW_MESSAGES.notOpened.
   */
  notOpened: Type.Boolean(),
});
export type ShortlistShare = Static<typeof ShortlistShare>;

/** GET /api/jobs/:jobId/shares and GET /api/candidates/:id/shares: newest first. */
export const ShortlistShareList = Type.Object({ items: Type.Array(ShortlistShare) });
export type ShortlistShareList = Static<typeof ShortlistShareList>;
