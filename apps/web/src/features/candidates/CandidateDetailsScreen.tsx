import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  type Candidate,
  type CandidateDetails,
  type PersonApplication,
} from '@portal/contracts';
import { Avatar, DetailList, StepProgress, toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { useSessionUser } from '../../lib/session.ts';
import { candidateKeys, candidateQuery } from './api.ts';
import type { CandidateArea } from './areas.ts';
import { rejectionItems } from './format.ts';
import { StatusControl } from './StatusControl.tsx';
import { interviewSteps } from './interviewSteps.ts';
import { ShareRecord } from '../shares/ShareRecord.tsx';
import { Presence } from '../shell/Presence.tsx';
import { useIsFresh } from '../../lib/live.ts';
import { useStatusChange } from './useStatusChange.tsx';
import { ClientFeedbackSection } from '../client-feedback/ClientFeedbackSection.tsx';
import { InterviewsSection } from '../interviews/InterviewsSection.tsx';
import {
  CandidateDetailsGrid,
  CandidateHistory,
  JobQuestions,
  OtherApplications,
  Section,
} from './CandidateDetailsParts.tsx';

export interface CandidateDetailsScreenProps {
  area: CandidateArea;
  candidateId: string;
  /** Where "back" goes (the list, or the job's candidates). */
  backPath?: string;
  /** Where another application of the person opens (the area's details page unless told). */
  applicationPath?: (a: PersonApplication) => string;
}

/**
 * Candidate Details: profile, resume, photo, status and pipeline, the client's feedback, the interviews, answers,
 * history.
 */
export function CandidateDetailsScreen({
  area,
  candidateId,
  backPath,
  applicationPath = area.applicationPath,
}: CandidateDetailsScreenProps) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const key = candidateKeys.one(candidateId);
  const details = useQuery({ ...candidateQuery(candidateId), retry: false });
  const isFresh = useIsFresh();
  const keep = (c: Candidate) =>
    queryClient.setQueryData<CandidateDetails>(key, (old) => (old ? { ...old, ...c } : old));
  const status = useStatusChange(keep);

  const notFound = details.error instanceof ApiError && details.error.status === 404;
  useEffect(() => {
    if (details.isError && !notFound) toast.error(details.error.message || M.detailsFailed);
  }, [details.isError, details.error, notFound]);

  const back = backPath ?? area.listPath;
  if (details.isPending) return <p className="muted page">Loading candidate...</p>;
  if (details.isError) {
    return (
      <section className="page">
        <div className="card empty-card">
          <h1 className="page-title">{notFound ? M.notFound : M.detailsFailed}</h1>
          <Link to={back} className="btn btn-primary btn-md">
            {M.backToCandidates}
          </Link>
        </div>
      </section>
    );
  }

  const c = details.data;
  const rejection = c.rejection_details;
  return (
    <section className="page page-wide candidate-details">
      <Link to={back} className="back-link">
        ← {M.backToCandidates}
      </Link>
      <header className="details-head">
        <div className="person">
          <Avatar name={c.name} photo={c.image_url} size="lg" />
          <div>
            <h1 className="page-title">{c.name}</h1>
            <p className="muted details-meta">
              {c.job.title} · {c.job.city}, {c.job.state}
            </p>
          </div>
        </div>
        <div className={`details-head-actions${isFresh(`candidate:${c.id}`) ? ' live-fresh' : ''}`}>
          <Presence jobId={c.job_id} />
          <StatusControl
            candidate={c}
            isDisabled={status.isPending}
            onChange={(to) => status.requestChange(c, to)}
          />
          {area.showEdit(c, me) ? (
            <Link to={area.editPath(c)} className="btn btn-secondary btn-sm">
              Edit Candidate
            </Link>
          ) : null}
        </div>
      </header>

      <Section title="Application Status">
        <StepProgress label="Interview pipeline" {...interviewSteps(c)} />
      </Section>

      <ClientFeedbackSection
        c={c}
        isPending={status.isPending}
        onMove={(to, initial) => status.requestChange(c, to, initial)}
      />

      <InterviewsSection c={c} />

      {rejection ? (
        <Section title="Rejection Details">
          <DetailList items={rejectionItems(rejection)} />
        </Section>
      ) : null}

      <CandidateDetailsGrid c={c} keep={keep} />

      <OtherApplications c={c} pathOf={applicationPath} />

      <JobQuestions c={c} />

      <Section title="Notes">
        {c.notes ? <p className="prewrap">{c.notes}</p> : <p className="muted">No notes</p>}
      </Section>

      <Section title="Sent to clients">
        <ShareRecord candidateId={c.id} />
      </Section>

      <CandidateHistory c={c} />
      {status.dialog}
    </section>
  );
}
