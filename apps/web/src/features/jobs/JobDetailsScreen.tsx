import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { JOB_MESSAGES, type Job } from '@portal/contracts';
import { StatusBadge, Tabs, toast, type BadgeTone } from '@portal/ui';
import { formatDeadline, formatExperience, formatLpaRange } from '../../lib/format.ts';
import { JobCandidatesTab } from '../candidates/JobCandidatesTab.tsx';
import { searchFromParams } from '../candidates/listFilters.ts';
import { jobCandidatesSearch, jobTabListSearch, paramsFromSearch } from '../candidates/routeParams.ts';
import { jobQuery } from './api.ts';
import type { JobArea } from './areas.ts';
import { Presence } from '../shell/Presence.tsx';
import { useIsFresh } from '../../lib/live.ts';
import { PipelineTab } from '../pipeline/PipelineTab.tsx';
import { ClientContacts } from '../shares/ClientContacts.tsx';
import { NotOpenedFlag } from '../shares/NotOpenedFlag.tsx';
import { boardFilters, type JobDetailTab, type JobDetailsSearch } from '../pipeline/search.ts';

/** The header badge: active green, draft amber, anything else red. */
const headerTone = (status: string): BadgeTone =>
  status === 'active' ? 'green' : status === 'draft' ? 'amber' : 'red';

const DETAIL_TABS = [
  { id: 'details', label: 'Job Details' },
  { id: 'candidates', label: 'Candidates' },
  { id: 'pipeline', label: 'Pipeline' },
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function JobDetailsTab({ job }: { job: Job }) {
  const questions = job.questions.filter((q) => q.trim());
  return (
    <div className="details-grid">
      <section className="card details-main">
        <h2 className="section-title">Description</h2>
        <p className="prewrap">{job.description}</p>
        <h2 className="section-title">Required Skills</h2>
        {job.skills.length > 0 ? (
          <ul className="chip-list">
            {job.skills.map((s) => (
              <li key={s.id} className="chip">
                {s.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None listed</p>
        )}
        <h2 className="section-title">Interview Process</h2>
        {job.interviewRounds.length > 0 ? (
          <ol className="rounds">
            {job.interviewRounds.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        ) : (
          <p className="muted">Not specified</p>
        )}
        <h2 className="section-title">Interview Questions</h2>
        {questions.length > 0 ? (
          <ol className="questions">
            {questions.map((q, i) => (
              <li key={`${i}-${q}`}>{q}</li>
            ))}
          </ol>
        ) : (
          <p className="muted">No questions</p>
        )}
      </section>
      {/* The job's facts, then who at the client receives its shortlists. */}
      <div className="details-side-stack">
        <aside className="card details-side">
          <dl className="detail-list">
            {/* The number a bulk upload's Job_ID column names the job by. */}
            <Detail label="Job ID">{job.id}</Detail>
            <Detail label="Salary Range (CTC)">{formatLpaRange(job.minSalary, job.maxSalary)}</Detail>
            <Detail label="Experience">{formatExperience(job.experienceRange)}</Detail>
            <Detail label="Application Deadline">{formatDeadline(job.deadline)}</Detail>
            <Detail label="Openings">{job.openings}</Detail>
            <Detail label="Client Name">{job.clientName}</Detail>
            <Detail label="Client Email">
              <a href={`mailto:${job.clientEmail}`}>{job.clientEmail}</a>
            </Detail>
            <Detail label="Client Location">{job.clientLocation}</Detail>
            <Detail label="Created By">{job.created_by ?? '—'}</Detail>
          </dl>
        </aside>
        <ClientContacts jobId={job.id} canEdit={job.canEdit} />
      </div>
    </div>
  );
}

/**
 * A job's details: the header, the Job Details, Candidates and Pipeline tabs. The routes keep the tab,
 * the Candidates tab's list and the board's filters in the URL (`search`, `onSearchChange`); without
 * them the screen keeps its own.
 */
export function JobDetailsScreen({
  area,
  jobId,
  initialTab = 'details',
  search,
  onSearchChange,
}: {
  area: JobArea;
  jobId: number;
  initialTab?: JobDetailTab;
  search?: JobDetailsSearch;
  onSearchChange?: (next: JobDetailsSearch) => void;
}) {
  const [ownSearch, setOwnSearch] = useState<JobDetailsSearch>(
    initialTab === 'details' ? {} : { tab: initialTab },
  );
  const shown = search ?? ownSearch;
  const setSearch = onSearchChange ?? setOwnSearch;
  const tab: JobDetailTab = shown.tab ?? 'details';
  const setTab = (id: string) =>
    setSearch({ ...shown, tab: id === 'details' ? undefined : (id as JobDetailTab) });
  const job = useQuery({ ...jobQuery(jobId), retry: false });
  // The not-opened flag opens the Candidates tab's "Sent to the client" (each press brings it into view).
  const [showRecord, setShowRecord] = useState(0);
  const isFresh = useIsFresh();

  useEffect(() => {
    if (job.isError) toast.error(job.error.message || JOB_MESSAGES.detailsFailed);
  }, [job.isError, job.error]);

  const back = (
    <Link to={area.listPath} className="back-link">
      ← Back to jobs
    </Link>
  );
  if (job.isPending) return <p className="muted page">Loading job...</p>;
  if (job.isError) {
    return (
      <section className="page">
        {back}
        <div className="card empty-card">
          <strong>{JOB_MESSAGES.detailsFailed}</strong>
          <p className="muted">{job.error.message}</p>
        </div>
      </section>
    );
  }
  const j = job.data;
  return (
    <section className="page">
      {back}
      <header className="details-head">
        <div>
          <h1 className="page-title">{j.title}</h1>
          <p className="muted details-meta">
            {j.type} · {j.city}, {j.stateName ?? j.state}
          </p>
          <NotOpenedFlag
            jobId={j.id}
            onShow={() => {
              setSearch({ ...shown, tab: 'candidates' });
              setShowRecord((n) => n + 1);
            }}
          />
        </div>
        <div className={`details-head-actions${isFresh(`job:${j.id}`) ? ' live-fresh' : ''}`}>
          <Presence jobId={j.id} />
          <StatusBadge status={j.status} tone={headerTone(j.status)} label={j.status.toUpperCase()} />
          {j.canEdit ? (
            <Link to={area.editPath} params={{ id: j.id }} className="btn btn-secondary btn-sm">
              Edit Job
            </Link>
          ) : null}
        </div>
      </header>
      <Tabs label="Job" items={DETAIL_TABS} selectedId={tab} onSelectionChange={setTab}>
        {tab === 'details' ? (
          <JobDetailsTab job={j} />
        ) : tab === 'candidates' ? (
          <JobCandidatesTab
            job={j}
            variant={area.variant}
            params={paramsFromSearch(jobTabListSearch(shown))}
            showRecord={showRecord}
            onParamsChange={(params) =>
              setSearch({ ...shown, tab: 'candidates', ...jobCandidatesSearch(searchFromParams(params)) })
            }
          />
        ) : (
          <PipelineTab
            job={j}
            variant={area.variant}
            filters={boardFilters(shown)}
            // The board's filters are replaced whole (a filter cleared goes from the URL); the Candidates
            // tab's list keeps its own.
            onFiltersChange={(filters) =>
              setSearch({ ...jobCandidatesSearch(jobTabListSearch(shown)), tab: 'pipeline', ...filters })
            }
          />
        )}
      </Tabs>
    </section>
  );
}
