import { useState } from 'react';
import { CANDIDATE_MESSAGES as M, CANDIDATE_TEMPLATE } from '@portal/contracts';
import { Button, FileField, toast } from '@portal/ui';
import { BulkProgress } from './BulkProgress.tsx';
import { BulkSummaryDialog } from './BulkSummaryDialog.tsx';
import { EXCEL_ACCEPT, ZIP_ACCEPT } from './readSheet.ts';
import { downloadTemplate } from './template.ts';
import { useBulkUpload, type BulkStep } from './useBulkUpload.ts';
import './bulk.css';

const STEP_LABELS: Record<Exclude<BulkStep, null>, string> = {
  reading: 'Reading files...',
  saving: 'Adding candidates...',
  resumes: 'Uploading resumes...',
};

async function onDownloadTemplate() {
  try {
    await downloadTemplate();
    toast.success(M.templateDownloaded);
  } catch {
    toast.error(M.templateFailed);
  }
}

/** What the sheet and the ZIP hold, and the template to start from. */
function BulkIntro() {
  const [downloading, setDownloading] = useState(false);
  return (
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
  );
}

/** The Bulk Upload tab of Add Candidate: an Excel sheet and a ZIP of resumes. */
export function BulkUploadPanel() {
  const bulk = useBulkUpload();
  const [wantedPage, setPage] = useState(1);
  const busy = bulk.phase === 'uploading';
  const attached = bulk.rows.filter((r) => r.state === 'success').length;
  const hasAnything = bulk.excel || bulk.zip || bulk.phase !== 'idle' || bulk.excelError || bulk.zipError;

  return (
    <section
      className="card bulk-panel"
      aria-labelledby="bulk-upload-title"
      aria-busy={busy}
      data-state={bulk.phase}
    >
      <BulkIntro />

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
        <BulkProgress
          rows={bulk.rows}
          phase={bulk.phase}
          step={bulk.step}
          wantedPage={wantedPage}
          onPageChange={setPage}
        />
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
