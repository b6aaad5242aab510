import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_KINDS, kindOfStoredName, type FileKind } from './file-types.ts';

/**
 * Where uploaded files live. A local folder today; an S3-compatible store is a second implementation
 * of the same four calls (DESIGN §6b). Names are random and chosen by the store, never by the uploader.
 */
export interface FileStore {
  /** Stores checked bytes under a new random name ending in the kind's extension; returns the name. */
  put(data: Uint8Array, kind: FileKind): Promise<string>;
  /** The file's bytes as a stream with its size, or null when there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the file; a name that is not there is not an error. */
  remove(name: string): Promise<void>;
}

/** Files are served at `/api/files/<name>` to signed-in users; records keep this address. */
export const FILE_URL_PREFIX = '/api/files/';
export const fileUrl = (name: string) => `${FILE_URL_PREFIX}${name}`;

/** The stored name behind an address this app handed out, or null for anything else. */
export function storedNameOfUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const name = url.slice(FILE_URL_PREFIX.length);
  return kindOfStoredName(name) ? name : null;
}

export function createLocalFileStore(root: string): FileStore {
  // Only names the store itself could have made reach the disk: no paths, no dots but the extension.
  const pathOf = (name: string) => (kindOfStoredName(name) ? join(root, name) : null);

  // Private to the app's user: uploads hold photos, resumes and receipts. Made on the first upload and
  // again only if it went away (two file-system calls less on every upload).
  let folderMade = false;
  const makeFolder = async () => {
    await mkdir(root, { recursive: true, mode: 0o700 });
    folderMade = true;
  };

  return {
    async put(data, kind) {
      if (!folderMade) await makeFolder();
      const name = `${randomUUID()}.${FILE_KINDS[kind].ext}`;
      const final = join(root, name);
      // Written aside, then renamed: a reader never sees half a file, a failed write leaves nothing.
      const partial = `${final}.part`;
      const write = async () => {
        await writeFile(partial, data, { flag: 'wx', mode: 0o600 });
        await rename(partial, final);
      };
      try {
        await write().catch(async (error: unknown) => {
          if ((error as { code?: string }).code !== 'ENOENT') throw error;
          await makeFolder();
          await write();
        });
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return name;
    },
    async open(name) {
      const path = pathOf(name);
      if (!path) return null;
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    },
    async exists(name) {
      const path = pathOf(name);
      return path ? Boolean((await stat(path).catch(() => null))?.isFile()) : false;
    },
    async remove(name) {
      const path = pathOf(name);
      if (path) await rm(path, { force: true });
    },
  };
}
