import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * The one .xlsx writer (the ledger's reports, the candidates' export, the pipeline analytics): a workbook written
 * directly as its XML parts (inline strings, numbers, a two-decimal style for money columns) and zipped.
 * SheetJS 0.18 builds a cell object per value and needed 20+ s for the 100,000-row Transaction Report on
 * a busy machine, and JSZip's JavaScript deflate as long; this writes the XML as text and zips it with
 * Node's own zlib, in about a second: at once from rows in memory (`writeXlsx`), or as a stream from
 * batches of rows (`streamXlsx`). Writing only: nothing here reads a spreadsheet.
 */

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const escapeXml = (text: string) =>
  !NEEDS_ESCAPE.test(text)
    ? text
    : text
        .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
        // Characters XML 1.0 cannot carry at all.
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

export type CellValue = string | number | null | undefined;

export interface SheetSpec {
  sheetName: string;
  header: readonly string[];
  rows: Iterable<readonly CellValue[]>;
  /** Columns (0-based) shown with two decimals and thousands separators. */
  moneyColumns?: readonly number[];
  /** Column widths in characters, where the header's own length (at least 12) is too narrow. */
  widths?: readonly number[];
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
// Style 0: general; style 1: built-in format 4 (#,##0.00); style 2: bold (the header row).
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/** Writes the cells of rows as sheet XML, numbering rows from `firstRow`. */
function sheetParts({ header, moneyColumns = [], widths = [] }: Omit<SheetSpec, 'rows' | 'sheetName'>) {
  const columns = header.map((_, i) => columnName(i));
  const money = new Set(moneyColumns);
  const cell = (value: CellValue, c: number, r: number, style = 0): string => {
    const ref = `${columns[c]}${r}`;
    if (value === null || value === undefined || value === '') return '';
    if (typeof value === 'number' && Number.isFinite(value)) {
      return `<c r="${ref}"${money.has(c) ? ' s="1"' : ''}><v>${value}</v></c>`;
    }
    return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
  };
  return {
    head:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>' +
      header
        .map(
          (h, i) =>
            `<col min="${i + 1}" max="${i + 1}" width="${widths[i] ?? Math.max(12, h.length + 4)}" customWidth="1"/>`,
        )
        .join('') +
      '</cols><sheetData>' +
      `<row r="1">${header.map((h, c) => cell(h, c, 1, 2)).join('')}</row>`,
    /** Rows as XML, the first of them numbered `firstRow` (the header is row 1). */
    rows(rows: Iterable<readonly CellValue[]>, firstRow: number): string {
      let xml = '';
      let r = firstRow;
      for (const row of rows) {
        xml += `<row r="${r}">`;
        for (let c = 0; c < row.length; c++) xml += cell(row[c], c, r);
        xml += '</row>';
        r++;
      }
      return xml;
    },
    tail: '</sheetData></worksheet>',
  };
}

/** The parts of the workbook around its sheets (`xl/worksheets/sheetN.xml`, N from 1). */
const workbookFiles = (sheetNames: readonly string[]): [string, string][] => {
  const numbers = sheetNames.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      CONTENT_TYPES.replace(
        `<Override PartName="/${SHEET_FILE}" ContentType="${SHEET_TYPE}"/>`,
        numbers
          .map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${SHEET_TYPE}"/>`)
          .join(''),
      ),
    ],
    ['_rels/.rels', ROOT_RELS],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetNames
        .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${numbers
        .map(
          (n) =>
            `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${numbers.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
};
const SHEET_FILE = 'xl/worksheets/sheet1.xml';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
const DEFLATE = { level: 3 };

/** The workbook of rows held in memory, at once (the ledger's exports). */
export const writeXlsx = (sheet: SheetSpec): Buffer => writeWorkbook([sheet]);

/** A workbook of several sheets, each held in memory (the pipeline analytics' tables). */
export function writeWorkbook(sheets: readonly SheetSpec[]): Buffer {
  const zip = new ZipParts();
  const out: Buffer[] = [];
  const parts: [string, string][] = [
    ...workbookFiles(sheets.map((s) => s.sheetName)),
    ...sheets.map(({ sheetName: _name, rows, ...columns }, i): [string, string] => {
      const sheet = sheetParts(columns);
      return [`xl/worksheets/sheet${i + 1}.xml`, sheet.head + sheet.rows(rows, 2) + sheet.tail];
    }),
  ];
  for (const [name, text] of parts) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, DEFLATE);
    out.push(zip.begin(name), packed, zip.end(crc32(data), packed.length, data.length));
  }
  out.push(zip.finish());
  return Buffer.concat(out);
}

/**
 * The same workbook written as its rows arrive, batch by batch (an export of 100,000 candidates): the sheet
 * is deflated as a stream, so that neither the rows nor the file are ever held whole.
 */
export async function* streamXlsx({
  sheetName,
  batches,
  ...columns
}: Omit<SheetSpec, 'rows'> & {
  batches: AsyncIterable<readonly (readonly CellValue[])[]>;
}): AsyncGenerator<Buffer> {
  const sheet = sheetParts(columns);
  const zip = new ZipParts();
  for (const [name, text] of workbookFiles([sheetName])) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, DEFLATE);
    yield zip.begin(name);
    yield packed;
    yield zip.end(crc32(data), packed.length, data.length);
  }
  yield zip.begin(SHEET_FILE);
  let crc = 0;
  let size = 0;
  let packedSize = 0;
  async function* xml() {
    const text = (part: string) => {
      const data = Buffer.from(part, 'utf8');
      crc = crc32(data, crc);
      size += data.length;
      return data;
    };
    yield text(sheet.head);
    let next = 2;
    for await (const batch of batches) {
      yield text(sheet.rows(batch, next));
      next += batch.length;
    }
    yield text(sheet.tail);
  }
  const deflate = createDeflateRaw(DEFLATE);
  // A failing source (the database) destroys the deflate stream, which ends the loop below with its error.
  pipeline(Readable.from(xml()), deflate, () => {});
  for await (const packed of deflate as AsyncIterable<Buffer>) {
    packedSize += packed.length;
    yield packed;
  }
  yield zip.end(crc, packedSize, size);
  yield zip.finish();
}

/**
 * A ZIP archive written front to back (deflated entries, no ZIP64: well under 4 GB): each entry's header,
 * then its data, then a descriptor with its checksum and sizes (known only once it is written), then the
 * directory of entries at the end.
 */
class ZipParts {
  private readonly directory: Buffer[] = [];
  private offset = 0;
  private entryOffset = 0;
  private name = Buffer.alloc(0);

  /** The entry's local header: checksum and sizes follow the data (flag bit 3). */
  begin(name: string): Buffer {
    this.name = Buffer.from(name, 'utf8');
    this.entryOffset = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0808, 6); // UTF-8 names, sizes in a data descriptor
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(this.name.length, 26);
    const header = Buffer.concat([local, this.name]);
    this.offset += header.length;
    return header;
  }

  /** The data descriptor after the entry's data, and its record in the directory. */
  end(crc: number, packedSize: number, size: number): Buffer {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(packedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    this.offset += packedSize + descriptor.length;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0808, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packedSize, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(this.name.length, 28);
    central.writeUInt32LE(this.entryOffset, 42);
    this.directory.push(central, this.name);
    return descriptor;
  }

  /** The directory and its end record. */
  finish(): Buffer {
    const size = this.directory.reduce((n, b) => n + b.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.directory.length / 2, 8);
    end.writeUInt16LE(this.directory.length / 2, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([...this.directory, end]);
  }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers a workbook (whole, or streamed as it is written) as the download `fileName`. */
export function sendWorkbook(reply: FastifyReply, fileName: string, data: Buffer | Readable) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(data);
}
