/**
 * What a file is, read from its first bytes (magic numbers), never from its name or the browser's content
 * type. The server checks every upload with it; the browser checks a picked file with the same table, so
 * that a file the server would refuse is refused at once, in the server's words.
 */
export const FILE_KINDS = {
  png: { mime: 'image/png', ext: 'png', image: true },
  jpg: { mime: 'image/jpeg', ext: 'jpg', image: true },
  gif: { mime: 'image/gif', ext: 'gif', image: true },
  webp: { mime: 'image/webp', ext: 'webp', image: true },
  pdf: { mime: 'application/pdf', ext: 'pdf', image: false },
  /** Word 97-2003 and other OLE compound files. */
  doc: { mime: 'application/msword', ext: 'doc', image: false },
  /** A Word document (a ZIP container holding `word/`). */
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    image: false,
  },
  /** Any other ZIP container (XLSX and plain ZIP look alike here). */
  zip: { mime: 'application/zip', ext: 'zip', image: false },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** Every image kind: receipts take any of them. */
export const IMAGE_KINDS = (Object.keys(FILE_KINDS) as FileKind[]).filter((k) => FILE_KINDS[k].image);

/** What a resume may be: PDF, DOC or DOCX. */
export const RESUME_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx'];

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Whether `data` holds `needle` anywhere (a native scan for its first byte, then a comparison). */
function contains(data: Uint8Array, needle: readonly number[]) {
  for (let at = data.indexOf(needle[0]!); at !== -1; at = data.indexOf(needle[0]!, at + 1)) {
    if (startsWith(data, needle, at)) return true;
  }
  return false;
}

const WORD_PART = ascii('word/document.xml');

/**
 * Whether a ZIP container is a Word document: it names the part `word/document.xml` (entry names are
 * stored uncompressed, in each entry's header and in the directory at the end). Nothing is inflated.
 */
const isWordPackage = (data: Uint8Array) => contains(data, WORD_PART);

/** The kind of file these bytes start, or null when it is none we know. */
export function detectFileKind(data: Uint8Array): FileKind | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(data, ascii('%PDF-'))) return 'pdf';
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return isWordPackage(data) ? 'docx' : 'zip';
  return null;
}
