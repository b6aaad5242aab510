import { DataTable, Pager, StatusBadge, type BadgeTone, type Column } from '@portal/ui';
import { RESUME_STATE_LABELS, type ResumeState } from './attachResumes.ts';
import type { BulkPhase, BulkStep, ProgressRow } from './useBulkUpload.ts';

const TONES: Record<ResumeState, BadgeTone> = {
  pending: 'grey',
  processing: 'blue',
  uploading: 'blue',
  success: 'green',
  failed: 'red',
  'not-found': 'amber',
};

/** Rows of the progress table per page: a sheet of thousands never renders thousands of rows. */
const PROGRESS_PAGE_SIZE = 25;

const FINISHED: ResumeState[] = ['success', 'failed', 'not-found'];

const columns: Column<ProgressRow>[] = [
  {
    key: 'candidate',
    header: 'Candidate',
    render: (row) => (
      <div className="bulk-person">
        <strong>{row.name}</strong>
        <span className="muted bulk-email">{row.email}</span>
      </div>
    ),
  },
  {
    key: 'state',
    header: 'Resume',
    render: (row) => (
      <StatusBadge status={row.state} label={RESUME_STATE_LABELS[row.state]} tone={TONES[row.state]} />
    ),
  },
  {
    key: 'message',
    header: 'Details',
    className: 'cell-wrap',
    render: (row) => (
      <div>
        {row.message}
        {row.detail ? <div className="muted bulk-detail">{row.detail}</div> : null}
      </div>
    ),
  },
];

/** The new candidates' resumes as they are found, uploaded and attached: a bar, and a table by pages. */
export function BulkProgress({
  rows,
  phase,
  step,
  wantedPage,
  onPageChange,
}: {
  rows: ProgressRow[];
  phase: BulkPhase;
  step: BulkStep;
  wantedPage: number;
  onPageChange: (page: number) => void;
}) {
  const page = Math.min(wantedPage, Math.max(1, Math.ceil(rows.length / PROGRESS_PAGE_SIZE)));
  const pageRows = rows.slice((page - 1) * PROGRESS_PAGE_SIZE, page * PROGRESS_PAGE_SIZE);
  const finished = rows.filter((r) => FINISHED.includes(r.state)).length;
  const attached = rows.filter((r) => r.state === 'success').length;
  return (
    <div className="bulk-progress">
      <div className="bulk-progress-head">
        <h3 className="section-title">Resume upload progress</h3>
        <span className="muted" aria-live="polite">
          {phase === 'done'
            ? `${attached} of ${rows.length} resumes attached`
            : `${finished} of ${rows.length} done`}
        </span>
      </div>
      <div
        className="bulk-bar"
        role="progressbar"
        aria-label="Resume upload progress"
        aria-valuemin={0}
        aria-valuemax={rows.length}
        aria-valuenow={finished}
      >
        <div
          className="bulk-bar-fill"
          style={{ width: `${rows.length ? (finished / rows.length) * 100 : 0}%` }}
        />
      </div>
      <DataTable
        caption="Resume upload progress of each new candidate"
        columns={columns}
        rows={pageRows}
        rowKey={(row) => row.id}
        isLoading={step === 'saving'}
        loadingText="Adding candidates..."
        emptyTitle="No new candidates"
        emptyHint="Every row was a duplicate or had an error: see the summary."
      />
      {rows.length > PROGRESS_PAGE_SIZE ? (
        <Pager page={page} pageSize={PROGRESS_PAGE_SIZE} total={rows.length} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}
