import { describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES as M, CANDIDATE_TEMPLATE } from '@portal/contracts';
import { readCandidateSheet } from './readSheet.ts';
import { adminFile } from '../../../../test/render.tsx';
import { makeSheet, makeZip } from './testFiles.ts';

const blob = (bytes: Uint8Array<ArrayBuffer> | ArrayBuffer) => new Blob([bytes]);

describe('readCandidateSheet', () => {
  it('reads an .xlsx sheet into normalised rows, incomplete ones too (the server names what is missing)', async () => {
    const sheet = makeSheet([
      { name: 'Asha Rao', email: ' ASHA@x.in', phone: 9876543210, experience: 4, job_id: 2 },
      { name: 'No Phone', email: 'np@x.in', phone: '', experience: 1, job_id: 2 },
    ]);
    const { candidates: rows, rowNumbers } = await readCandidateSheet(blob(sheet));
    expect(rowNumbers).toEqual([2, 3]);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Asha Rao',
        email: 'asha@x.in',
        phone: '9876543210',
        experience: 4,
        job_id: 2,
      }),
      expect.objectContaining({ name: 'No Phone', phone: '' }),
    ]);
  });

  it("reads the server's template back as its one sample row", async () => {
    const template = await adminFile('/api/candidates/bulk-template.xlsx');
    const { candidates: rows } = await readCandidateSheet(blob(template));
    // The server's sample row (apps/server/src/modules/candidates/template.ts).
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'John Doe',
        email: 'john.doe@example.com',
        phone: '9876543210',
        experience: 3.5,
        job_id: 1,
      }),
    ]);
  });

  it('says so when the sheet has no data; a row with a name only goes, for the server to say what is missing', async () => {
    await expect(readCandidateSheet(blob(makeSheet([], [...CANDIDATE_TEMPLATE.columns])))).rejects.toThrow(
      M.noData,
    );
    const { candidates } = await readCandidateSheet(
      blob(makeSheet([{ Name: 'Only a name', Email: '', Phone: '' }])),
    );
    expect(candidates).toEqual([expect.objectContaining({ name: 'Only a name', email: '', phone: '' })]);
  });

  it('explains that an old .xls cannot be read, and refuses what is not a workbook', async () => {
    const ole = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0);
    await expect(readCandidateSheet(blob(ole))).rejects.toThrow(M.excelOldFormat);
    await expect(readCandidateSheet(new Blob(['Name,Email\nA,a@x.in']))).rejects.toThrow(M.excelOnly);
    await expect(readCandidateSheet(blob(await makeZip({ 'a.txt': 'not a workbook' })))).rejects.toThrow(
      M.excelUnreadable,
    );
  });
});
