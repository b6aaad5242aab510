/**
 * The review page's reads, for whoever holds a link (no account): the shared candidates and their resumes,
 * nothing else. Expiry and revocation are checked on every request; every view is recorded with the link
 * and the address it came from.
 */
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { REVIEW_MESSAGES as M, UPLOAD_MESSAGES, type ReviewPage, type ReviewSender } from '@portal/contracts';
import { forbidden, gone, notFound } from '../../errors.ts';
import { storedNameOfUrl, type FileStore } from '../../lib/file-store.ts';
import { FILE_KINDS, kindOfStoredName } from '../../lib/file-types.ts';
import { flag, int } from '../../lib/rows.ts';
import type { JobService } from '../jobs/service.ts';
import {
  linkActivity,
  REVIEW_CANDIDATE_COLUMNS,
  resumeName,
  toReviewCandidate,
  type ReviewCandidateRow,
  type ReviewLinkRow,
} from './model.ts';
import { hashToken, sameHash } from './tokens.ts';
import { answersOfShare } from './threads.ts';

/** The job as a review page names it, read with the jobs' own reader (no one's `canEdit` in it). */
const SYSTEM = { id: 0, role: 'admin' } as const;

/** A resume as the review route sends it. */
export interface ReviewResume {
  stream: Readable;
  size: number;
  mime: string;
  fileName: string;
  download: boolean;
}

export function createReviewReads({ db, files, jobs }: { db: Knex; files: FileStore; jobs: JobService }) {
  const senderOf = (row: ReviewLinkRow): ReviewSender => ({
    name: row.sender_name ?? M.senderUnknown,
    email: row.sender_email ?? '',
  });

  /**
   * The link a token opens: found by its hash and compared again in constant time; unknown (or altered)
   * → 404, revoked or expired → 410 with who sent it, so that the client knows whom to ask.
   */
  async function openLink(token: string): Promise<ReviewLinkRow> {
    const row: ReviewLinkRow | undefined = await db('share_links as l')
      .join('shortlist_shares as s', 's.id', 'l.share_id')
      .leftJoin('users as u', 'u.id', 's.shared_by_id')
      .where('l.token_hash', hashToken(token))
      .first('l.*', 's.job_id', 's.shared_by_id', 'u.name as sender_name', 'u.email as sender_email');
    if (!row || !sameHash(row.token_hash, token)) throw notFound(M.linkNotFound);
    if (row.revoked_at !== null) throw gone(M.linkRevoked, { sender: senderOf(row) });
    if (new Date(row.expires_at).getTime() <= Date.now()) {
      throw gone(M.linkExpired, { sender: senderOf(row) });
    }
    return row;
  }

  async function record(
    link: ReviewLinkRow,
    kind: 'view' | 'resume',
    address: string,
    candidateId: number | null = null,
  ): Promise<void> {
    const at = new Date();
    await db.transaction(async (trx) => {
      if (kind === 'view') {
        await trx('share_links')
          .where({ id: int(link.id) })
          .update({
            first_opened_at: trx.raw('COALESCE(first_opened_at, ?)', [at]),
            last_opened_at: at,
            views: trx.raw('views + 1'),
          });
      }
      await trx('share_link_activity').insert(linkActivity(link, kind, { candidateId, address, at }));
    });
  }

  return {
    openLink,

    /** The review page: the job, who sent it, and the shared candidates as the link may show them. */
    async reviewPage(token: string, address: string): Promise<ReviewPage> {
      const link = await openLink(token);
      const [job, rows, answers] = await Promise.all([
        jobs.getJob(int(link.job_id), SYSTEM),
        // A candidate withdrawn from the share is no longer listed.
        db('shortlist_share_candidates as sc')
          .join('candidates as c', 'c.id', 'sc.candidate_id')
          .where('sc.share_id', int(link.share_id))
          .whereNull('sc.withdrawn_at')
          .orderBy([{ column: 'c.name' }, { column: 'c.id' }])
          .select(REVIEW_CANDIDATE_COLUMNS) as Promise<ReviewCandidateRow[]>,
        answersOfShare(db, int(link.share_id)),
      ]);
      await record(link, 'view', address);
      const showContactDetails = flag(link.show_contact_details);
      const resumeUrl = (uuid: string) =>
        `/api/review/${encodeURIComponent(token)}/candidates/${encodeURIComponent(uuid)}/resume`;
      return {
        job: {
          title: job.title,
          location: [job.city, job.stateName ?? job.state].filter(Boolean).join(', '),
          type: job.type,
        },
        sender: senderOf(link),
        expiresAt: new Date(link.expires_at).toISOString(),
        allowDownload: flag(link.allow_download),
        you: { linkId: int(link.id), name: link.recipient_name },
        candidates: rows.map((r) => {
          const decisions = answers.decisions.get(int(r.id)) ?? [];
          return {
            ...toReviewCandidate(r, { showContactDetails, resumeUrl }),
            decision: decisions.find((d) => d.linkId === int(link.id)) ?? null,
            decisions,
            comments: answers.comments.get(int(r.id)) ?? [],
          };
        }),
      };
    },

    /**
     * A shared candidate's resume through the link: only a candidate of this share (any other → 404, the
     * same answer as for one that does not exist), as a download only when the share allows it.
     */
    async resume(token: string, uuid: string, address: string, download: boolean): Promise<ReviewResume> {
      const link = await openLink(token);
      const row: Pick<ReviewCandidateRow, 'id' | 'name' | 'resume_url'> | undefined = await db(
        'shortlist_share_candidates as sc',
      )
        .join('candidates as c', 'c.id', 'sc.candidate_id')
        .where('sc.share_id', int(link.share_id))
        .whereNull('sc.withdrawn_at')
        .where('c.uuid', uuid)
        .first('c.id', 'c.name', 'c.resume_url');
      if (!row) throw notFound(M.candidateNotInShare);
      if (download && !flag(link.allow_download)) throw forbidden(M.downloadNotAllowed);
      const name = row.resume_url ? storedNameOfUrl(row.resume_url) : null;
      const kind = name ? kindOfStoredName(name) : null;
      const file = name ? await files.open(name) : null;
      if (!name || !kind || !file) throw notFound(row.resume_url ? UPLOAD_MESSAGES.fileNotFound : M.noResume);
      await record(link, 'resume', address, int(row.id));
      return {
        stream: file.stream,
        size: file.size,
        mime: FILE_KINDS[kind].mime,
        fileName: resumeName(row.name, name),
        download,
      };
    },
  };
}
export type ReviewReads = ReturnType<typeof createReviewReads>;
