import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_SOURCES,
  CANDIDATE_TEMPLATE,
  normalEmail,
  type CandidateBulkRow,
} from '@portal/contracts';

/** A sheet row keyed by its header cell, as the sheet holds it. */
export type SheetRow = Record<string, unknown>;
type Column = (typeof CANDIDATE_TEMPLATE.columns)[number];

/** "Current_CTC", "current_ctc", "Current CTC" and "CURRENT_CTC" all name one column. */
const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A cell as text: trimmed; an Excel number without a trailing ".0" (9876543210, not "9876543210.0"). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value)
    .trim()
    .replace(/^(\d+)\.0+$/, '$1');
}

/** A numeric cell: blank or unreadable is 0 ("4.5 years" reads as 4.5). */
function cellNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const parsed = Number.parseFloat(cellText(value));
  return Number.isFinite(parsed) ? parsed : 0;
}

const orNull = (text: string) => (text === '' ? null : text);

/** The product's spelling of a source written in any case ("linkedin" → "LinkedIn"); Direct when blank. */
function sourceOf(text: string): string {
  if (text === '') return CANDIDATE_DEFAULTS.source;
  return CANDIDATE_SOURCES.find((s) => s.toLowerCase() === text.toLowerCase()) ?? text;
}

/** The row's "Answer: <question>" cells that hold an answer, keyed by the question as the header writes it. */
function answersOf(raw: SheetRow): Record<string, string> | null {
  const prefix = CANDIDATE_TEMPLATE.answerColumnPrefix.toLowerCase();
  const answers: Record<string, string> = {};
  for (const [header, value] of Object.entries(raw)) {
    if (!header.trim().toLowerCase().startsWith(prefix)) continue;
    const question = header.trim().slice(prefix.length).trim();
    const answer = cellText(value);
    if (question && answer) answers[question] = answer;
  }
  return Object.keys(answers).length > 0 ? answers : null;
}

/**
 * The sheet's rows as the bulk-upload API takes them (CandidateBulkRow): columns in either case;
 * e-mail trimmed and lower-cased; phone as text; numbers default to 0; status lower-cased, applied when
 * blank; source Direct when blank; Job_ID a number (or the job's title as written); "Answer: <question>"
 * columns as the answers. Every row goes: one without a name, an e-mail or a phone comes back from the
 * server as an error with its reason, rather than vanishing from the summary.
 */
export function normaliseRows(sheetRows: readonly SheetRow[]): CandidateBulkRow[] {
  return normaliseRowsKeepingPlace(sheetRows).map((r) => r.candidate);
}

/** As normaliseRows, each kept row with its index among the given rows (to name its sheet row). */
export function normaliseRowsKeepingPlace(
  sheetRows: readonly SheetRow[],
): { candidate: CandidateBulkRow; index: number }[] {
  const out: { candidate: CandidateBulkRow; index: number }[] = [];
  for (const [index, raw] of sheetRows.entries()) {
    const byKey = new Map<string, unknown>();
    for (const [header, value] of Object.entries(raw)) byKey.set(headerKey(header), value);
    const get = (column: Column) => byKey.get(headerKey(column));
    const text = (column: Column) => cellText(get(column));

    const name = text('Name').replace(/\s+/g, ' ');
    const email = normalEmail(text('Email'));
    const phone = text('Phone');
    const answers = answersOf(raw);

    const source = sourceOf(text('Source'));
    const jobText = text('Job_ID');
    const jobNumber = Number(jobText);
    const candidate: CandidateBulkRow = {
      name,
      email,
      phone,
      experience: cellNumber(get('Experience')),
      current_company: orNull(text('Current_Company')),
      current_ctc: cellNumber(get('Current_CTC')),
      expected_ctc: cellNumber(get('Expected_CTC')),
      // As written: the server refuses part days on the row rather than a guess storing another figure.
      notice_period: cellNumber(get('Notice_Period')),
      current_location: orNull(text('Current_Location')),
      preferred_location: orNull(text('Preferred_Location')),
      status: text('Status').toLowerCase() || CANDIDATE_DEFAULTS.status,
      source,
      // Referred By means something only for a referral (the single form shows it only then).
      referred_by: source === 'Referral' ? orNull(text('Referred_By')) : null,
      // A number when it reads as one; otherwise the text goes as written and the server reports the row.
      job_id: jobText !== '' && Number.isInteger(jobNumber) ? jobNumber : jobText,
      ...(answers ? { job_answers: answers } : {}),
    };
    out.push({ candidate, index });
  }
  return out;
}

/**
 * A sheet read as rows of cells (first row the headers) to rows keyed by header. Blank header cells
 * and rows with no value at all are skipped.
 */
export function sheetToRows(data: readonly (readonly unknown[])[]): SheetRow[] {
  return sheetToNumberedRows(data).map((r) => r.row);
}

/** As sheetToRows, each row with its number in the sheet (the header is row 1). */
export function sheetToNumberedRows(
  data: readonly (readonly unknown[])[],
): { row: SheetRow; number: number }[] {
  const [headerRow, ...body] = data;
  if (!headerRow) return [];
  const headers = headerRow.map((h) => cellText(h));
  const rows: { row: SheetRow; number: number }[] = [];
  for (const [i, cells] of body.entries()) {
    const row: SheetRow = {};
    let filled = false;
    headers.forEach((header, i) => {
      if (!header) return;
      const value = cells[i];
      row[header] = value ?? null;
      if (cellText(value) !== '') filled = true;
    });
    if (filled) rows.push({ row, number: i + 2 });
  }
  return rows;
}
