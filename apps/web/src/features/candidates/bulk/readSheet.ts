import { readSheet } from 'read-excel-file/universal';
import {
  BULK_LIMITS,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  type CandidateBulkRow,
} from '@portal/contracts';
import { formatCount } from '../../../lib/format.ts';
import { normaliseRowsKeepingPlace, sheetToNumberedRows } from './normaliseRows.ts';
import { FileRefused, MB, OLE_MAGIC, ZIP_MAGIC, readBytes, startsWith } from './readBytes.ts';
import { assertInflatesWithin } from './readZip.ts';

/** What the sheet picker offers and accepts by name (the content is checked on upload). */
export const EXCEL_ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
export const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';
export const isExcelName = (name: string) => /\.xlsx?$/i.test(name);
export const isZipName = (name: string) => /\.zip$/i.test(name);

type SheetAnswer = { ok: true; data: unknown[][] } | { ok: false };

/**
 * The sheet's cells, read in a worker with a time limit; where workers are missing (tests) or the
 * worker cannot start, on this thread.
 */
function readSheetOffThread(bytes: ArrayBuffer): Promise<unknown[][]> {
  if (typeof Worker === 'undefined') return readSheet(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sheetWorker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new FileRefused(M.excelTooSlow));
    }, BULK_LIMITS.sheetReadTimeoutMs);
    worker.onmessage = (event: MessageEvent<SheetAnswer>) => {
      stop();
      if (event.data.ok) resolve(event.data.data);
      else reject(new FileRefused(M.excelUnreadable));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      stop();
      readSheet(bytes).then(resolve, reject);
    };
    worker.postMessage(bytes);
  });
}

/**
 * The candidates of an uploaded sheet, normalised for the API . The workbook is
 * checked by content: an .xlsx is read with read-excel-file (never with xlsx 0.18.5, whose reading path
 * has open advisories), after making sure it does not inflate past a limit; an old binary
 * .xls cannot be read here and gets words saying how to convert it.
 */
export interface CandidateSheet {
  candidates: CandidateBulkRow[];
  /** The sheet's row number of each candidate (the header is row 1), to name rows the server refuses. */
  rowNumbers: number[];
}

export async function readCandidateSheet(file: Blob): Promise<CandidateSheet> {
  if (file.size > BULK_LIMITS.excelMaxBytes)
    throw new FileRefused(M.excelTooLarge(BULK_LIMITS.excelMaxBytes / MB));
  const bytes = await readBytes(file);
  if (startsWith(bytes, OLE_MAGIC)) throw new FileRefused(M.excelOldFormat);
  if (!startsWith(bytes, ZIP_MAGIC)) throw new FileRefused(M.excelOnly);

  let data: unknown[][];
  try {
    await assertInflatesWithin(
      bytes,
      BULK_LIMITS.excelMaxInflatedBytes,
      M.excelTooLarge(BULK_LIMITS.excelMaxBytes / MB),
    );
    data = await readSheetOffThread(bytes);
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused(M.excelUnreadable);
  }
  const sheetRows = sheetToNumberedRows(data);
  if (sheetRows.length === 0) throw new FileRefused(M.noData);
  const kept = normaliseRowsKeepingPlace(sheetRows.map((r) => r.row));
  if (kept.length === 0) throw new FileRefused(M.noValidCandidates);
  if (kept.length > CANDIDATE_LIMITS.bulkRows)
    throw new FileRefused(M.tooManyRows(formatCount(CANDIDATE_LIMITS.bulkRows)));
  return {
    candidates: kept.map((k) => k.candidate),
    rowNumbers: kept.map((k) => sheetRows[k.index]!.number),
  };
}
