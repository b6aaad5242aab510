import JSZip from 'jszip';
import { BULK_LIMITS, CANDIDATE_MESSAGES as M, RESUME_MAX_BYTES } from '@portal/contracts';
import { baseName } from './matchResume.ts';
import { EMPTY_ZIP_MAGIC, FileRefused, MB, ZIP_MAGIC, readBytes, startsWith } from './readBytes.ts';

/** A resume found in the ZIP, inflated. */
export interface ZipResume {
  /** The path inside the archive ("cvs/John_Doe.pdf"). */
  name: string;
  /** The file name alone ("John_Doe.pdf"), for the upload. */
  fileName: string;
  /** Null when the file is bigger than a resume may be (it is counted, not kept). */
  data: Uint8Array<ArrayBuffer> | null;
  /** Its size once inflated. */
  size: number;
}

export type ZipLimits = Record<'zipMaxBytes' | 'zipMaxEntries' | 'zipMaxInflatedBytes', number>;

const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'];

/** A path that would leave the archive's folder once unpacked: `..` anywhere, or absolute. */
export function isUnsafePath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return p.startsWith('/') || /^[a-z]:/i.test(p) || p.split('/').includes('..');
}

const isResume = (path: string) => {
  const lower = path.toLowerCase();
  const file = lower.split(/[\\/]/).pop() ?? '';
  // macOS keeps "._name.pdf" shadows of every file in __MACOSX/: they are not resumes.
  if (file.startsWith('._') || lower.split('/').includes('__macosx')) return false;
  return RESUME_EXTENSIONS.some((ext) => file.endsWith(ext)) && baseName(path) !== '';
};

/** JSZip's streaming side, which its typings leave out. */
interface EntryStream {
  on(event: 'data', fn: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'end', fn: () => void): EntryStream;
  on(event: 'error', fn: (error: Error) => void): EntryStream;
  resume(): EntryStream;
  pause(): EntryStream;
}
type StreamableEntry = JSZip.JSZipObject & { internalStream(type: 'uint8array'): EntryStream };

/**
 * Inflates one entry chunk by chunk (JSZip hands out a chunk at a time, between which the page runs),
 * counting the bytes against what the whole archive may still inflate to. JSZip itself compares an
 * entry with its declared size only after inflating all of it, so a zip bomb must be stopped here.
 * Bytes past `keepUpTo` are counted but not kept (`data` is then null).
 */
function inflateEntry(
  entry: JSZip.JSZipObject,
  budget: { left: number; message: string },
  keepUpTo: number,
): Promise<{ data: Uint8Array<ArrayBuffer> | null; size: number }> {
  return new Promise((resolve, reject) => {
    let chunks: Uint8Array[] = [];
    let size = 0;
    let stopped = false;
    const stream = (entry as StreamableEntry).internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        if (stopped) return;
        size += chunk.length;
        budget.left -= chunk.length;
        if (budget.left < 0) {
          stopped = true;
          stream.pause();
          chunks = [];
          reject(new FileRefused(budget.message));
          return;
        }
        if (size <= keepUpTo) chunks.push(chunk);
        else chunks = [];
      })
      .on('error', (error) => {
        if (!stopped) reject(error);
        stopped = true;
      })
      .on('end', () => {
        if (stopped) return;
        if (size > keepUpTo) return resolve({ data: null, size });
        const data = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
          data.set(chunk, at);
          at += chunk.length;
        }
        resolve({ data, size });
      })
      .resume();
  });
}

/**
 * Reads a ZIP of resumes, refusing what could hurt the page: more than
 * `zipMaxEntries` entries, any path with `..` or starting with `/`, and more than `zipMaxInflatedBytes`
 * once inflated (counted while inflating). Only .pdf, .doc and .docx entries are resumes; folders
 * and other files are skipped without being inflated.
 */
export async function readZip(file: Blob, limits: ZipLimits = BULK_LIMITS): Promise<ZipResume[]> {
  if (file.size > limits.zipMaxBytes) throw new FileRefused(M.zipFileTooLarge(limits.zipMaxBytes / MB));
  const bytes = await readBytes(file);
  if (!startsWith(bytes, ZIP_MAGIC) && !startsWith(bytes, EMPTY_ZIP_MAGIC)) throw new FileRefused(M.zipOnly);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new FileRefused(M.zipOnly);
  }
  const entries = Object.values(zip.files);
  if (entries.length > limits.zipMaxEntries) throw new FileRefused(M.zipTooManyEntries);
  // JSZip tidies each name (it drops "../"); the name as the archive holds it is kept aside.
  // Folder entries are ignored (JSZip may add some of its own while tidying names).
  if (entries.some((e) => !e.dir && isUnsafePath(e.unsafeOriginalName ?? e.name)))
    throw new FileRefused(M.zipUnsafePath);

  const budget = { left: limits.zipMaxInflatedBytes, message: M.zipTooLarge };
  const resumes: ZipResume[] = [];
  for (const entry of entries) {
    if (entry.dir || !isResume(entry.name)) continue;
    const { data, size } = await inflateEntry(entry, budget, RESUME_MAX_BYTES);
    resumes.push({ name: entry.name, fileName: entry.name.split('/').pop()!, data, size });
  }
  return resumes;
}

/**
 * Throws `message` when the archive would inflate to more than `maxBytes` (counted while inflating,
 * nothing kept): a guard to run before handing an archive, such as an .xlsx workbook, to a reader that
 * inflates it all at once.
 */
export async function assertInflatesWithin(bytes: ArrayBuffer, maxBytes: number, message: string) {
  const zip = await JSZip.loadAsync(bytes);
  const budget = { left: maxBytes, message };
  for (const entry of Object.values(zip.files)) {
    if (!entry.dir) await inflateEntry(entry, budget, 0);
  }
}
