import { useState } from 'react';
import { CANDIDATE_MESSAGES as M, CANDIDATE_TEMPLATE } from '@portal/contracts';
import {
  Button,
  DataTable,
  FileField,
  Pager,
  StatusBadge,
  toast,
  type BadgeTone,
  type Column,
} from '@portal/ui';
import { RESUME_STATE_LABELS, type ResumeState } from './attachResumes.ts';
import { BulkSummaryDialog } from './BulkSummaryDialog.tsx';
import { EXCEL_ACCEPT, ZIP_ACCEPT } from './readSheet.ts';
import { downloadTemplate } from './template.ts';
import { useBulkUpload, type BulkStep, type ProgressRow } from './useBulkUpload.ts';
import './bulk.css';

const TONES: Record<ResumeState, BadgeTone> = {
  pending: 'grey',
  processing: 'blue',
  uploading: 'blue',
  success: 'green',
  failed: 'red',
  'not-found': 'amber',
};

const STEP_LABELS: Record<Exclude<BulkStep, null>, string> = {
  reading: 'Reading files...',
  saving: 'Adding candidates...',
  resumes: 'Uploading resumes...',
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

async function onDownloadTemplate() {
  try {
    await downloadTemplate();
    toast.success(M.templateDownloaded);
  } catch {
    toast.error(M.templateFailed);
  }
}

/** The Bulk Upload tab of Add Candidate: an Excel sheet and a ZIP of resumes. */
export function BulkUploadPanel() {
  const bulk = useBulkUpload();
  const [downloading, setDownloading] = useState(false);
  const [wantedPage, setPage] = useState(1);
  const page = Math.min(wantedPage, Math.max(1, Math.ceil(bulk.rows.length / PROGRESS_PAGE_SIZE)));
  const pageRows = bulk.rows.slice((page - 1) * PROGRESS_PAGE_SIZE, page * PROGRESS_PAGE_SIZE);
  const busy = bulk.phase === 'uploading';
  const finished = bulk.rows.filter((r) => FINISHED.includes(r.state)).length;
  const attached = bulk.rows.filter((r) => r.state === 'success').length;
  const hasAnything = bulk.excel || bulk.zip || bulk.phase !== 'idle' || bulk.excelError || bulk.zipError;

  return (
    <section
      className="card bulk-panel"
      aria-labelledby="bulk-upload-title"
      aria-busy={busy}
      data-state={bulk.phase}
    >
      <div className="bulk-head">
        <div>
          <h2 id="bulk-upload-title" className="card-title">
            Bulk Upload
          </h2>
          <p className="muted bulk-intro">
            Add many candidates at once from an Excel sheet, with their resumes in a ZIP file. Each resume is
            matched to its candidate by file name: the full name with underscores (John_Doe.pdf) or the first
            name (john.pdf).
          </p>
          <p className="muted bulk-intro">
            Job_ID: the job&apos;s ID (shown on the job&apos;s details) or its exact title. Answers to the
            job&apos;s screening questions are optional: one column per question, headed &quot;
            {CANDIDATE_TEMPLATE.answerColumnPrefix} &quot; and the question. The template&apos;s second sheet
            says more.
          </p>
        </div>
        <Button
          variant="secondary"
          isDisabled={downloading}
          onPress={async () => {
            setDownloading(true);
            await onDownloadTemplate();
            setDownloading(false);
          }}
        >
          Download Template
        </Button>
      </div>

      <div className="bulk-files">
        <FileField
          label="Excel file"
          file={bulk.excel}
          accept={EXCEL_ACCEPT}
          onSelect={bulk.chooseExcel}
          description={`.xlsx with the columns of ${CANDIDATE_TEMPLATE.fileName}`}
          errorMessage={bulk.excelError}
          isDisabled={busy}
          isRequired
        />
        <FileField
          label="Resumes ZIP file"
          file={bulk.zip}
          accept={ZIP_ACCEPT}
          onSelect={bulk.chooseZip}
          description="PDF, DOC or DOCX resumes, up to 5MB each"
          errorMessage={bulk.zipError}
          isDisabled={busy}
          isRequired
        />
      </div>

      <div className="form-actions bulk-actions">
        {hasAnything ? (
          <Button
            variant="ghost"
            onPress={() => {
              setPage(1);
              bulk.clear();
            }}
            isDisabled={busy}
          >
            Clear Results
          </Button>
        ) : null}
        <Button
          onPress={() => {
            setPage(1);
            void bulk.upload();
          }}
          isDisabled={busy}
        >
          {busy && bulk.step ? STEP_LABELS[bulk.step] : 'Upload'}
        </Button>
      </div>

      {bulk.rows.length > 0 || (busy && bulk.step !== 'reading') ? (
        <div className="bulk-progress">
          <div className="bulk-progress-head">
            <h3 className="section-title">Resume upload progress</h3>
            <span className="muted" aria-live="polite">
              {bulk.phase === 'done'
                ? `${attached} of ${bulk.rows.length} resumes attached`
                : `${finished} of ${bulk.rows.length} done`}
            </span>
          </div>
          <div
            className="bulk-bar"
            role="progressbar"
            aria-label="Resume upload progress"
            aria-valuemin={0}
            aria-valuemax={bulk.rows.length}
            aria-valuenow={finished}
          >
            <div
              className="bulk-bar-fill"
              style={{ width: `${bulk.rows.length ? (finished / bulk.rows.length) * 100 : 0}%` }}
            />
          </div>
          <DataTable
            caption="Resume upload progress of each new candidate"
            columns={columns}
            rows={pageRows}
            rowKey={(row) => row.id}
            isLoading={bulk.step === 'saving'}
            loadingText="Adding candidates..."
            emptyTitle="No new candidates"
            emptyHint="Every row was a duplicate or had an error: see the summary."
          />
          {bulk.rows.length > PROGRESS_PAGE_SIZE ? (
            <Pager
              page={page}
              pageSize={PROGRESS_PAGE_SIZE}
              total={bulk.rows.length}
              onPageChange={setPage}
            />
          ) : null}
        </div>
      ) : null}

      {bulk.phase === 'done' && bulk.results ? (
        <div className="bulk-actions">
          <Button variant="secondary" onPress={() => bulk.setSummaryOpen(true)}>
            View Summary
          </Button>
        </div>
      ) : null}

      {bulk.results ? (
        <BulkSummaryDialog
          isOpen={bulk.summaryOpen}
          onClose={() => bulk.setSummaryOpen(false)}
          results={bulk.results}
          attached={attached}
        />
      ) : null}
    </section>
  );
}
