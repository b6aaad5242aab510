import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  PHOTO_ACCEPT,
  RESUME_ACCEPT,
  type Candidate,
  type CandidateDetails,
  type CandidateHistoryEntry,
} from '@portal/contracts';
import { Avatar, DetailList, FileField, ImageField, StepProgress, Timeline, toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { candidateKeys, candidateQuery, uploadCandidateFile } from './api.ts';
import type { CandidateArea } from './areas.ts';
import { checkResume } from './candidateForm.ts';
import {
  capitalize,
  formatCtc,
  formatDay,
  formatNotice,
  formatYears,
  isResumeUrl,
  rejectionItems,
} from './format.ts';
import { StatusControl } from './StatusControl.tsx';
import { interviewSteps } from './interviewSteps.ts';
import { ShareRecord } from './ShareShortlist.tsx';
import { Presence } from '../shell/Presence.tsx';
import { useIsFresh } from '../../lib/live.ts';
import { useStatusChange } from './useStatusChange.tsx';

const when = (at: string) => formatDateTime(at) ?? at;

function historyEntry(h: CandidateHistoryEntry) {
  // An application on the careers page by this person, recorded on this profile.
  if (h.kind === 'application') {
    return {
      id: h.id,
      title: h.note ?? 'Applied from the careers page',
      when: when(h.at),
      details: [],
      ...(h.resume_url ? { link: { href: h.resume_url, label: 'Resume sent with this application' } } : {}),
    };
  }
  return {
    id: h.id,
    title: h.from ? `${capitalize(h.from)} → ${capitalize(h.to)}` : `Added as ${capitalize(h.to)}`,
    when: `${when(h.at)}${h.changed_by_name ? ` · by ${h.changed_by_name}` : ''}`,
    details: [
      h.reason ? `Reason: ${h.reason}` : '',
      h.stage ? `Stage: ${h.stage}` : '',
      h.comments ? `Comments: ${h.comments}` : '',
    ].filter(Boolean),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  );
}

export interface CandidateDetailsScreenProps {
  area: CandidateArea;
  candidateId: string;
  /** Where "back" goes (the list, or the job's candidates). */
  backPath?: string;
}

/** Candidate Details: profile, resume, photo, status and pipeline, answers, history. */
export function CandidateDetailsScreen({ area, candidateId, backPath }: CandidateDetailsScreenProps) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [resumeError, setResumeError] = useState<string>();
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

  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: 'resume' | 'image'; file: File }) =>
      uploadCandidateFile(details.data!.id, kind, file),
    onSuccess: async (answer, { kind }) => {
      toast.success(M.uploaded(kind === 'resume' ? 'Resume' : 'Image'));
      keep(answer.candidate);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    },
    onError: (error, { kind }) =>
      toast.error(error.message || (kind === 'resume' ? M.resumeUploadFailed : M.imageFailed)),
  });

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
  const questionnaire = c.questionnaire.length
    ? c.questionnaire
    : Object.entries(c.job_answers).map(([question, answer]) => ({ question, answer }));
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

      {rejection ? (
        <Section title="Rejection Details">
          <DetailList items={rejectionItems(rejection)} />
        </Section>
      ) : null}

      <div className="details-grid">
        <Section title="Profile">
          <DetailList
            items={[
              { label: 'Email', value: <a href={`mailto:${c.email}`}>{c.email}</a> },
              { label: 'Phone', value: <a href={`tel:${c.phone}`}>{c.phone}</a> },
              { label: 'Status', value: capitalize(c.status) },
              { label: 'Source', value: c.source },
              ...(c.referred_by ? [{ label: 'Referred By', value: c.referred_by }] : []),
              { label: 'Applied', value: formatDay(c.createdAt) },
              { label: 'Created By', value: c.created_by_name },
              ...(c.shared_with_client
                ? [{ label: 'Shared with client', value: formatDay(c.shared_at) }]
                : []),
            ]}
          />
        </Section>
        <Section title="Resume and Photo">
          {c.resume_url ? (
            isResumeUrl(c.resume_url) ? (
              <p>
                <a href={c.resume_url} target="_blank" rel="noreferrer">
                  View Resume
                </a>
              </p>
            ) : (
              <p className="field-error" role="alert">
                {M.invalidResumeUrl}
              </p>
            )
          ) : (
            <p className="muted">No resume on file</p>
          )}
          {c.canEdit ? (
            <>
              <FileField
                label={c.resume_url ? 'Replace resume' : 'Upload resume'}
                accept={RESUME_ACCEPT}
                isDisabled={upload.isPending}
                description="PDF, DOC or DOCX, up to 5MB"
                errorMessage={resumeError}
                onSelect={async (file) => {
                  const problem = await checkResume(file);
                  setResumeError(problem ?? undefined);
                  if (problem) toast.error(problem);
                  else upload.mutate({ kind: 'resume', file });
                }}
              />
              <ImageField
                label="Photo"
                previewUrl={c.image_url}
                placeholder={<span className="image-field-empty">No photo</span>}
                accept={PHOTO_ACCEPT}
                hint="JPG or PNG, at most 2MB"
                isDisabled={upload.isPending}
                onSelect={(file) => upload.mutate({ kind: 'image', file })}
              />
            </>
          ) : null}
        </Section>
        <Section title="Professional Details">
          <DetailList
            items={[
              { label: 'Experience', value: formatYears(c.experience) },
              { label: 'Current Company', value: c.current_company },
              { label: 'Current CTC', value: formatCtc(c.current_ctc) },
              { label: 'Expected CTC', value: formatCtc(c.expected_ctc) },
              { label: 'Notice Period', value: formatNotice(c.notice_period) },
            ]}
          />
        </Section>
        <Section title="Location Details">
          <DetailList
            items={[
              { label: 'Current Location', value: c.current_location },
              { label: 'Preferred Location', value: c.preferred_location },
            ]}
          />
        </Section>
      </div>

      <Section title="Job Questions">
        {questionnaire.length > 0 ? (
          <dl className="qa-list">
            {questionnaire.map((qa) => (
              <div key={qa.question} className="detail-row">
                <dt>{qa.question}</dt>
                <dd className="prewrap">{qa.answer || <span className="muted">—</span>}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">No questions for this job</p>
        )}
      </Section>

      <Section title="Notes">
        {c.notes ? <p className="prewrap">{c.notes}</p> : <p className="muted">No notes</p>}
      </Section>

      <Section title="Sent to clients">
        <ShareRecord candidateId={c.id} />
      </Section>

      <Section title="History">
        {c.history.length > 0 ? (
          <Timeline label="Status history" entries={c.history.map(historyEntry)} />
        ) : (
          <p className="muted">No changes yet</p>
        )}
      </Section>
      {status.dialog}
    </section>
  );
}
