import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { CANDIDATES_EXPORT, type CandidateExportRow } from '@portal/contracts';
import { candidatesWorkbook } from './export.ts';

const asha: CandidateExportRow = {
  id: 42,
  name: 'Asha Menon',
  email: 'asha@example.com',
  phone: '9876543210',
  job_title: 'Data <Engineer> & Analyst',
  status: 'shortlisted',
  source: 'LinkedIn',
  experience: 4.5,
  current_company: null,
  current_ctc: 12.5,
  expected_ctc: null,
  notice_period: 30,
  current_location: 'Karnataka, Bengaluru Urban',
  preferred_location: null,
  // 20:00 UTC is already the next day in India.
  createdAt: '2024-03-04T20:00:00.000Z',
  created_by: null,
};

async function* batchesOf(...batches: CandidateExportRow[][]) {
  for (const batch of batches) yield batch;
}

async function sheetOf(stream: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  const book = XLSX.read(Buffer.concat(parts), { type: 'buffer' });
  expect(book.SheetNames).toEqual([CANDIDATES_EXPORT.sheetName]);
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[CANDIDATES_EXPORT.sheetName]!, { header: 1 });
}

describe('the candidates workbook', () => {
  it('fills the 16 columns: N/A for missing, ₹ on CTC, days on notice, the day in India like Mar 05, 2024', async () => {
    const [header, row] = await sheetOf(candidatesWorkbook(batchesOf([asha])));
    expect(header).toEqual([...CANDIDATES_EXPORT.columns]);
    expect(row).toEqual([
      42,
      'Asha Menon',
      'asha@example.com',
      '9876543210',
      'Data <Engineer> & Analyst',
      'Shortlisted',
      'LinkedIn',
      4.5,
      'N/A',
      '₹12.5 LPA',
      'N/A',
      '30 days',
      'Karnataka, Bengaluru Urban',
      'N/A',
      'Mar 05, 2024',
      'N/A',
    ]);
  });

  it('writes every row of every batch in order, and a header alone when nothing matched', async () => {
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...asha, id: from + i, name: `Person ${from + i}` }));
    const rows = await sheetOf(candidatesWorkbook(batchesOf(batch(1, 700), [], batch(701, 500))));
    expect(rows).toHaveLength(1201);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(await sheetOf(candidatesWorkbook(batchesOf()))).toEqual([[...CANDIDATES_EXPORT.columns]]);
  });
});
