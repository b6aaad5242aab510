import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KINDS, kindOfStoredName, type FileKind } from './file-types.ts';

/**
 * Where uploaded files live: a local folder (one node, the embedded default) or an S3-compatible bucket
 * (s3-file-store.ts; every node reads the same files). Names are random and chosen by the store, never by
 * the uploader.
 */
export interface FileStore {
  /**
   * Stores checked bytes under a new random name ending in the kind's extension; returns the name.
   * A stream is passed on as it arrives, never held whole in memory.
   */
  put(data: Uint8Array | Readable, kind: FileKind): Promise<string>;
  /** The file's bytes as a stream with its size, or null when there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the file; a name that is not there is not an error. */
  remove(name: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}

/**
 * The store cannot be reached (the bucket's server is down or failing). The error handler answers 503 with
 * Retry-After, as for the database: nothing was stored, and trying again later is all a client can do.
 */
export class FileStoreUnavailableError extends Error {
  readonly code = 'FILE_STORE_UNAVAILABLE';
  constructor(cause: unknown) {
    super('the file store cannot be reached', { cause });
  }
}

/**
 * The disk that holds the local folder has less free space than the floor the operator set
 * (MIN_FREE_DISK_MB): the file was not written. The error handler answers 507, as for a disk that is full.
 */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL';
  constructor(readonly freeBytes: number) {
    super(`only ${Math.floor(freeBytes / 1_048_576)} MB free where uploads are kept`);
  }
}

/** The store's own name for a new file of this kind: random, with the kind's extension. */
export const newStoredName = (kind: FileKind) => `${randomUUID()}.${FILE_KINDS[kind].ext}`;

/** Files are served at `/api/files/<name>` to signed-in users; records keep this address. */
export const FILE_URL_PREFIX = '/api/files/';
export const fileUrl = (name: string) => `${FILE_URL_PREFIX}${name}`;

/** The stored name behind an address this app handed out, or null for anything else. */
export function storedNameOfUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const name = url.slice(FILE_URL_PREFIX.length);
  return kindOfStoredName(name) ? name : null;
}

export interface LocalFileStoreOptions {
  /**
   * Free space the disk must keep: a file that would leave less is refused (StorageFullError), so that
   * uploads from the public forms never fill the disk the database and the logs share. 0: no floor.
   */
  minFreeBytes?: number;
}

export function createLocalFileStore(
  root: string,
  { minFreeBytes = 0 }: LocalFileStoreOptions = {},
): FileStore {
  // Only names the store itself could have made reach the disk: no paths, no dots but the extension.
  const pathOf = (name: string) => (kindOfStoredName(name) ? join(root, name) : null);

  // Private to the app's user: uploads hold photos, resumes and receipts. Made on the first upload and
  // again only if it went away (two file-system calls less on every upload).
  let folderMade = false;
  const makeFolder = async () => {
    await mkdir(root, { recursive: true, mode: 0o700 });
    folderMade = true;
  };

  /** Refuses a file of `size` bytes (0 for a stream, whose size is not known yet) that would pass the floor. */
  const assertRoom = async (size: number) => {
    if (minFreeBytes <= 0) return;
    const disk = await statfs(root);
    // What an unprivileged process may use: blocks kept for root do not count.
    const freeBytes = disk.bavail * disk.bsize;
    if (freeBytes - size < minFreeBytes) throw new StorageFullError(freeBytes);
  };

  return {
    async put(data, kind) {
      if (!folderMade) await makeFolder();
      const size = data instanceof Readable ? 0 : data.byteLength;
      await assertRoom(size).catch(async (error: unknown) => {
        // The folder went away since it was made: made again, then measured.
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
        await makeFolder();
        await assertRoom(size);
      });
      const name = newStoredName(kind);
      const final = join(root, name);
      // Written aside, then renamed: a reader never sees half a file, a failed write leaves nothing.
      const partial = `${final}.part`;
      // Opened before any byte is read, so that a folder that went away is made again without losing
      // the start of a stream.
      const openPartial = () =>
        new Promise<WriteStream>((opened, failed) => {
          const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
          out.once('open', () => opened(out)).once('error', failed);
        });
      try {
        const out = await openPartial().catch(async (error: unknown) => {
          if ((error as { code?: string }).code !== 'ENOENT') throw error;
          await makeFolder();
          return openPartial();
        });
        await pipeline(data instanceof Readable ? data : Readable.from([data]), out);
        await rename(partial, final);
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
