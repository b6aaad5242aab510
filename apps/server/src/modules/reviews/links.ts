/**
 * The review links a shared shortlist sends: one per recipient (the job's client e-mail and the chosen
 * client contacts), each in its own mail, its token shown only then; and what the recruiter does with a
 * link afterwards (revoke, extend) and sees of it (opened when, how often).
 */
import type { Knex } from 'knex';
import {
  APP_TIME_ZONE,
  REVIEW_LIMITS,
  REVIEW_MESSAGES as M,
  type IssuedShareLink,
  type ShareLinkTracking,
} from '@portal/contracts';
import { conflict, notFound } from '../../errors.ts';
import type { Mail } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Caller } from '../../lib/caller.ts';
import type { InUnitOfWork } from '../../events.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import type { JobService } from '../jobs/service.ts';
import { normalEmail } from './contacts.ts';
import { toShareLinkTracking, type ClientContactRow, type ShareLinkRow } from './model.ts';
import { hashToken, newToken } from './tokens.ts';

type Db = Knex | Knex.Transaction;

const DAY_MS = 24 * 3600 * 1000;

/** Who a link goes to. */
export interface Recipient {
  email: string;
  name: string;
  contactId: number | null;
}

/** The job's client first, then the chosen contacts; an address already named is not sent twice. */
export function recipientsOf(
  client: { name: string; email: string },
  contacts: readonly ClientContactRow[],
): Recipient[] {
  const all = [
    { email: client.email, name: client.name, contactId: null },
    ...contacts.map((c) => ({ email: c.email, name: c.name, contactId: int(c.id) })),
  ];
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = normalEmail(r.email);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What a share's links show and how long they live. */
export interface LinkOptions {
  expiresInDays?: number | undefined;
  showContactDetails?: boolean | undefined;
  allowDownload?: boolean | undefined;
}

/** A link just made: its row's id, its recipient, and the address with the token (never stored). */
export type IssuedLink = IssuedShareLink & { contactId: number | null };

const longDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: APP_TIME_ZONE });

/**
 * The mail that carries one recipient's review link: the link instead of the candidates' details, so that
 * what the client reads stays behind the link (which expires and can be revoked) and not in a mailbox.
 */
export function reviewLinkMail(
  link: Pick<IssuedLink, 'recipient' | 'recipientName' | 'url' | 'expiresAt'>,
  job: { title: string },
  count: number,
  sender: string,
): Mail {
  const subject = M.mailSubject(job.title);
  const until = longDate.format(new Date(link.expiresAt));
  const lines = [
    `Dear ${link.recipientName},`,
    `Please find the ${count} shortlisted candidate${count === 1 ? '' : 's'} for the position of ${job.title} on this page, where you can read their profiles and resumes:`,
    link.url,
    `This link is meant for you alone and works until ${until}.`,
    `Kind regards,\n${sender}`,
  ];
  const html = lines
    .map((line) =>
      line === link.url
        ? `<p><a href="${escapeHtml(link.url)}">Review the shortlisted candidates</a></p>`
        : `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  return { to: link.recipient, subject, text: lines.join('\n\n'), html };
}

/** How many candidates each of these links decided on, by link. */
async function decisionsOf(trx: Db, linkIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (linkIds.length === 0) return counts;
  const rows: { link_id: DbInt; n: DbInt }[] = await trx('review_decisions')
    .whereIn('link_id', linkIds)
    .groupBy('link_id')
    .select('link_id', trx.raw('COUNT(*) as n'));
  for (const row of rows) counts.set(int(row.link_id), int(row.n));
  return counts;
}

export function createShareLinks({
  db,
  inUnitOfWork,
  publicUrl,
  jobs,
}: {
  db: Knex;
  /** A revoke tells the link's open review pages at once (`review.revoked`, after its commit). */
  inUnitOfWork: InUnitOfWork;
  /** The configured public origin (PUBLIC_URL): links in mails never start with a request's Host. */
  publicUrl: string;
  jobs: JobService;
}) {
  const reviewUrl = (token: string) => `${publicUrl}/review/${token}`;

  /** The link with its share's job, or 404; then the actor must be allowed to edit that job. */
  async function linkForChange(id: number, actor: Caller): Promise<ShareLinkRow> {
    const row: (ShareLinkRow & { job_id: DbInt }) | undefined = await db('share_links as l')
      .join('shortlist_shares as s', 's.id', 'l.share_id')
      .where('l.id', id)
      .first('l.*', 's.job_id');
    if (!row) throw notFound(M.shareLinkNotFound);
    await jobs.assertMayEditJob(int(row.job_id), actor, M.noLinkPermission);
    return row;
  }

  async function tracking(id: number): Promise<ShareLinkTracking> {
    const row: ShareLinkRow = await db('share_links').where({ id }).first();
    return toShareLinkTracking(row, (await decisionsOf(db, [id])).get(id) ?? 0);
  }

  return {
    reviewUrl,

    /** Makes one link per recipient for the share, inside its transaction; the tokens leave only here. */
    async issueLinks(
      trx: Knex.Transaction,
      shareId: number,
      recipients: readonly Recipient[],
      options: LinkOptions,
    ): Promise<IssuedLink[]> {
      const now = new Date();
      const days = options.expiresInDays ?? REVIEW_LIMITS.defaultExpiryDays;
      const expiresAt = new Date(now.getTime() + days * DAY_MS);
      const issued: IssuedLink[] = [];
      for (const r of recipients) {
        const token = newToken();
        const [id] = await trx('share_links').insert({
          share_id: shareId,
          contact_id: r.contactId,
          recipient_email: r.email,
          recipient_name: r.name,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          revoked_at: null,
          show_contact_details: options.showContactDetails ?? false,
          allow_download: options.allowDownload ?? false,
          views: 0,
          created_at: now,
        });
        issued.push({
          id: int(id!),
          recipient: r.email,
          recipientName: r.name,
          contactId: r.contactId,
          expiresAt: expiresAt.toISOString(),
          url: reviewUrl(token),
        });
      }
      return issued;
    },

    /**
     * Once a link's mail has gone out, the outbox keeps that mail with the token masked: a mail still waiting
     * (no mail server, or a refusal) needs its link to be sent later, a sent one does not, and only the
     * recipient's mailbox and the sharer's answer ever hold a working link.
     */
    async maskSentLinks(sent: readonly { outboxId: number; mail: Mail; url: string }[]): Promise<void> {
      for (const { outboxId, mail, url } of sent) {
        const masked = url.replace(/\/review\/.*$/, '/review/…');
        await db('mail_outbox')
          .where({ id: outboxId })
          .update({
            text_body: mail.text.split(url).join(masked),
            html_body: mail.html === undefined ? null : mail.html.split(escapeHtml(url)).join(masked),
          });
      }
    },

    /** The links of these shares with their tracking, oldest first, by share. */
    async linksOfShares(
      shareIds: readonly number[],
      trx: Db = db,
    ): Promise<Map<number, ShareLinkTracking[]>> {
      const byShare = new Map<number, ShareLinkTracking[]>();
      if (shareIds.length === 0) return byShare;
      const rows: ShareLinkRow[] = await trx('share_links').whereIn('share_id', shareIds).orderBy('id');
      const decisions = await decisionsOf(
        trx,
        rows.map((r) => int(r.id)),
      );
      for (const row of rows) {
        const list = byShare.get(int(row.share_id)) ?? [];
        list.push(toShareLinkTracking(row, decisions.get(int(row.id)) ?? 0));
        byShare.set(int(row.share_id), list);
      }
      return byShare;
    },

    /**
     * Withdraws a link at once (a second revoke changes nothing: it keeps the first time). Its open review
     * pages hear `review:revoked` and their sockets are closed, on every node (realtime/delivery.ts); the
     * share's other links go on.
     */
    async revoke(id: number, actor: Caller): Promise<ShareLinkTracking> {
      const row = await linkForChange(id, actor);
      if (row.revoked_at === null) {
        await inUnitOfWork(async ({ trx, emit }) => {
          const changed = await trx('share_links')
            .where({ id })
            .whereNull('revoked_at')
            .update({ revoked_at: new Date() });
          // Only the revoke that changed the row tells (two at once: one message).
          if (changed > 0) {
            emit('review.revoked', { linkId: id, shareId: int(row.share_id), message: M.linkRevoked });
          }
        });
      }
      return tracking(id);
    },

    /** Until when a link works now, and whether it was revoked (an open review socket's check as time passes). */
    async linkState(id: number): Promise<{ expiresAt: number; revoked: boolean } | undefined> {
      const row: Pick<ShareLinkRow, 'expires_at' | 'revoked_at'> | undefined = await db('share_links')
        .where({ id })
        .first('expires_at', 'revoked_at');
      return row && { expiresAt: new Date(row.expires_at).getTime(), revoked: row.revoked_at !== null };
    },

    /** The link works `days` days from now (expired ones open again); a revoked link stays revoked. */
    async extend(id: number, days: number, actor: Caller): Promise<ShareLinkTracking> {
      const row = await linkForChange(id, actor);
      if (row.revoked_at !== null) throw conflict(M.revokedCannotExtend);
      await db('share_links')
        .where({ id })
        .update({ expires_at: new Date(Date.now() + days * DAY_MS) });
      return tracking(id);
    },
  };
}
export type ShareLinks = ReturnType<typeof createShareLinks>;
