import {
  CANDIDATE_MESSAGES,
  LEDGER_MESSAGES,
  PHOTO_MAX_BYTES,
  PUBLIC_RESUME_MAX_BYTES,
  RECEIPT_MAX_BYTES,
  RESUME_MAX_BYTES,
  UPLOAD_MESSAGES,
} from '@portal/contracts';
import { FILE_KINDS, IMAGE_KINDS, RESUME_KINDS } from '../lib/file-types.ts';
import type { UploadPolicy } from './uploads.ts';

/**
 * Every kind of file the app takes, in one place: which contents (by their bytes, not their names), how
 * large, and what a refusal says. A form names the multipart field its file comes in.
 */

/** Profile and candidate photos: JPG or PNG, at most 2 MB. */
export const photoPolicy = (field: string): UploadPolicy => ({
  field,
  kinds: ['jpg', 'png'],
  maxBytes: PHOTO_MAX_BYTES,
  tooLargeMessage: UPLOAD_MESSAGES.photoTooLarge,
  unsupportedMessage: (detected) =>
    detected && FILE_KINDS[detected].image ? UPLOAD_MESSAGES.photoFormat : UPLOAD_MESSAGES.notAnImage,
});

/** A resume a recruiter uploads: PDF, DOC or DOCX, at most 5 MB. */
export const resumePolicy = (field: string): UploadPolicy => ({
  field,
  kinds: RESUME_KINDS,
  maxBytes: RESUME_MAX_BYTES,
  tooLargeMessage: CANDIDATE_MESSAGES.resumeTooLarge,
  unsupportedMessage: () => CANDIDATE_MESSAGES.resumeType,
});

/** A resume sent with a public application: the same kinds, up to 10 MB; checked only after the bot check. */
export const publicResumePolicy = (field: string): UploadPolicy => ({
  ...resumePolicy(field),
  maxBytes: PUBLIC_RESUME_MAX_BYTES,
  tooLargeMessage: CANDIDATE_MESSAGES.publicResumeTooLarge,
  optional: true,
});

/** A ledger receipt (instalments, expenses): an image, at most 5 MB, and optional. */
export const receiptPolicy = (field: string): UploadPolicy => ({
  field,
  kinds: IMAGE_KINDS,
  maxBytes: RECEIPT_MAX_BYTES,
  tooLargeMessage: LEDGER_MESSAGES.receiptTooLarge,
  unsupportedMessage: () => LEDGER_MESSAGES.receiptType,
  optional: true,
});
