import {
  CANDIDATE_MESSAGES as M,
  type BulkUploadAnswer,
  type Candidate,
  type CandidateBulkRow,
} from '@portal/contracts';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/candidates/bulk-upload: the normalised rows and the names of the ZIP's files (those that match
 * no new candidate come back as `unmatchedFiles`); who uploads comes from the session.
 */
export const uploadCandidates = (candidates: CandidateBulkRow[], resumeFiles: string[] = []) =>
  api<BulkUploadAnswer>('/api/candidates/bulk-upload', {
    method: 'POST',
    body: { candidates, resume_files: resumeFiles },
    fallbackMessage: M.bulkFailed,
  });

/** POST /api/upload/resume (multipart field `file`): the stored file's address. */
export function uploadResumeFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ url: string }>('/api/upload/resume', {
    method: 'POST',
    body: form,
    fallbackMessage: M.resumeUploadFailed,
  });
}

/** PUT /api/candidates/:id `{ resume_url }`: attaches an uploaded resume to a new candidate. */
export const attachResume = (id: number, resumeUrl: string) =>
  api<Candidate>(`/api/candidates/${id}`, {
    method: 'PUT',
    body: { resume_url: resumeUrl },
    fallbackMessage: M.resumeAttachFailed,
  });
