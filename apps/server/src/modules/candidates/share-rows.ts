/** The rows sharing a shortlist reads and writes, and the share record as the API answers it. */
import { CLIENT_FEEDBACK_LIMITS, type ShareLinkTracking, type ShortlistShare } from '@portal/contracts';
import { int, intOrNull, isoTime, type DbInt, type DbTime } from '../../lib/rows.ts';

/** The job a shortlist is sent for: its title and its client's address. */
export interface SharedJobRow {
  id: DbInt;
  title: string;
  client_name: string;
  client_email: string;
}

/** A row of `shortlist_shares` with its job's title and the sender's name. */
export interface ShareRow {
  id: DbInt;
  job_id: DbInt;
  shared_by_id: DbInt | null;
  client_name: string;
  client_email: string;
  shared_at: DbTime;
  job_title: string;
  shared_by: string | null;
}

/** A candidate a share named (`shortlist_share_candidates` with the candidate's id, uuid and name), and when withdrawn. */
export interface ShareNamedRow {
  share_id: DbInt;
  id: DbInt;
  uuid: string;
  name: string;
  withdrawn_at: DbTime | null;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether a share is flagged as not opened: sent more than `unopenedFlagDays` days ago, none of its links
 * opened, and not every one revoked (a share the recruiter withdrew is not waiting for anyone).
 */
export const notOpened = (sharedAt: Date, links: ShareLinkTracking[], now = Date.now()): boolean =>
  now - sharedAt.getTime() > CLIENT_FEEDBACK_LIMITS.unopenedFlagDays * DAY_MS &&
  links.some((l) => l.revokedAt === null) &&
  links.every((l) => l.firstOpenedAt === null);

/**
 * A share with the candidates it named (`named` holds those of every share read, in name order) and the
 * review links it sent.
 */
export const toShortlistShare = (
  s: ShareRow,
  named: ShareNamedRow[],
  links: ShareLinkTracking[],
): ShortlistShare => ({
  id: int(s.id),
  job_id: int(s.job_id),
  job_title: s.job_title,
  shared_by: s.shared_by ?? null,
  shared_by_id: intOrNull(s.shared_by_id),
  client_name: s.client_name,
  client_email: s.client_email,
  shared_at: isoTime(s.shared_at),
  candidates: named
    .filter((n) => int(n.share_id) === int(s.id))
    .map((n) => ({ id: int(n.id), uuid: n.uuid, name: n.name, withdrawn: n.withdrawn_at !== null })),
  links,
  notOpened: notOpened(new Date(isoTime(s.shared_at)), links),
});
