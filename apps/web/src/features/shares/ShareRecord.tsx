import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  CLIENT_FEEDBACK_LIMITS,
  REVIEW_MESSAGES,
  SHARE_TEXTS as T,
  type ShareLinkTracking,
  type ShortlistShare,
} from '@portal/contracts';
import { Button, ErrorBanner } from '@portal/ui';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useLiveEvent } from '../../lib/live.ts';
import { fetchShares, shareKeys } from '../candidates/api.ts';
import { ShareActionDialog, type ShareAction } from './ShareActions.tsx';
import './shares.css';

/** Shares flagged because no recipient opened them within the flag's days (the server's `notOpened`). */
export const notOpenedText = REVIEW_MESSAGES.notOpened(CLIENT_FEEDBACK_LIMITS.unopenedFlagDays);

const when = (value: string | null) => (value ? (formatDateTime(value) ?? value) : T.never);

/** A link's state beside its recipient: revoked, expired, or nothing while it works. */
function linkState(link: ShareLinkTracking): string | null {
  if (link.revokedAt) return T.revoked;
  return new Date(link.expiresAt).getTime() <= Date.now() ? T.expired : null;
}

function LinkItem({
  link,
  canEdit,
  onAction,
}: {
  link: ShareLinkTracking;
  canEdit: boolean;
  onAction: (action: ShareAction) => void;
}) {
  const state = linkState(link);
  const facts: [string, string][] = [
    [T.sent, when(link.createdAt)],
    [T.firstOpened, when(link.firstOpenedAt)],
    [T.lastOpened, when(link.lastOpenedAt)],
    [T.views, String(link.views)],
    [T.decisions, String(link.decisions)],
    [T.expires, formatDate(link.expiresAt) ?? link.expiresAt],
    ...(link.revokedAt ? [[T.revoked, when(link.revokedAt)] as [string, string]] : []),
  ];
  return (
    <li className="share-link">
      <div className="share-link-head">
        <strong>{link.recipientName}</strong>
        <span className="muted share-link-email">{link.recipient}</span>
        {state ? (
          <span className={`badge ${link.revokedAt ? 'badge-red' : 'badge-grey'}`}>{state}</span>
        ) : null}
      </div>
      <dl className="share-link-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {canEdit && !link.revokedAt ? (
        <div className="share-link-actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${T.extend}: ${link.recipientName}`}
            onPress={() => onAction({ kind: 'extend', link })}
          >
            {T.extend}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`${T.revoke}: ${link.recipientName}`}
            onPress={() => onAction({ kind: 'revoke', link })}
          >
            {T.revoke}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function ShareItem({
  share,
  showJob,
  canEdit,
  onAction,
}: {
  share: ShortlistShare;
  showJob: boolean;
  canEdit: boolean;
  onAction: (action: ShareAction) => void;
}) {
  return (
    <li className="share-item">
      <div className="share-item-head">
        <strong>{`Sent ${share.candidates.length} to ${share.client_name} <${share.client_email}>`}</strong>
        {share.notOpened ? <span className="badge badge-amber">{notOpenedText}</span> : null}
      </div>
      <div className="muted">
        {formatDateTime(share.shared_at) ?? share.shared_at}
        {share.shared_by ? ` · by ${share.shared_by}` : ''}
      </div>
      {showJob ? <div>Job: {share.job_title}</div> : null}
      <ul className="share-candidates" aria-label={T.candidatesHeading}>
        {share.candidates.map((c) => (
          <li key={c.uuid} className={c.withdrawn ? 'is-withdrawn' : undefined}>
            <span>{c.name}</span>
            {c.withdrawn ? (
              <span className="muted share-withdrawn">({T.withdrawn})</span>
            ) : canEdit ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${T.withdraw}: ${c.name}`}
                onPress={() => onAction({ kind: 'withdraw', share, candidate: c })}
              >
                {T.withdraw}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {share.links.length > 0 ? (
        <ul className="share-links" aria-label={T.linksHeading}>
          {share.links.map((link) => (
            <LinkItem key={link.id} link={link} canEdit={canEdit} onAction={onAction} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * What was sent to clients, newest first: a job's shares, or those that named one candidate. Per share its
 * candidates and each recipient's link with what its holder did; those who may edit the job revoke or
 * extend a link and withdraw a candidate from a share here.
 */
export function ShareRecord({
  jobId,
  candidateId,
  canEdit = false,
}: {
  jobId?: number;
  candidateId?: number;
  canEdit?: boolean;
}) {
  const [action, setAction] = useState<ShareAction | null>(null);
  const path =
    candidateId !== undefined ? `/api/candidates/${candidateId}/shares` : `/api/jobs/${jobId}/shares`;
  const shares = useQuery({
    queryKey: candidateId !== undefined ? shareKeys.candidate(candidateId) : shareKeys.job(jobId!),
    queryFn: ({ signal }) => fetchShares(path, signal),
  });
  // A client's decision on one of this list's shares: its links' decision counts are read again.
  useLiveEvent('candidate:client-feedback', (e) => {
    if (e.kind === 'decision' && (e.jobId === jobId || e.candidateId === candidateId)) void shares.refetch();
  });
  if (shares.isError) return <ErrorBanner message={shares.error.message || M.sharesLoadFailed} />;
  const items = shares.data?.items ?? [];
  if (shares.isPending) return null;
  if (items.length === 0) return <p className="muted">Nothing sent to the client yet</p>;
  return (
    <>
      <ol className="share-list" aria-label={T.sentHeading}>
        {items.map((s) => (
          <ShareItem
            key={s.id}
            share={s}
            showJob={candidateId !== undefined}
            canEdit={canEdit}
            onAction={setAction}
          />
        ))}
      </ol>
      {action ? <ShareActionDialog action={action} onClose={() => setAction(null)} /> : null}
    </>
  );
}
