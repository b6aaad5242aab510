import { CANDIDATES_EXPORT, candidateExportTable, type CandidateExportRow } from '@portal/contracts';
import { formatDay } from './format.ts';

/** The sheet (spec 3 §9): header and one row per candidate, built by the contracts' one definition. */
export const exportTable = (rows: readonly CandidateExportRow[]) => candidateExportTable(rows, formatDay);

/** One candidate's row keyed by column (N/A for missing, ₹ on CTC, days on notice). */
export function exportRow(r: CandidateExportRow): Record<string, string | number> {
  const [, values] = exportTable([r]);
  return Object.fromEntries(CANDIDATES_EXPORT.columns.map((column, i) => [column, values![i]!]));
}

/** Writes candidates_list.xlsx (sheet Candidates) and hands it to the browser. */
export async function downloadCandidatesExcel(rows: CandidateExportRow[]) {
  // Loaded on demand: the spreadsheet writer is large and only this button needs it. Used to write only.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(exportTable(rows));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, CANDIDATES_EXPORT.sheetName);
  XLSX.writeFile(book, CANDIDATES_EXPORT.fileName);
}
