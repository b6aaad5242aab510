import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import type { ResumeProgress } from './attachResumes.ts';
import type { ProgressRow } from './useBulkUpload.ts';

/** How often gathered progress reports reach the screen. */
const PROGRESS_FLUSH_MS = 150;

/**
 * Progress reports are gathered and shown a few times a second, not one render per step of each of
 * thousands of rows.
 */
export function useProgressReports(setRows: Dispatch<SetStateAction<ProgressRow[]>>) {
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
  }, [setRows]);
  const dropReports = useCallback(() => {
    clearTimeout(flushTimer.current);
    flushTimer.current = undefined;
    reports.current = new Map();
  }, []);
  /** Row `index`'s resume moved on: shown with the next flush. */
  const report = useCallback(
    (index: number, progress: ResumeProgress) => {
      reports.current.set(index, progress);
      flushTimer.current ??= setTimeout(flushReports, PROGRESS_FLUSH_MS);
    },
    [flushReports],
  );
  return { report, flushReports, dropReports };
}
