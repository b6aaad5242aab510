import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BULK_LIMITS,
  CANDIDATE_MESSAGES as M,
  normalEmail,
  type BulkResults,
  type BulkUploadAnswer,
} from '@portal/contracts';
import { toast } from '@portal/ui';
import { ApiError } from '../../../lib/api.ts';
import { uploadCandidates } from './api.ts';
import { PENDING, attachResumeFromZip, runPool, type ResumeProgress } from './attachResumes.ts';
import { readCandidateSheet, isExcelName, isZipName, type CandidateSheet } from './readSheet.ts';
import { FileRefused } from './readBytes.ts';
import { readZip, type ZipResume } from './readZip.ts';
import { useChosenFile } from './useChosenFile.ts';
import { useProgressReports } from './useProgressReports.ts';

/** The whole upload: idle, uploading, done (with the summary dialog). */
export type BulkPhase = 'idle' | 'uploading' | 'done';

/** One new candidate and where its resume stands. */
export interface ProgressRow extends ResumeProgress {
  id: number;
  uuid: string;
  name: string;
  email: string;
}

/** What the button says while the upload runs. */
export type BulkStep = 'reading' | 'saving' | 'resumes' | null;

const failureMessage = (error: unknown, fallback: string) =>
  error instanceof FileRefused || error instanceof ApiError ? error.message : fallback;

/** The new candidates, named as the sheet spells them, each with its resume still to come. */
function createdRows(sheet: CandidateSheet, answer: BulkUploadAnswer): ProgressRow[] {
  const byEmail = new Map(sheet.candidates.map((c) => [c.email, c]));
  return answer.results.success.map((s) => ({
    id: s.id,
    uuid: s.uuid,
    name: byEmail.get(normalEmail(s.email))?.name ?? s.name,
    email: s.email,
    ...PENDING,
  }));
}

/** The server counts rows of what it was sent; the person knows the sheet's row numbers. */
function inSheetRows(sheet: CandidateSheet, results: BulkResults): BulkResults {
  const sheetRow = <T extends { row: number }>(item: T) => ({
    ...item,
    row: sheet.rowNumbers[item.row - 1] ?? item.row,
  });
  return {
    ...results,
    success: results.success.map(sheetRow),
    duplicates: results.duplicates.map(sheetRow),
    errors: results.errors.map(sheetRow),
  };
}

/** Closing the tab mid-upload would leave new candidates without their resumes: the browser asks first. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * The bulk upload's state and flow: read the sheet and the ZIP (refusing bad files before anything is
 * sent), create the candidates in one call, then find, upload and attach each new candidate's resume
 * a few at a time, and show the summary.
 */
export function useBulkUpload() {
  const excelFile = useChosenFile(isExcelName, M.excelOnly);
  const zipFile = useChosenFile(isZipName, M.zipOnly);
  const { file: excel, reset: resetExcel, setError: setExcelError } = excelFile;
  const { file: zip, reset: resetZip, setError: setZipError } = zipFile;
  const [phase, setPhase] = useState<BulkPhase>('idle');
  const [step, setStep] = useState<BulkStep>(null);
  const [rows, setRows] = useState<ProgressRow[]>([]);
  const [results, setResults] = useState<BulkResults | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  // Each run has a number; a cleared screen or an unmounted panel ignores what an older run reports.
  const run = useRef(0);
  const { report, flushReports, dropReports } = useProgressReports(setRows);
  useEffect(
    () => () => {
      run.current++;
      dropReports();
    },
    [dropReports],
  );
  useLeaveWarning(phase === 'uploading');

  const clear = useCallback(() => {
    run.current++;
    dropReports();
    resetExcel();
    resetZip();
    setPhase('idle');
    setStep(null);
    setRows([]);
    setResults(null);
    setSummaryOpen(false);
  }, [dropReports, resetExcel, resetZip]);

  const upload = useCallback(async () => {
    if (!excel || !zip) {
      toast.error(M.bothFilesRequired);
      return;
    }
    const id = ++run.current;
    const current = () => run.current === id;
    setPhase('uploading');
    setStep('reading');
    setRows([]);
    setResults(null);
    setExcelError(undefined);
    setZipError(undefined);

    // Reading or saving failed: say why (beside the file at fault too) and start over.
    const giveUp = (message: string, showBeside?: (message: string) => void) => {
      if (!current()) return;
      showBeside?.(message);
      toast.error(message);
      setPhase('idle');
      setStep(null);
    };
    let sheet: CandidateSheet;
    let resumes: ZipResume[];
    try {
      sheet = await readCandidateSheet(excel);
    } catch (error) {
      return giveUp(failureMessage(error, M.processFailed), setExcelError);
    }
    try {
      resumes = await readZip(zip);
    } catch (error) {
      return giveUp(failureMessage(error, M.zipFailed), setZipError);
    }
    if (!current()) return;

    setStep('saving');
    let answer;
    try {
      answer = await uploadCandidates(
        sheet.candidates,
        resumes.map((r) => r.name),
      );
    } catch (error) {
      return giveUp(failureMessage(error, M.processFailed));
    }
    if (!current()) return;

    const created = createdRows(sheet, answer);
    setResults(inSheetRows(sheet, answer.results));
    setRows(created);
    setStep('resumes');
    try {
      await runPool(created, BULK_LIMITS.parallelUploads, (candidate, index) =>
        attachResumeFromZip(candidate, resumes, (progress) => {
          if (!current()) return;
          report(index, progress);
        }),
      );
    } catch {
      if (current()) toast.error(M.zipFailed);
    }
    if (!current()) return;
    flushReports();
    setPhase('done');
    setStep(null);
    setSummaryOpen(true);
    // Nothing added but nothing wrong (every row a duplicate): the server's count says it best.
    if (answer.success && answer.results.success.length > 0) toast.success(M.bulkDone);
    else if (answer.success) toast.info(answer.message);
    else toast.error(answer.message || M.bulkFailed);
  }, [excel, zip, flushReports, report, setExcelError, setZipError]);

  return {
    excel,
    zip,
    excelError: excelFile.error,
    zipError: zipFile.error,
    chooseExcel: excelFile.choose,
    chooseZip: zipFile.choose,
    phase,
    step,
    rows,
    results,
    summaryOpen,
    setSummaryOpen,
    upload,
    clear,
  };
}
