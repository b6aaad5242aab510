import { Link } from '@tanstack/react-router';
import type { Candidate, CandidateStatus } from '@portal/contracts';
import { Button, DataTable, StatusBadge, type Column } from '@portal/ui';
import { formatDay, formatYears, isResumeUrl } from './format.ts';
import { StatusControl } from './StatusControl.tsx';

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

/** The candidates table of the lists and of a job's Candidates tab (spec 3 §2.1, §2.5). */
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
          <div className="muted person-sub">{c.created_by ? `Added by ${c.created_by}` : null}</div>
        </div>
      ),
    },
    {
      key: 'contact',
      header: 'Email / Phone',
      render: (c) => (
        <div className="cell-wrap">
          {c.email}
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
    { key: 'source', header: 'Source', render: (c) => c.source },
    { key: 'experience', header: 'Experience', render: (c) => formatYears(c.experience) },
    { key: 'applied', header: 'Applied', render: (c) => formatDay(c.createdAt) },
    {
      key: 'resume',
      header: 'Resume',
      render: (c) =>
        isResumeUrl(c.resume_url) ? (
          <a href={c.resume_url} download aria-label={`Download resume of ${c.name}`}>
            Download
          </a>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <div className="row-actions row-actions-nowrap">
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
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      isLoading={isLoading}
      loadingText="Loading candidates..."
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
    />
  );
}
