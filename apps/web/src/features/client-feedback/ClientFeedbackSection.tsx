import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CLIENT_DECISION_BADGES,
  FEEDBACK_MESSAGES as F,
  type CandidateDetails,
  type CandidateStatus,
} from '@portal/contracts';
import { toast, type Rejection } from '@portal/ui';
import { useLiveRoom } from '../../lib/live.ts';
import { ClientFeedbackBadge } from './ClientFeedbackBadge.tsx';
import { FeedbackShare } from './FeedbackShare.tsx';
import { SuggestedMoveButton } from './SuggestedMoveButton.tsx';
import { feedbackKeys, fetchClientFeedback } from './api.ts';
import { offeredMove } from './suggestedMove.ts';

/**
 * The candidate page's "Client feedback": the latest answer with the move it suggests (one click, the
 * page's own status change and rejection dialog), then per share the recipients' decisions, named, and
 * the thread where the team replies. Live: the job's room says when a client answers (useLiveSync reads
 * this again).
 */
export function ClientFeedbackSection({
  c,
  isPending,
  onMove,
}: {
  c: CandidateDetails;
  isPending: boolean;
  onMove: (to: CandidateStatus, initial?: Partial<Rejection>) => void;
}) {
  useLiveRoom({ kind: 'job', jobId: c.job_id, viewing: true });
  const query = useQuery({
    queryKey: feedbackKeys.one(c.uuid),
    queryFn: ({ signal }) => fetchClientFeedback(c.uuid, signal),
  });
  useEffect(() => {
    if (query.isError) toast.error(query.error.message || F.loadFailed);
  }, [query.isError, query.error]);

  const summary = query.data?.summary ?? c.client_feedback;
  const offer = c.canEdit ? offeredMove(summary, c.status) : null;
  const shares = query.data?.shares ?? [];
  // Who made the decision shown (the summary's `by` is whoever answered last, a teammate's reply too).
  const latest = shares
    .flatMap((s) => s.decisions)
    .filter((d) => d.decision === summary?.decision)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return (
    <section className="card client-feedback" aria-labelledby="client-feedback-title">
      <h2 className="section-title" id="client-feedback-title">
        {F.section}
      </h2>
      {summary?.decision || (summary && summary.comments > 0) ? (
        <div className="feedback-suggestion">
          <ClientFeedbackBadge feedback={summary} />
          {summary.decision && latest ? (
            <span>{F.suggests(latest.by, CLIENT_DECISION_BADGES[summary.decision])}</span>
          ) : null}
          {offer ? (
            <SuggestedMoveButton
              offer={offer}
              name={c.name}
              isDisabled={isPending}
              onPress={() => onMove(offer.to, offer.initial)}
            />
          ) : null}
        </div>
      ) : null}
      {query.isPending ? (
        <p className="muted">{F.loading}</p>
      ) : query.isError ? (
        <p className="muted">{F.loadFailed}</p>
      ) : shares.length === 0 ? (
        <p className="muted">{F.notShared}</p>
      ) : (
        shares.map((share) => <FeedbackShare key={share.shareId} uuid={c.uuid} share={share} />)
      )}
    </section>
  );
}
