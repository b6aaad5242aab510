import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MODE_LABELS,
  type CandidateDetails,
  type Interview,
} from '@portal/contracts';
import { Button, ConfirmDialog, StatusBadge, toast } from '@portal/ui';
import { formatDateTime } from '../../lib/format.ts';
import { failureMessage } from '../../lib/formErrors.ts';
import { markFresh, useIsFresh, useLiveEvent, useLiveRoom } from '../../lib/live.ts';
import { cancelInterview, fetchInterviews, interviewKeys } from './api.ts';
import { InterviewDialog } from './InterviewDialog.tsx';
import { INTERVIEW_SCREEN_MESSAGES as S } from './messages.ts';
import './interviews.css';

const when = (at: string) => formatDateTime(at) ?? at;

/** Upcoming ones first, soonest first; then the past ones, latest first. */
function splitByTime(items: Interview[], now: number) {
  const upcoming = items.filter((i) => Date.parse(i.end) > now);
  const past = items.filter((i) => Date.parse(i.end) <= now);
  upcoming.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  past.sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return { upcoming, past };
}

/** Where it takes place: the address, the call's link, or "Phone". */
function Place({ i }: { i: Interview }) {
  if (i.mode === 'video' && i.videoUrl) {
    return (
      <a href={i.videoUrl} target="_blank" rel="noreferrer">
        {i.videoUrl}
      </a>
    );
  }
  if (i.mode === 'in_person' && i.location) return <span className="prewrap">{i.location}</span>;
  return <span>{INTERVIEW_MODE_LABELS[i.mode]}</span>;
}

function InterviewItem({
  i,
  canEdit,
  onReschedule,
  onCancel,
}: {
  i: Interview;
  canEdit: boolean;
  onReschedule: () => void;
  onCancel: () => void;
}) {
  const isFresh = useIsFresh();
  const cancelled = i.status === 'cancelled';
  return (
    <li
      className={`interview-item${isFresh(`interview:${i.id}`) ? ' live-fresh' : ''}`}
      data-status={i.status}
    >
      <div className="interview-head">
        <h3 className="interview-round">{i.round}</h3>
        {cancelled ? <StatusBadge status="cancelled" tone="red" label={S.cancelled} /> : null}
      </div>
      <p className="interview-time">
        <time dateTime={i.start} className={cancelled ? 'interview-struck' : undefined}>
          {when(i.start)}
        </time>
        <span aria-hidden> · </span>
        <span>{S.minutes(i.durationMinutes)}</span>
        <span aria-hidden> · </span>
        <span>{INTERVIEW_MODE_LABELS[i.mode]}</span>
      </p>
      {i.mode !== 'phone' ? (
        <p className="interview-place">
          <Place i={i} />
        </p>
      ) : null}
      <p className="interview-people">
        <span className="muted">{S.withInterviewers}: </span>
        {i.interviewers.map((x, n) => (
          <span key={`${x.kind}-${x.id}`}>
            {n > 0 ? ', ' : ''}
            {x.name}
            {x.kind === 'contact' ? <span className="muted"> ({S.client})</span> : null}
          </span>
        ))}
      </p>
      {i.note ? <p className="prewrap interview-note">{i.note}</p> : null}
      {canEdit && !cancelled ? (
        <div className="interview-actions">
          <Button size="sm" variant="secondary" aria-label={S.rescheduleOf(i.round)} onPress={onReschedule}>
            {S.reschedule}
          </Button>
          <Button size="sm" variant="ghost" aria-label={S.cancelOf(i.round)} onPress={onCancel}>
            {S.cancel}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The candidate page's Interviews: upcoming and past, each with its round, day and time on the firm's clock,
 * duration, place and interviewers; for those who may edit the candidate, schedule, reschedule and cancel.
 * Live: the job room's `interview:*` messages for this candidate read the list again.
 */
export function InterviewsSection({ c }: { c: CandidateDetails }) {
  const queryClient = useQueryClient();
  const key = interviewKeys.one(c.uuid);
  useLiveRoom({ kind: 'job', jobId: c.job_id, viewing: true });
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchInterviews(c.uuid, signal) });
  const [editing, setEditing] = useState<{ interview?: Interview } | null>(null);
  const [cancelling, setCancelling] = useState<Interview | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  useEffect(() => {
    if (query.isError) toast.error(query.error.message || S.loadFailed);
  }, [query.isError, query.error]);

  const changed = (i: Interview) => {
    if (i.uuid !== c.uuid) return;
    markFresh(`interview:${i.id}`);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  useLiveEvent('interview:scheduled', changed);
  useLiveEvent('interview:changed', changed);
  useLiveEvent('interview:cancelled', changed);

  const cancel = useMutation({
    mutationFn: (i: Interview) => cancelInterview(i.id),
    onSuccess: async () => {
      toast.success(M.cancelled);
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setCancelError(failureMessage(error, S.cancelFailed)),
  });

  const { upcoming, past } = splitByTime(query.data?.items ?? [], Date.now());
  const list = (items: Interview[], which: 'upcoming' | 'past') =>
    items.length > 0 ? (
      <div className="interview-group">
        <h3 className="interview-group-title">{which === 'upcoming' ? S.upcoming : S.past}</h3>
        <ul className="interview-list" aria-label={S.interviewsOf(c.name, which)}>
          {items.map((i) => (
            <InterviewItem
              key={i.id}
              i={i}
              canEdit={c.canEdit}
              onReschedule={() => setEditing({ interview: i })}
              onCancel={() => {
                setCancelError(null);
                setCancelling(i);
              }}
            />
          ))}
        </ul>
      </div>
    ) : null;

  return (
    <section className="card interviews" aria-labelledby="interviews-title">
      <div className="interviews-head">
        <h2 className="section-title" id="interviews-title">
          {S.section}
        </h2>
        {c.canEdit && c.job.interviewRounds.length > 0 ? (
          <Button size="sm" aria-label={S.scheduleOf(c.name)} onPress={() => setEditing({})}>
            {S.schedule}
          </Button>
        ) : null}
      </div>
      {c.canEdit && c.job.interviewRounds.length === 0 ? <p className="muted">{M.noRounds}</p> : null}
      {query.isPending ? (
        <p className="muted">{S.loading}</p>
      ) : query.isError ? (
        <p className="muted">{S.loadFailed}</p>
      ) : upcoming.length + past.length === 0 ? (
        <p className="muted">{S.none}</p>
      ) : (
        <>
          {list(upcoming, 'upcoming')}
          {list(past, 'past')}
        </>
      )}
      {editing ? (
        <InterviewDialog
          c={c}
          interview={editing.interview}
          onClose={() => setEditing(null)}
          onSaved={(saved, rescheduled) => {
            toast.success(rescheduled ? M.rescheduled : M.scheduled);
            setEditing(null);
            queryClient.setQueryData(key, (old: { items: Interview[] } | undefined) =>
              old ? { items: [...old.items.filter((x) => x.id !== saved.id), saved] } : old,
            );
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={S.cancelTitle}
        message={cancelling ? S.cancelQuestion(cancelling.round, when(cancelling.start)) : ''}
        confirmLabel={S.cancel}
        pendingLabel={S.cancelling}
        isPending={cancel.isPending}
        errorMessage={cancelError}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}
