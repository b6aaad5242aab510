import { JOB_MESSAGES, JOBS_EXPORT } from '@portal/contracts';
import { downloadFile, queryString } from '../../lib/api.ts';
import { filterQuery } from './api.ts';
import type { JobListParams } from './routeParams.ts';

/** Every job of the filtered list (all pages) as jobs_list.xlsx, written by the server. */
export const downloadJobExport = (p: JobListParams) =>
  downloadFile(
    `/api/jobs/export.xlsx${queryString(filterQuery(p))}`,
    JOBS_EXPORT.fileName,
    JOB_MESSAGES.excelFailed,
  );
