import { CANDIDATES_EXPORT, type CandidateExportRow } from '@portal/contracts';
import { capitalize, formatCtc, formatDay, formatNotice, orNA } from './format.ts';

/** One sheet row in the export's 16 columns (spec 3 §9): N/A for missing, ₹ on CTC, "days" on notice. */
export function exportRow(r: CandidateExportRow): Record<string, string | number> {
  const values: (string | number)[] = [
    r.id,
    r.name,
    r.email,
    orNA(r.phone),
    orNA(r.job_title),
    capitalize(r.status),
    orNA(r.source),
    r.experience,
    orNA(r.current_company),
    formatCtc(r.current_ctc),
    formatCtc(r.expected_ctc),
    formatNotice(r.notice_period),
    orNA(r.current_location),
    orNA(r.preferred_location),
    formatDay(r.createdAt),
    orNA(r.created_by),
  ];
  return Object.fromEntries(CANDIDATES_EXPORT.columns.map((column, i) => [column, values[i]!]));
}

/** Writes candidates_list.xlsx (sheet Candidates) and hands it to the browser. */
export async function downloadCandidatesExcel(rows: CandidateExportRow[]) {
  // Loaded on demand: the spreadsheet writer is large and only this button needs it. Used to write only.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.json_to_sheet(rows.map(exportRow), { header: [...CANDIDATES_EXPORT.columns] });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, CANDIDATES_EXPORT.sheetName);
  XLSX.writeFile(book, CANDIDATES_EXPORT.fileName);
}
