import { JOBS_EXPORT, type JobExportRow } from '@portal/contracts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';

/** jobs_list.xlsx: sheet Jobs, Job ID, Title, Description, Status, one row per job of the filtered list. */
export const jobsWorkbook = (rows: JobExportRow[]) =>
  writeXlsx({
    sheetName: JOBS_EXPORT.sheetName,
    header: JOBS_EXPORT.columns,
    rows: rows.map((r) => [r.id, r.title, r.description, r.status]),
    widths: [12, 40, 80, 12],
  });
