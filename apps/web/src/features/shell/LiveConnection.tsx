import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  REALTIME_MESSAGES,
  type Candidate,
  type CandidatePage,
  type CandidateStatus,
  type ClientFeedbackSummary,
  type JobPage,
} from '@portal/contracts';
import { Button } from '@portal/ui';
import { markFresh, onResync, useLiveEvent, useLiveStatus } from '../../lib/live.ts';
import { candidateKeys } from '../candidates/api.ts';
import { feedbackKeys } from '../client-feedback/api.ts';
import { jobKeys } from '../jobs/api.ts';
import { ledgerChanged } from '../ledger/live.ts';

/** How long "Live updates are back" stays after a reconnect. */
const BACK_MS = 3000;

/**
 * Keeps every screen of the signed-in areas live: a change another user makes (in the rooms the screens
 * joined) refreshes the lists, cards and details that show it, in place (the previous data stays on screen
 * while the new one loads, so page and scroll are kept), and marks it for a moment's highlight. Forms are
 * never overwritten: they start from their record once and say when it changed (useChangedElsewhere).
 * After a reconnect that lost messages, everything shown is fetched again.
 */
export function useLiveSync() {
  const queryClient = useQueryClient();
  const candidatesChanged = (candidateId: number, jobId: number) => {
    markFresh(`candidate:${candidateId}`);
    markFresh(`job:${jobId}`);
    void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
  };
  useLiveEvent('candidate:created', (c) => candidatesChanged(c.id, c.job_id));
  /** Shows a change in every list and details on screen at once, before the refetch confirms it. */
  const patchCandidate = (id: number, patch: Partial<Candidate>) => {
    for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: candidateKeys.all })) {
      const page = data as (Partial<CandidatePage> & Partial<Candidate>) | undefined;
      if (page?.items) {
        if (!page.items.some((c) => c.id === id)) continue;
        queryClient.setQueryData(key, {
          ...page,
          items: page.items.map((c) =>
            c.id === id && c.version < (patch.version ?? 0) ? { ...c, ...patch } : c,
          ),
        });
      } else if (page?.id === id && (page.version ?? 0) < (patch.version ?? 0)) {
        queryClient.setQueryData(key, { ...page, ...patch });
      }
    }
  };
  const patchFeedback = (id: number, summary: ClientFeedbackSummary) => {
    for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: candidateKeys.all })) {
      const page = data as (Partial<CandidatePage> & Partial<Candidate>) | undefined;
      if (page?.items?.some((c) => c.id === id)) {
        queryClient.setQueryData(key, {
          ...page,
          items: page.items.map((c) => (c.id === id ? { ...c, client_feedback: summary } : c)),
        });
      } else if (page?.id === id) queryClient.setQueryData(key, { ...page, client_feedback: summary });
    }
  };
  useLiveEvent('candidate:updated', (c) => {
    // The message has no `canEdit`: what this reader may do with it stays as their copy says.
    patchCandidate(c.id, c);
    candidatesChanged(c.id, c.job_id);
  });
  /**
   * A status change from the status menu or the details (`candidate:status-changed`), or a move on the
   * pipeline board (`candidate:moved`, its only message, whether it changed the status or only the place).
   */
  const statusChanged = (e: { candidateId: number; jobId: number; to: CandidateStatus; version: number }) => {
    patchCandidate(e.candidateId, { status: e.to, version: e.version });
    candidatesChanged(e.candidateId, e.jobId);
  };
  useLiveEvent('candidate:status-changed', statusChanged);
  useLiveEvent('candidate:moved', statusChanged);
  useLiveEvent('candidate:deleted', (e) => candidatesChanged(e.candidateId, e.jobId));
  // A client's answer (or a teammate's reply): the badge on every list and details that show the candidate,
  // at once (it raises no version), and the candidate page's threads read again.
  useLiveEvent('candidate:client-feedback', (e) => {
    const { decision, reason, comments, by, at } = e;
    patchFeedback(e.candidateId, { decision, reason, comments, by, at });
    markFresh(`candidate:${e.candidateId}`);
    void queryClient.invalidateQueries({ queryKey: feedbackKeys.one(e.uuid) });
  });
  useLiveEvent('job:changed', (job) => {
    markFresh(`job:${job.id}`);
    // The board's cards show the new count and status at once; the refetch brings the rest.
    if (!('deleted' in job)) {
      const { id, status, candidateCount, version } = job;
      for (const [key, data] of queryClient.getQueriesData<JobPage>({ queryKey: jobKeys.all })) {
        if (!data?.items?.some((j) => j.id === id)) continue;
        queryClient.setQueryData(key, {
          ...data,
          items: data.items.map((j) => (j.id === id ? { ...j, status, candidateCount, version } : j)),
        });
      }
    }
    void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  });
  // The ledger's screens (its room is admins only): a payment, a purchase or an expense another admin wrote.
  useLiveEvent('ledger:changed', (change) => ledgerChanged(queryClient, change));
  // Everything shown may have changed while the connection was lost, except values a form proposed (a new
  // user's id): refetching those would change what the person is typing into.
  useEffect(
    () =>
      onResync(
        () => void queryClient.invalidateQueries({ predicate: (query) => query.meta?.keepOnResync !== true }),
      ),
    [queryClient],
  );
}

/**
 * A small notice when the live connection is down, and for a moment when it is back; when the session
 * ended on the server, says so and offers the sign-in (`onSignIn`) instead of reconnecting for ever.
 */
export function LiveIndicator({ onSignIn }: { onSignIn: () => void }) {
  const status = useLiveStatus();
  const [back, setBack] = useState(false);
  const wasOffline = useRef(false);
  useEffect(() => {
    if (status === 'offline') {
      wasOffline.current = true;
      setBack(false);
    } else if (status === 'online' && wasOffline.current) {
      wasOffline.current = false;
      setBack(true);
      const t = setTimeout(() => setBack(false), BACK_MS);
      return () => clearTimeout(t);
    }
  }, [status]);
  if (status === 'signedOut') {
    return (
      <div className="live-indicator live-indicator-signed-out" role="alert">
        <span>{REALTIME_MESSAGES.signedOut}</span>
        <Button size="sm" onPress={onSignIn}>
          {REALTIME_MESSAGES.signInAgain}
        </Button>
      </div>
    );
  }
  const text = status === 'offline' ? REALTIME_MESSAGES.offline : back ? REALTIME_MESSAGES.online : '';
  return (
    <div
      className={`live-indicator${text ? ` live-indicator-${status}` : ''}`}
      role="status"
      aria-live="polite"
    >
      {text ? (
        <>
          <span className="live-dot" aria-hidden />
          {text}
        </>
      ) : null}
    </div>
  );
}
