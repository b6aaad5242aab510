import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ErrorCode, UPLOAD_MESSAGES, fieldErrors } from '@portal/contracts';
import { AppError, invalid } from '../errors.ts';
import { fileUrl } from '../lib/file-store.ts';
import { detectFileKind, type FileKind } from '../lib/file-types.ts';
import { createUploadLedger, type UploadLedger } from '../lib/upload-ledger.ts';

/** What one file of a form accepts, and what it says when a file does not fit. */
export interface UploadPolicy {
  /** The multipart field that carries the file. */
  field: string;
  kinds: readonly FileKind[];
  maxBytes: number;
  tooLargeMessage: string;
  /** The message for content that is none of `kinds`; `detected` is what it really is, if known. */
  unsupportedMessage: (detected: FileKind | null) => string;
  /**
   * The form may come without this file; an empty part (a file input left empty) is then no file.
   * A file that is not optional is refused when missing (400) or empty (415: it is no kind we know).
   */
  optional?: boolean;
}

/** A multipart form: its text fields, checked against a schema, and the files it may carry. */
export interface FormPolicy {
  files: readonly UploadPolicy[];
  /** The text fields' schema (a form that fails it stores nothing); without one they come unchecked. */
  fields?: TSchema;
  /** 400 for a body that cannot be read, or fields refused without a message of their own. */
  invalidMessage?: string;
  /** The longest text field in bytes, when one may be longer than MAX_FIELD_BYTES. */
  fieldBytes?: number;
}

export interface StoredUpload {
  name: string;
  url: string;
  kind: FileKind;
  size: number;
}

/** A form whose fields and files passed every check; nothing of it is stored yet. */
export interface ReceivedForm<T> {
  fields: T;
  /** Whether the form carries this file. */
  has(field: string): boolean;
  /** Stores the form's files under random names, counted against the uploader's hourly allowance (429). */
  store(): Promise<StoredForm>;
}

/** The stored files of a form, until the write that keeps them succeeds. */
export interface StoredForm {
  /** The address of a stored file, or null when the form did not carry it. */
  urlOf(field: string): string | null;
  files: StoredUpload[];
  /** Runs `write`; when it fails the files are removed again and the error goes on. */
  keep<R>(write: () => Promise<R>): Promise<R>;
  /** Removes the files (a write that will not keep them); their `uploads` rows go with the next sweep. */
  release(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Reads a multipart form (text fields and files, in any order) and checks it: sizes while reading,
     * then the fields against their schema, then each file's content (magic bytes). Nothing is stored
     * until `store()`: a refused form leaves nothing behind (400, 413 or 415).
     */
    receiveForm: <T = Record<string, string>>(
      request: FastifyRequest,
      policy?: FormPolicy,
    ) => Promise<ReceivedForm<T>>;
    /** A form of exactly one file (`policy.field`), read, checked and stored: its address. */
    receiveUpload: (request: FastifyRequest, policy: UploadPolicy) => Promise<StoredUpload>;
    /** Who stored which file when: the upload allowance and the sweeper of unattached files. */
    uploadLedger: UploadLedger;
  }
  interface FastifyContextConfig {
    /**
     * The multipart form a route reads (`receiveForm(request)` takes it from here): declared on the route,
     * its fields' schema is as visible to whoever walks the routes as a JSON body's.
     */
    form?: FormPolicy;
  }
}

/** The largest file any upload may carry; each policy sets its own, smaller, limit. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Text fields a form may carry, and the length of each. */
const MAX_FORM_FIELDS = 30;
const MAX_FIELD_BYTES = 10_000;

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

    // Every form is read through receiveForm, which sets the limits of its own files.
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });

    /** Each field schema compiled once. */
    const checkers = new WeakMap<TSchema, { Check(value: unknown): boolean }>();
    const checkerOf = (schema: TSchema) => {
      let checker = checkers.get(schema);
      if (!checker) checkers.set(schema, (checker = Compile(schema)));
      return checker;
    };

    /** Every part of the body: text fields, and the bytes of the files `policy` names (others drained). */
    async function readParts(request: FastifyRequest, policy: FormPolicy, invalidMessage: string) {
      const fields: Record<string, string> = {};
      const files = new Map<string, Buffer>();
      const policyOf = new Map(policy.files.map((p) => [p.field, p]));
      const largest = Math.max(0, ...policy.files.map((p) => p.maxBytes));
      let reading: UploadPolicy | undefined;
      try {
        for await (const part of request.parts({
          limits: {
            fileSize: largest,
            files: Math.max(1, policy.files.length),
            fields: MAX_FORM_FIELDS,
            parts: MAX_FORM_FIELDS + policy.files.length,
            fieldSize: Math.max(MAX_FIELD_BYTES, policy.fieldBytes ?? 0),
          },
        })) {
          if (part.type === 'file') {
            reading = policyOf.get(part.fieldname);
            if (!reading || files.has(part.fieldname)) part.file.resume();
            else files.set(part.fieldname, await part.toBuffer());
            reading = undefined;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && reading) {
          throw new AppError(ErrorCode.TOO_LARGE, reading.tooLargeMessage);
        }
        request.log.warn({ err: error }, 'unreadable multipart form');
        throw invalid(invalidMessage);
      }
      return { fields, files };
    }

    async function receiveForm<T>(
      request: FastifyRequest,
      policy: FormPolicy | undefined = request.routeOptions.config.form,
    ): Promise<ReceivedForm<T>> {
      if (!policy) throw new Error(`${request.routeOptions.url} reads a form but declares none`);
      if (!request.isMultipart())
        throw new AppError(ErrorCode.UNSUPPORTED_TYPE, UPLOAD_MESSAGES.notMultipart);
      const invalidMessage = policy.invalidMessage ?? UPLOAD_MESSAGES.noFile;
      const { fields, files } = await readParts(request, policy, invalidMessage);

      // Sizes and presence first, then the fields, then what each file really is.
      const present: { file: UploadPolicy; data: Buffer }[] = [];
      for (const file of policy.files) {
        const data = files.get(file.field);
        if (file.optional && !data?.length) continue;
        if (data === undefined) throw invalid(UPLOAD_MESSAGES.noFile);
        if (data.length > file.maxBytes) throw new AppError(ErrorCode.TOO_LARGE, file.tooLargeMessage);
        present.push({ file, data });
      }
      if (policy.fields && !checkerOf(policy.fields).Check(fields)) {
        throw invalid(Object.values(fieldErrors(policy.fields, fields))[0] ?? invalidMessage);
      }
      const accepted = present.map(({ file, data }) => {
        const kind = detectFileKind(data);
        if (!kind || !file.kinds.includes(kind)) {
          throw new AppError(ErrorCode.UNSUPPORTED_TYPE, file.unsupportedMessage(kind));
        }
        return { field: file.field, data, kind };
      });

      return {
        fields: fields as T,
        has: (field) => accepted.some((f) => f.field === field),
        async store() {
          const uploader = request.user?.sub ?? null;
          if (accepted.length > 0 && uploader !== null) await assertAllowance(uploader);
          const stored: (StoredUpload & { field: string })[] = [];
          const release = async () => {
            for (const file of stored) await app.files.remove(file.name);
          };
          try {
            for (const { data, kind, field } of accepted) {
              const name = await app.files.put(data, kind);
              stored.push({ field, name, url: fileUrl(name), kind, size: data.length });
            }
            await ledger.record(stored.map((f) => ({ name: f.name, uploadedBy: uploader, size: f.size })));
          } catch (error) {
            await release();
            throw error;
          }
          return {
            files: stored.map(({ field: _field, ...file }) => file),
            urlOf: (field) => stored.find((f) => f.field === field)?.url ?? null,
            release,
            async keep(write) {
              try {
                return await write();
              } catch (error) {
                await release();
                throw error;
              }
            },
          };
        },
      };
    }
    app.decorate('receiveForm', receiveForm);

    app.decorate('receiveUpload', async (request: FastifyRequest, policy: UploadPolicy) => {
      const form = await receiveForm(request, { files: [{ ...policy, optional: false }] });
      const { files } = await form.store();
      return files[0]!;
    });
  },
  { name: 'uploads', dependencies: ['db', 'files'] },
);
