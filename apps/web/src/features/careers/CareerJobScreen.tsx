import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PUBLIC_MESSAGES } from '@portal/contracts';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { openingQuery } from './api.ts';
import { jobIdOf } from './routeParams.ts';
import { JobFacts } from './JobOpeningCard.tsx';

/** One opening, fetched once per page (the apply page shares it through the query cache). */
export function useOpening(rawId: string) {
  const id = jobIdOf(rawId);
  const query = useQuery({
    ...openingQuery(id ?? 0),
    enabled: id !== null,
  });
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return {
    id,
    job: query.data,
    notFound,
    error: notFound ? null : query.error,
    loading: query.isPending && id !== null,
  };
}

/** "Job not found", with the way back to the openings. */
export function JobNotFound() {
  useDocumentTitle(PUBLIC_MESSAGES.jobNotFound);
  return (
    <div className="page page-public">
      <div className="card empty-card">
        <h1 className="page-title">{PUBLIC_MESSAGES.jobNotFound}</h1>
        <p className="muted">The opening may have been filled or closed.</p>
        <Link to="/careers/jobs" className="btn btn-primary btn-md">
          View all openings
        </Link>
      </div>
    </div>
  );
}

const formatDay = (ymd: string) => formatDate(ymd) ?? ymd;

function ApplyLink({ jobId, className = '' }: { jobId: number; className?: string }) {
  return (
    <Link
      to="/careers/jobs/$jobId/apply"
      params={{ jobId: String(jobId) }}
      className={`btn btn-primary btn-md ${className}`}
    >
      Apply Now
    </Link>
  );
}

/** /careers/jobs/:id: the opening with Apply Now. */
export function CareerJobScreen({ id }: { id: string }) {
  const { job, notFound, error, loading } = useOpening(id);
  useDocumentTitle(job ? `${job.title} (${job.location})` : null);
  if (notFound) return <JobNotFound />;
  return (
    <div className="page page-public">
      <Link to="/careers/jobs" className="back-link">
        ← All openings
      </Link>
      {error && (
        <div className="banner banner-error" role="alert">
          {error.message}
        </div>
      )}
      {loading && (
        <p className="muted" role="status">
          Loading the job...
        </p>
      )}
      {job && (
        <article className="career-job">
          <header className="card details-head">
            <div>
              <h1 className="page-title">{job.title}</h1>
              <p className="opening-meta">
                <span className="badge badge-blue">{job.type}</span>
                <span>{job.location}</span>
                <span className="muted">Posted {formatDay(job.postedAt)}</span>
              </p>
            </div>
            <ApplyLink jobId={job.id} />
          </header>
          <div className="career-job-body">
            <section className="card" aria-labelledby="job-description">
              <h2 id="job-description" className="card-title">
                Job description
              </h2>
              <p className="career-description">{job.description}</p>
              {job.skills.length > 0 && (
                <>
                  <h3 className="career-subtitle">Skills</h3>
                  <ul className="opening-skills">
                    {job.skills.map((s) => (
                      <li key={s} className="tag tag-static">
                        {s}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
            <aside className="card" aria-label="Job summary">
              <JobFacts job={job}>
                <div>
                  <dt>Openings</dt>
                  <dd>{job.openings}</dd>
                </div>
                <div>
                  <dt>Apply by</dt>
                  <dd>{job.deadline ? formatDay(job.deadline) : 'Open until filled'}</dd>
                </div>
              </JobFacts>
              <ApplyLink jobId={job.id} className="btn-block" />
            </aside>
          </div>
        </article>
      )}
    </div>
  );
}
