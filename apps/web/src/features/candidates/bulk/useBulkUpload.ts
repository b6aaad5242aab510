import { useCallback, useEffect, useRef, useState } from 'react';
import { BULK_LIMITS, CANDIDATE_MESSAGES as M, normalEmail, type BulkResults } from '@portal/contracts';
import { toast } from '@portal/ui';
import { ApiError } from '../../../lib/api.ts';
import { uploadCandidates } from './api.ts';
import { PENDING, attachResumeFromZip, runPool, type ResumeProgress } from './attachResumes.ts';
import { readCandidateSheet, isExcelName, isZipName, type CandidateSheet } from './readSheet.ts';
import { FileRefused } from './readBytes.ts';
import { readZip, type ZipResume } from './readZip.ts';

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

/** How often gathered progress reports reach the screen. */
const PROGRESS_FLUSH_MS = 150;

const failureMessage = (error: unknown, fallback: string) =>
  error instanceof FileRefused || error instanceof ApiError ? error.message : fallback;

/**
 * The bulk upload's state and flow: read the sheet and the ZIP (refusing bad files before anything is
 * sent), create the candidates in one call, then find, upload and attach each new candidate's resume
 * a few at a time, and show the summary.
 */
export function useBulkUpload() {
  const [excel, setExcel] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [excelError, setExcelError] = useState<string>();
  const [zipError, setZipError] = useState<string>();
  const [phase, setPhase] = useState<BulkPhase>('idle');
  const [step, setStep] = useState<BulkStep>(null);
  const [rows, setRows] = useState<ProgressRow[]>([]);
  const [results, setResults] = useState<BulkResults | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  // Each run has a number; a cleared screen or an unmounted panel ignores what an older run reports.
  const run = useRef(0);
  // Progress reports are gathered and shown a few times a second, not one render per step of each of
  // thousands of rows.
  const reports = useRef(new Map<number, ResumeProgress>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushReports = useCallback(() => {
    clearTimeout(flushTimer.current);
    flushTimer.current = undefined;
    const updates = reports.current;
    if (updates.size === 0) return;
    reports.current = new Map();
    setRows((all) =>
      all.map((row, i) => {
        const update = updates.get(i);
        return update ? { ...row, detail: undefined, ...update } : row;
      }),
    );
  }, []);
  const dropReports = useCallback(() => {
    clearTimeout(flushTimer.current);
    flushTimer.current = undefined;
    reports.current = new Map();
  }, []);
  useEffect(
    () => () => {
      run.current++;
      dropReports();
    },
    [dropReports],
  );

  // Closing the tab mid-upload would leave new candidates without their resumes: the browser asks first.
  useEffect(() => {
    if (phase !== 'uploading') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  const chooseExcel = useCallback((file: File) => {
    if (!isExcelName(file.name)) {
      setExcelError(M.excelOnly);
      toast.error(M.excelOnly);
      return;
    }
    setExcel(file);
    setExcelError(undefined);
  }, []);

  const chooseZip = useCallback((file: File) => {
    if (!isZipName(file.name)) {
      setZipError(M.zipOnly);
      toast.error(M.zipOnly);
      return;
    }
    setZip(file);
    setZipError(undefined);
  }, []);

  const clear = useCallback(() => {
    run.current++;
    dropReports();
    setExcel(null);
    setZip(null);
    setExcelError(undefined);
    setZipError(undefined);
    setPhase('idle');
    setStep(null);
    setRows([]);
    setResults(null);
    setSummaryOpen(false);
  }, [dropReports]);

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

    const byEmail = new Map(sheet.candidates.map((c) => [c.email, c]));
    const created = answer.results.success.map((s) => ({
      id: s.id,
      uuid: s.uuid,
      name: byEmail.get(normalEmail(s.email))?.name ?? s.name,
      email: s.email,
      ...PENDING,
    }));
    // The server counts rows of what it was sent; the person knows the sheet's row numbers.
    const sheetRow = <T extends { row: number }>(item: T) => ({
      ...item,
      row: sheet.rowNumbers[item.row - 1] ?? item.row,
    });
    setResults({
      ...answer.results,
      success: answer.results.success.map(sheetRow),
      duplicates: answer.results.duplicates.map(sheetRow),
      errors: answer.results.errors.map(sheetRow),
    });
    setRows(created);
    setStep('resumes');
    try {
      await runPool(created, BULK_LIMITS.parallelUploads, (candidate, index) =>
        attachResumeFromZip(candidate, resumes, (progress) => {
          if (!current()) return;
          reports.current.set(index, progress);
          flushTimer.current ??= setTimeout(flushReports, PROGRESS_FLUSH_MS);
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
  }, [excel, zip, flushReports]);

  return {
    excel,
    zip,
    excelError,
    zipError,
    chooseExcel,
    chooseZip,
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
