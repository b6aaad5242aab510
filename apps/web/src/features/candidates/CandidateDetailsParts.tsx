import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  PHOTO_ACCEPT,
  RESUME_ACCEPT,
  type Candidate,
  type CandidateDetails,
  type CandidateHistoryEntry,
  type PersonApplication,
} from '@portal/contracts';
import { DetailList, FileField, ImageField, Timeline, toast } from '@portal/ui';
import { formatDateTime } from '../../lib/format.ts';
import { candidateKeys, uploadCandidateFile } from './api.ts';
import { checkResume } from './candidateForm.ts';
import { ApplicationList } from './PersonOnFile.tsx';
import { capitalize, formatCtc, formatDay, formatNotice, formatYears, isResumeUrl } from './format.ts';

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

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  );
}

/** The resume and photo on file, and (for those who may edit) their uploads. */
function ResumeAndPhoto({ c, keep }: { c: CandidateDetails; keep: (c: Candidate) => void }) {
  const queryClient = useQueryClient();
  const [resumeError, setResumeError] = useState<string>();
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: 'resume' | 'image'; file: File }) =>
      uploadCandidateFile(c.id, kind, file),
    onSuccess: async (answer, { kind }) => {
      toast.success(M.uploaded(kind === 'resume' ? 'Resume' : 'Image'));
      keep(answer.candidate);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    },
    onError: (error, { kind }) =>
      toast.error(error.message || (kind === 'resume' ? M.resumeUploadFailed : M.imageFailed)),
  });
  return (
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
  );
}

/** Profile, resume and photo, professional and location details, side by side. */
export function CandidateDetailsGrid({ c, keep }: { c: CandidateDetails; keep: (c: Candidate) => void }) {
  return (
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
            ...(c.shared_with_client ? [{ label: 'Shared with client', value: formatDay(c.shared_at) }] : []),
          ]}
        />
      </Section>
      <ResumeAndPhoto c={c} keep={keep} />
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
  );
}

/** The job's questions and this candidate's answers (older profiles kept them as a plain map). */
export function JobQuestions({ c }: { c: CandidateDetails }) {
  const questionnaire = c.questionnaire.length
    ? c.questionnaire
    : Object.entries(c.job_answers).map(([question, answer]) => ({ question, answer }));
  return (
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
  );
}

export function CandidateHistory({ c }: { c: CandidateDetails }) {
  return (
    <Section title="History">
      {c.history.length > 0 ? (
        <Timeline label="Status history" entries={c.history.map(historyEntry)} />
      ) : (
        <p className="muted">No changes yet</p>
      )}
    </Section>
  );
}

/** The person's applications to other jobs, each linked to its details page; nothing when there are none. */
export function OtherApplications({
  c,
  pathOf,
}: {
  c: CandidateDetails;
  pathOf: (a: PersonApplication) => string;
}) {
  const others = c.applications.filter((a) => a.uuid !== c.uuid);
  if (others.length === 0) return null;
  return (
    <Section title="Other applications">
      <ApplicationList applications={others} pathOf={pathOf} label={`Other applications of ${c.name}`} />
    </Section>
  );
}
