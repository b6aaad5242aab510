import { GENERAL_MESSAGES } from '@portal/contracts';

/** A file we refuse to read, with the words to show. */
export class FileRefused extends Error {}

export const MB = 1024 * 1024;

/** A file's bytes (through FileReader where a Blob has no `arrayBuffer`, as in older engines and jsdom). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error(GENERAL_MESSAGES.fileUnreadable));
    reader.readAsArrayBuffer(file);
  });
}

/** The first bytes of a file, to tell its kind by content. */
export const startsWith = (bytes: ArrayBuffer, magic: readonly number[]) => {
  const head = new Uint8Array(bytes, 0, Math.min(magic.length, bytes.byteLength));
  return head.length === magic.length && magic.every((b, i) => head[i] === b);
};

/** A ZIP archive (and so an .xlsx workbook) starts with "PK\3\4"; an empty one with "PK\5\6". */
export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
export const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06] as const;
/** An old binary .xls workbook is an OLE compound file. */
export const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
