/** The rows the review links read and write, and one decoder per shape the API answers. */
import {
  PERSON_FIELDS,
  type ClientContact,
  type PersonField,
  type ReviewCandidate,
  type ShareLinkTracking,
} from '@portal/contracts';
import {
  decimal,
  decimalOrNull,
  flag,
  int,
  intOrNull,
  isoTime,
  isoTimeOrNull,
  type DbBool,
  type DbInt,
  type DbTime,
} from '../../lib/rows.ts';
import type { CandidateRow } from '../candidates/model.ts';

/** A row of `job_client_contacts` with its creator's name. */
export interface ClientContactRow {
  id: DbInt;
  job_id: DbInt;
  name: string;
  email: string;
  created_by_id: DbInt | null;
  created_at: DbTime;
  created_by: string | null;
}

export const toClientContact = (r: ClientContactRow): ClientContact => ({
  id: int(r.id),
  jobId: int(r.job_id),
  name: r.name,
  email: r.email,
  createdBy: r.created_by ?? null,
  createdAt: isoTime(r.created_at),
});

/** A row of `share_links`. */
export interface ShareLinkRow {
  id: DbInt;
  share_id: DbInt;
  contact_id: DbInt | null;
  recipient_email: string;
  recipient_name: string;
  token_hash: string;
  expires_at: DbTime;
  revoked_at: DbTime | null;
  show_contact_details: DbBool;
  allow_download: DbBool;
  first_opened_at: DbTime | null;
  last_opened_at: DbTime | null;
  views: DbInt;
  created_at: DbTime;
}

/** A link's tracking; `decisions`: how many candidates its holder decided on. */
export const toShareLinkTracking = (r: ShareLinkRow, decisions: number): ShareLinkTracking => ({
  id: int(r.id),
  recipient: r.recipient_email,
  recipientName: r.recipient_name,
  createdAt: isoTime(r.created_at),
  expiresAt: isoTime(r.expires_at),
  revokedAt: isoTimeOrNull(r.revoked_at),
  firstOpenedAt: isoTimeOrNull(r.first_opened_at),
  lastOpenedAt: isoTimeOrNull(r.last_opened_at),
  views: int(r.views),
  decisions,
  showContactDetails: flag(r.show_contact_details),
  allowDownload: flag(r.allow_download),
});

/** A link with its share's job and sender, as the review page starts from. */
export interface ReviewLinkRow extends ShareLinkRow {
  job_id: DbInt;
  /** Whoever shared the shortlist (the bell tells them of its client's answers). */
  shared_by_id: DbInt | null;
  sender_name: string | null;
  sender_email: string | null;
}

/** The person's fields a client reads of a shared candidate (all but the photo). */
type ReviewedField = Exclude<PersonField, 'image_url'>;
const REVIEWED_FIELDS = PERSON_FIELDS.filter((f): f is ReviewedField => f !== 'image_url');

/** A shared candidate as the review page reads them (`shortlist_share_candidates` with the candidate). */
export type ReviewCandidateRow = Pick<CandidateRow, 'id' | 'uuid' | 'resume_url' | ReviewedField> & {
  note: string | null;
};

/** The columns of a ReviewCandidateRow, from `candidates as c` joined to `shortlist_share_candidates as sc`. */
export const REVIEW_CANDIDATE_COLUMNS = [
  'c.id',
  'c.uuid',
  'c.resume_url',
  ...REVIEWED_FIELDS.map((field) => `c.${field}`),
  'sc.note',
];

/**
 * A shared candidate as the client reads them: phone and e-mail only when the link shows contact details;
 * the resume through the link's own address, never the staff's file address.
 */
export function toReviewCandidate(
  r: ReviewCandidateRow,
  { showContactDetails, resumeUrl }: { showContactDetails: boolean; resumeUrl: (uuid: string) => string },
): ReviewCandidate {
  return {
    uuid: r.uuid,
    name: r.name,
    experience: decimal(r.experience),
    current_company: r.current_company || null,
    current_ctc: decimalOrNull(r.current_ctc),
    expected_ctc: decimalOrNull(r.expected_ctc),
    notice_period: intOrNull(r.notice_period),
    current_location: r.current_location || null,
    preferred_location: r.preferred_location || null,
    ...(showContactDetails ? { phone: r.phone, email: r.email } : {}),
    note: r.note || null,
    resume: r.resume_url ? { name: resumeName(r.name, r.resume_url), url: resumeUrl(r.uuid) } : null,
    decision: null,
    decisions: [],
    comments: [],
  };
}

/** The resume's file name as the client sees it: the candidate's name and the stored file's extension. */
export function resumeName(candidate: string, url: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(url)?.[1]?.toLowerCase() ?? 'pdf';
  const base = candidate.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'Candidate';
  return `${base} - Resume.${ext}`;
}

/** One row of a link's record (`share_link_activity`): what its holder did, on which candidate, from where. */
export const linkActivity = (
  link: Pick<ShareLinkRow, 'id'>,
  kind: 'view' | 'resume' | 'decision' | 'comment',
  {
    candidateId = null,
    detail = null,
    address,
    at,
  }: {
    candidateId?: number | null;
    detail?: string | null;
    address: string;
    at: Date;
  },
) => ({ link_id: int(link.id), kind, detail, candidate_id: candidateId, address: address.slice(0, 45), at });
