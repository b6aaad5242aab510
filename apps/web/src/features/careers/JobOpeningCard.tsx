import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PublicJob } from '@portal/contracts';

/** One opening in the careers list: the title opens its page. */
export function JobOpeningCard({ job }: { job: PublicJob }) {
  return (
    <li className="card opening-card">
      <h2 className="opening-title">
        <Link to="/careers/jobs/$id" params={{ id: String(job.id) }} className="opening-link">
          {job.title}
        </Link>
      </h2>
      <p className="opening-meta">
        <span className="badge badge-blue">{job.type}</span>
        <span>{job.location}</span>
      </p>
      <JobFacts job={job} />
      {job.skills.length > 0 && (
        <ul className="opening-skills" aria-label="Skills">
          {job.skills.slice(0, 5).map((s) => (
            <li key={s} className="tag tag-static">
              {s}
            </li>
          ))}
        </ul>
      )}
      <span className="opening-more" aria-hidden>
        View details →
      </span>
    </li>
  );
}

/** Salary and experience as text, and whatever else a page adds. */
export function JobFacts({ job, children }: { job: PublicJob; children?: ReactNode }) {
  return (
    <dl className="job-facts">
      <div>
        <dt>Salary</dt>
        <dd>{job.salary}</dd>
      </div>
      <div>
        <dt>Experience</dt>
        <dd>{job.experience}</dd>
      </div>
      {children}
    </dl>
  );
}
