import type { Knex } from 'knex';
import { UPLOAD_MESSAGES } from '@portal/contracts';
import { notFound } from '../../errors.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { FILE_REFERENCES, type UploadLedger } from '../../lib/upload-ledger.ts';
import type { Caller } from '../../lib/caller.ts';

/** Who may read a stored file: whoever may read a record that holds it, or, before any does, its uploader. */
export function createFileAccessService({ db, uploads }: { db: Knex; uploads: UploadLedger }) {
  return {
    /**
     * Passes when `reader` may read the file `name`; else 404, as for a file that does not exist, so that
     * a refusal does not tell which names are in use.
     */
    async assertMayRead(name: string, reader: Caller): Promise<void> {
      const url = fileUrl(name);
      let attached = false;
      for (const { table, column, readableBy } of FILE_REFERENCES) {
        const holder = await db(table).where(column, url).first(column);
        if (!holder) continue;
        if (readableBy === 'signed-in' || reader.role === 'admin') return;
        attached = true;
      }
      // Not attached yet (a form still being filled): only the one who uploaded it sees it.
      if (!attached && (await uploads.uploaderOf(name)) === reader.id) return;
      throw notFound(UPLOAD_MESSAGES.fileNotFound);
    },
  };
}
export type FileAccessService = ReturnType<typeof createFileAccessService>;
