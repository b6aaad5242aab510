import { CANDIDATE_MESSAGES as M } from '@portal/contracts';
import { ApiError } from '../../../lib/api.ts';
import { attachResume, uploadResumeFile } from './api.ts';
import { matchResume } from './matchResume.ts';
import type { ZipResume } from './readZip.ts';

/** Where one new candidate's resume stands. */
export type ResumeState = 'pending' | 'processing' | 'uploading' | 'success' | 'failed' | 'not-found';

export interface ResumeProgress {
  state: ResumeState;
  message: string;
  /** The server's reason, when it gave one beyond the requirements' words. */
  detail?: string;
}

export const RESUME_STATE_LABELS: Record<ResumeState, string> = {
  pending: 'Pending',
  processing: 'Processing',
  uploading: 'Uploading',
  success: 'Success',
  failed: 'Failed',
  'not-found': 'Not found',
};

export const PENDING: ResumeProgress = { state: 'pending', message: 'Waiting for its turn' };

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const toFile = (resume: ZipResume & { data: Uint8Array<ArrayBuffer> }) =>
  new File([resume.data], resume.fileName, {
    type: MIME[resume.fileName.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
  });

/** The server's words when they say more than the fallback the call was given. */
const detailOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message !== fallback ? error.message : undefined;

/**
 * Finds a new candidate's resume in the ZIP, uploads it and attaches it, reporting each step
 *: "No matching resume found", "Failed to upload resume", "Failed to update resume
 * URL", "Error uploading resume".
 */
export async function attachResumeFromZip(
  candidate: { id: number; name: string },
  resumes: readonly ZipResume[],
  report: (progress: ResumeProgress) => void,
): Promise<void> {
  report({ state: 'processing', message: 'Looking for a matching resume' });
  const resume = matchResume(candidate.name, resumes);
  if (!resume) return report({ state: 'not-found', message: M.noMatchingResume });
  if (!resume.data)
    return report({ state: 'failed', message: M.resumeUploadFailed, detail: M.resumeTooLarge });
  report({ state: 'uploading', message: `Uploading ${resume.fileName}` });
  let url: string;
  try {
    url = (await uploadResumeFile(toFile({ ...resume, data: resume.data }))).url;
  } catch (error) {
    if (!(error instanceof ApiError)) return report({ state: 'failed', message: M.resumeError });
    return report({
      state: 'failed',
      message: M.resumeUploadFailed,
      detail: detailOf(error, M.resumeUploadFailed),
    });
  }
  try {
    await attachResume(candidate.id, url);
  } catch (error) {
    return report({
      state: 'failed',
      message: M.resumeAttachFailed,
      detail: detailOf(error, M.resumeAttachFailed),
    });
  }
  report({ state: 'success', message: `Resume attached: ${resume.fileName}` });
}

/** Runs `work` over the items with at most `limit` at a time, in order of start. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
