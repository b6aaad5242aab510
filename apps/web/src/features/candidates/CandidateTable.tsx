import { Link } from '@tanstack/react-router';
import type { Candidate, CandidateStatus } from '@portal/contracts';
import { Button, DataTable, StatusBadge, type Column } from '@portal/ui';
import { formatDay, formatYears, isResumeUrl } from './format.ts';
import { StatusControl } from './StatusControl.tsx';
import { useIsFresh } from '../../lib/live.ts';
import { ClientFeedbackBadge } from '../client-feedback/ClientFeedbackBadge.tsx';

export interface CandidateTableProps {
  rows: Candidate[];
  isLoading: boolean;
  caption: string;
  emptyTitle: string;
  emptyHint: string;
  detailsPath: (c: Candidate) => string;
  /** Absent: no Edit. */
  editPath?: ((c: Candidate) => string) | undefined;
  showEdit: (c: Candidate) => boolean;
  showDelete: (c: Candidate) => boolean;
  onDelete?: (c: Candidate) => void;
  onStatusChange: (c: Candidate, to: CandidateStatus) => void;
  statusPending?: boolean;
  /** The job column is left out where every row has the same job. */
  showJob?: boolean;
}

/** An e-mail that may wrap before its "@" (a long address would otherwise widen the table). */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** The candidates table of the lists and of a job's Candidates tab. */
export function CandidateTable({
  rows,
  isLoading,
  caption,
  emptyTitle,
  emptyHint,
  detailsPath,
  editPath,
  showEdit,
  showDelete,
  onDelete,
  onStatusChange,
  statusPending,
  showJob = true,
}: CandidateTableProps) {
  const isFresh = useIsFresh();
  const columns: Column<Candidate>[] = [
    {
      key: 'name',
      header: 'Candidate',
      render: (c) => (
        <div>
          <strong>{c.name}</strong>
          {c.shared_with_client ? (
            <>
              {' '}
              <StatusBadge status="shared" tone="green" label="Shared" />
            </>
          ) : null}
          {c.client_feedback ? (
            <>
              {' '}
              <ClientFeedbackBadge feedback={c.client_feedback} />
            </>
          ) : null}
          <div className="person-sub">
            {isResumeUrl(c.resume_url) ? (
              <a href={c.resume_url} download aria-label={`Download resume of ${c.name}`}>
                Resume
              </a>
            ) : (
              <span className="muted">No resume</span>
            )}
          </div>
        </div>
      ),
    },
    {
      key: 'contact',
      header: 'Email / Phone',
      render: (c) => (
        <div className="cell-wrap">
          {breakableEmail(c.email)}
          <div className="muted person-sub">{c.phone}</div>
        </div>
      ),
    },
    ...(showJob ? [{ key: 'job', header: 'Job', render: (c: Candidate) => c.job.title }] : []),
    {
      key: 'status',
      header: 'Status',
      render: (c) => (
        <StatusControl candidate={c} isDisabled={statusPending} onChange={(to) => onStatusChange(c, to)} />
      ),
    },
    {
      key: 'source',
      header: 'Source / Experience',
      render: (c) => (
        <div>
          {c.source}
          <div className="muted person-sub">{formatYears(c.experience)}</div>
        </div>
      ),
    },
    { key: 'applied', header: 'Applied', render: (c) => formatDay(c.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <div className="row-actions">
          <Link to={detailsPath(c)} className="btn btn-secondary btn-sm" aria-label={`View ${c.name}`}>
            View
          </Link>
          {editPath && showEdit(c) ? (
            <Link to={editPath(c)} className="btn btn-secondary btn-sm" aria-label={`Edit ${c.name}`}>
              Edit
            </Link>
          ) : null}
          {onDelete && showDelete(c) ? (
            <Button variant="danger" size="sm" aria-label={`Delete ${c.name}`} onPress={() => onDelete(c)}>
              Delete
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="candidate-table">
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        rowClassName={(c) => (isFresh(`candidate:${c.id}`) ? 'live-fresh' : undefined)}
        isLoading={isLoading}
        loadingText="Loading candidates..."
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
      />
    </div>
  );
}
