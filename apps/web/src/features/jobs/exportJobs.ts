import { JOBS_EXPORT, type JobExportRow } from '@portal/contracts';

/** Writes jobs_list.xlsx (Job ID, Title, Description, Status) and hands it to the browser. */
export async function downloadJobsExcel(rows: JobExportRow[]) {
  // Loaded on demand: the spreadsheet writer is large and only this button needs it. Used to write only.
  const XLSX = await import('xlsx');
  const [idColumn, titleColumn, descriptionColumn, statusColumn] = JOBS_EXPORT.columns;
  const sheet = XLSX.utils.json_to_sheet(
    rows.map((r) => ({
      [idColumn]: r.id,
      [titleColumn]: r.title,
      [descriptionColumn]: r.description,
      [statusColumn]: r.status,
    })),
    { header: [...JOBS_EXPORT.columns] },
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, JOBS_EXPORT.sheetName);
  XLSX.writeFile(book, JOBS_EXPORT.fileName);
}
