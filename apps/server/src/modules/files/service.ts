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
     * a refusal does not tell which names are in use. Says whether the browser may keep the file: only
     * when every record holding it allows that (a user photo). An upload no record holds yet may become a
     * resume or a candidate's photo, so it is not kept either.
     */
    async assertMayRead(name: string, reader: Caller): Promise<{ browserMayKeep: boolean }> {
      const url = fileUrl(name);
      let readable = false;
      let attached = false;
      let browserMayKeep = true;
      // Every holder is looked at, not just the first readable one: a file two records hold is kept by the
      // browser only if both allow it.
      for (const { table, column, readableBy, browserMayKeep: holderAllows } of FILE_REFERENCES) {
        const holder = await db(table).where(column, url).first(column);
        if (!holder) continue;
        attached = true;
        if (readableBy === 'signed-in' || reader.role === 'admin') readable = true;
        if (!holderAllows) browserMayKeep = false;
      }
      if (readable) return { browserMayKeep };
      // Not attached yet (a form still being filled): only the one who uploaded it sees it.
      if (!attached && (await uploads.uploaderOf(name)) === reader.id) return { browserMayKeep: false };
      throw notFound(UPLOAD_MESSAGES.fileNotFound);
    },
  };
}
export type FileAccessService = ReturnType<typeof createFileAccessService>;
