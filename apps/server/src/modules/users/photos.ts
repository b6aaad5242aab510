/** A user's photo: checked to be one this app stored, and its file let go once no user points at it. */
import type { Knex } from 'knex';
import { USER_MESSAGES } from '@portal/contracts';
import { invalid } from '../../errors.ts';
import { storedNameOfUrl, type FileStore } from '../../lib/file-store.ts';
import { countRows } from '../../lib/paging.ts';

/** `files`: where uploaded photos live; without it a photo address is refused. */
export function createUserPhotos({ db, files }: { db: Knex; files?: FileStore | undefined }) {
  return {
    /** A photo address as `POST /api/upload/photo` handed it out, naming a file that is still stored. */
    async checkedPhoto(url: string): Promise<string> {
      const name = storedNameOfUrl(url);
      if (!name || !files || !(await files.exists(name))) throw invalid(USER_MESSAGES.photoNotUploaded);
      return url;
    },

    /** Removes a photo file no user points at any more (after the change committed; best effort). */
    async forgetPhoto(url: string | null) {
      const name = url ? storedNameOfUrl(url) : null;
      if (!name || !files) return;
      if ((await countRows(db('users').where({ photo: url }))) === 0)
        await files.remove(name).catch(() => undefined);
    },
  };
}
export type UserPhotos = ReturnType<typeof createUserPhotos>;
