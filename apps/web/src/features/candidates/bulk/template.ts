import { CANDIDATE_MESSAGES as M, CANDIDATE_TEMPLATE } from '@portal/contracts';
import { downloadFile } from '../../../lib/api.ts';

/** Downloads candidate-upload-template.xlsx (the columns, a sample row, how to fill it), as the server writes it. */
export const downloadTemplate = () =>
  downloadFile('/api/candidates/bulk-template.xlsx', CANDIDATE_TEMPLATE.fileName, M.templateFailed);
