import { Link } from '@tanstack/react-router';
import { JOB_FILTER_STATUSES, JOB_LIMITS, type Job, type JobStatus } from '@portal/contracts';
import { Card, DropdownMenu, SelectField, StatusBadge } from '@portal/ui';
import { formatDeadline, formatExperience, formatLpaRange } from '../../lib/format.ts';
import type { JobArea } from './areas.ts';

export interface JobCardProps {
  job: Job;
  /** The details route (its `$id` is the job's). */
  detailsPath: JobArea['detailsPath'];
  onEdit: () => void;
  onUpdateStatus: () => void;
  onDelete: () => void;
  onInlineStatus: (status: JobStatus) => void;
  /** Changed elsewhere a moment ago: highlighted. */
  isFresh?: boolean;
}

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** One job of the grid; the whole card opens the details, the menu and status selector only for editors. */
export function JobCard({
  job,
  detailsPath,
  onEdit,
  onUpdateStatus,
  onDelete,
  onInlineStatus,
  isFresh,
}: JobCardProps) {
  const shown = job.skills.slice(0, JOB_LIMITS.cardSkills);
  const more = job.skills.length - shown.length;
  const statusOptions = [
    ...JOB_FILTER_STATUSES,
    ...(JOB_FILTER_STATUSES.includes(job.status as never) ? [] : [job.status]),
  ].map((s) => ({ value: s, label: statusLabel(s) }));
  return (
    <Card
      className={isFresh ? 'job-card live-fresh' : 'job-card'}
      title={
        <Link to={detailsPath} params={{ id: job.id }} className="job-card-link">
          {job.title}
        </Link>
      }
      subtitle={`${job.type} · ${job.city}, ${job.stateName ?? job.state}`}
      actions={
        job.canEdit ? (
          <DropdownMenu
            label={`Actions for ${job.title}`}
            trigger={<span aria-hidden>⋮</span>}
            items={[
              { id: 'status', label: 'Update Status', onAction: onUpdateStatus },
              { id: 'edit', label: 'Edit Job', onAction: onEdit },
              { id: 'delete', label: 'Delete Job', onAction: onDelete, tone: 'danger' },
            ]}
          />
        ) : null
      }
      footer={
        <>
          <div className="job-card-pay">
            <span className="job-card-salary">{formatLpaRange(job.minSalary, job.maxSalary)}</span>
            <span className="muted">{formatExperience(job.experienceRange)}</span>
          </div>
          {job.canEdit ? (
            <div className="job-card-status">
              <SelectField
                hideLabel
                label={`Status of ${job.title}`}
                value={job.status}
                options={statusOptions}
                onChange={(s) => s !== job.status && onInlineStatus(s)}
              />
            </div>
          ) : (
            <StatusBadge status={job.status} />
          )}
        </>
      }
    >
      <p className="job-card-description">{job.description}</p>
      <ul className="chip-list" aria-label="Skills">
        {shown.map((s) => (
          <li key={s.id} className="chip">
            {s.name}
          </li>
        ))}
        {more > 0 ? (
          <li className="chip chip-more" aria-label={`${more} more skills`}>
            +{more}
          </li>
        ) : null}
      </ul>
      <Link
        to={detailsPath}
        params={{ id: job.id }}
        search={{ tab: 'pipeline' }}
        className="job-card-pipeline"
        aria-label={`Pipeline of ${job.title}`}
      >
        Pipeline
      </Link>
      <dl className="job-card-facts">
        <div>
          <dt>Deadline</dt>
          <dd>{formatDeadline(job.deadline)}</dd>
        </div>
        <div>
          <dt>Candidates</dt>
          <dd>{job.candidateCount}</dd>
        </div>
        <div>
          <dt>Openings</dt>
          <dd>{job.openings}</dd>
        </div>
      </dl>
    </Card>
  );
}
