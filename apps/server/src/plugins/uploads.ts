import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, UPLOAD_MESSAGES } from '@portal/contracts';
import { AppError, invalid } from '../errors.ts';
import { fileUrl } from '../lib/file-store.ts';
import { detectFileKind, type FileKind } from '../lib/file-types.ts';
import { createUploadLedger, type UploadLedger } from '../lib/upload-ledger.ts';

/** What one kind of upload accepts, and what it says when a file does not fit. */
export interface UploadPolicy {
  /** The multipart field that carries the file. */
  field: string;
  kinds: readonly FileKind[];
  maxBytes: number;
  tooLargeMessage: string;
  /** The message for content that is none of `kinds`; `detected` is what it really is, if known. */
  unsupportedMessage: (detected: FileKind | null) => string;
}

export interface StoredUpload {
  name: string;
  url: string;
  kind: FileKind;
  size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Reads the one file of a multipart request, checks its size and its content (magic bytes), and
     * stores it under a random name. A refused file is never written: 400, 413 or 415 and nothing on disk.
     */
    receiveUpload: (request: FastifyRequest, policy: UploadPolicy) => Promise<StoredUpload>;
    /** Who stored which file when: the upload allowance and the sweeper of unattached files. */
    uploadLedger: UploadLedger;
  }
}

/** The largest file any upload may carry; each policy sets its own, smaller, limit. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const HOUR_MS = 3_600_000;

export interface UploadOptions {
  filesPerHour: number;
  bytesPerHour: number;
  /** Unattached uploads older than this are removed… */
  graceMs: number;
  /** …by a sweep this often. */
  sweepEveryMs: number;
}

export default fp(
  async (app, opts: UploadOptions) => {
    const ledger = createUploadLedger({ db: app.db, files: app.files });
    app.decorate('uploadLedger', ledger);

    /** 429 once the user has stored their hour's allowance of files or bytes. */
    async function assertAllowance(userId: number) {
      const now = Date.now();
      const usage = await ledger.usageOf(userId, new Date(now - HOUR_MS));
      if (usage.files < opts.filesPerHour && usage.bytes < opts.bytesPerHour) return;
      const retryAfter = usage.oldest
        ? Math.max(1, Math.ceil((usage.oldest.getTime() + HOUR_MS - now) / 1000))
        : 60;
      throw new AppError(ErrorCode.RATE_LIMITED, UPLOAD_MESSAGES.quotaReached, undefined, retryAfter);
    }

    // Files never attached to a record go after their grace period; the timer never keeps the process up.
    const sweep = () =>
      ledger.sweep(opts.graceMs).catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, opts.sweepEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25, fieldSize: 10_000 },
    });

    app.decorate('receiveUpload', async (request: FastifyRequest, policy: UploadPolicy) => {
      if (!request.isMultipart())
        throw new AppError(ErrorCode.UNSUPPORTED_TYPE, UPLOAD_MESSAGES.notMultipart);
      const uploader = request.user?.sub ?? null;
      if (uploader !== null) await assertAllowance(uploader);
      let data: Buffer;
      try {
        const part = await request.file({ limits: { fileSize: policy.maxBytes, files: 1 } });
        if (!part || part.fieldname !== policy.field) {
          part?.file.resume();
          throw invalid(UPLOAD_MESSAGES.noFile);
        }
        data = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.TOO_LARGE, policy.tooLargeMessage);
        }
        request.log.warn({ err: error }, 'unreadable upload');
        throw invalid(UPLOAD_MESSAGES.noFile);
      }
      const kind = detectFileKind(data);
      if (!kind || !policy.kinds.includes(kind)) {
        throw new AppError(ErrorCode.UNSUPPORTED_TYPE, policy.unsupportedMessage(kind));
      }
      const name = await app.files.put(data, kind);
      try {
        await ledger.record(name, uploader, data.length);
      } catch (error) {
        await app.files.remove(name);
        throw error;
      }
      return { name, url: fileUrl(name), kind, size: data.length };
    });
  },
  { name: 'uploads', dependencies: ['db', 'files'] },
);
