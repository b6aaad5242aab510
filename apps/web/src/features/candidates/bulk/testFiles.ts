import JSZip from 'jszip';
import { deflateRawSync, constants } from 'node:zlib';
import * as XLSX from 'xlsx';

/** Test files for the bulk upload (tests only: it uses Node's zlib). */

/** An .xlsx workbook of these rows (header row from the first row's keys, or `header`). */
export function makeSheet(rows: Record<string, unknown>[], header?: string[]): Uint8Array<ArrayBuffer> {
  const sheet = XLSX.utils.json_to_sheet(rows, header ? { header } : undefined);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Candidates');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** A small real PDF (the server checks resumes by content). */
export function fakePdf(title: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${title}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A ZIP holding these files (a name ending in "/" is a folder). */
export async function makeZip(files: Record<string, Uint8Array | string>): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) {
    if (name.endsWith('/')) zip.folder(name);
    else zip.file(name, data);
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }) as Promise<
    Uint8Array<ArrayBuffer>
  >;
}

/**
 * A zip bomb: one entry `name` that inflates to `inflatedBytes` of zeros while declaring 1 KB, built
 * from one flushed deflate block of a MiB of zeros repeated (a few hundred kB on disk).
 */
export function makeZipBomb(inflatedBytes: number, name = 'bomb.pdf'): Uint8Array<ArrayBuffer> {
  const MIB = 1024 * 1024;
  const block = deflateRawSync(new Uint8Array(MIB), { finishFlush: constants.Z_SYNC_FLUSH });
  const repeats = Math.ceil(inflatedBytes / MIB);
  const finalBlock = Uint8Array.of(0x03, 0x00); // an empty final block
  const dataLength = block.length * repeats + finalBlock.length;
  const nameBytes = new TextEncoder().encode(name);
  const declared = 1024;

  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true); // deflate
  local.setUint32(18, dataLength, true);
  local.setUint32(22, declared, true);
  local.setUint16(26, nameBytes.length, true);

  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint32(20, dataLength, true);
  central.setUint32(24, declared, true);
  central.setUint16(28, nameBytes.length, true);

  const localSize = 30 + nameBytes.length + dataLength;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + nameBytes.length, true);
  end.setUint32(16, localSize, true);

  const out = new Uint8Array(localSize + 46 + nameBytes.length + 22);
  let at = 0;
  const put = (bytes: Uint8Array) => {
    out.set(bytes, at);
    at += bytes.length;
  };
  put(new Uint8Array(local.buffer));
  put(nameBytes);
  for (let i = 0; i < repeats; i++) put(block);
  put(finalBlock);
  put(new Uint8Array(central.buffer));
  put(nameBytes);
  put(new Uint8Array(end.buffer));
  return out;
}
