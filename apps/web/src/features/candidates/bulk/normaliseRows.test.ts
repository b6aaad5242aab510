import { describe, expect, it } from 'vitest';
import {
  normaliseRows,
  normaliseRowsKeepingPlace,
  sheetToNumberedRows,
  sheetToRows,
} from './normaliseRows.ts';

describe('normaliseRows', () => {
  it('reads capitalised and lower-case columns alike', () => {
    const [upper] = normaliseRows([
      { Name: 'Asha Rao', Email: 'asha@x.in', Phone: '9876543210', Current_CTC: 8, Job_ID: 3 },
    ]);
    const [lower] = normaliseRows([
      { name: 'Asha Rao', email: 'asha@x.in', phone: '9876543210', current_ctc: 8, job_id: 3 },
    ]);
    expect(upper).toEqual(lower);
    expect(upper).toMatchObject({ name: 'Asha Rao', current_ctc: 8, job_id: 3 });
  });

  it('trims and lower-cases the e-mail, trims the phone and turns an Excel number into text', () => {
    const rows = normaliseRows([
      { Name: ' Ravi  Kumar ', Email: '  Ravi.Kumar@Example.COM ', Phone: ' +91 98450 12345 ', Job_ID: '7' },
      { Name: 'Meena', Email: 'm@x.in', Phone: 9876543210, Job_ID: 7 },
      { Name: 'Kiran', Email: 'k@x.in', Phone: '9876543211.0', Job_ID: 7 },
    ]);
    expect(rows.map((r) => [r.name, r.email, r.phone, r.job_id])).toEqual([
      ['Ravi Kumar', 'ravi.kumar@example.com', '+91 98450 12345', 7],
      ['Meena', 'm@x.in', '9876543210', 7],
      ['Kiran', 'k@x.in', '9876543211', 7],
    ]);
  });

  it('gives numbers 0, status applied and source Direct when blank; lower-cases the status', () => {
    const [blank, given] = normaliseRows([
      { Name: 'A', Email: 'a@x.in', Phone: '9000000001', Experience: '', Status: '', Source: null },
      {
        Name: 'B',
        Email: 'b@x.in',
        Phone: '9000000002',
        Experience: '4.5 years',
        Notice_Period: '30',
        Status: 'Shortlisted',
        Source: 'linkedin',
      },
    ]);
    expect(blank).toMatchObject({
      experience: 0,
      current_ctc: 0,
      expected_ctc: 0,
      notice_period: 0,
      status: 'applied',
      source: 'Direct',
      current_company: null,
    });
    expect(given).toMatchObject({
      experience: 4.5,
      notice_period: 30,
      status: 'shortlisted',
      source: 'LinkedIn',
    });
  });

  it('sends a notice period of part days as written, for the server to refuse on its row', () => {
    const [row] = normaliseRows([{ Name: 'A', Email: 'a@x.in', Phone: '9000000001', Notice_Period: '1.5' }]);
    expect(row!.notice_period).toBe(1.5);
  });

  it('keeps Referred By only for a referral', () => {
    const [referral, direct] = normaliseRows([
      { Name: 'A', Email: 'a@x.in', Phone: '9000000001', Source: 'Referral', Referred_By: 'Latha' },
      { Name: 'B', Email: 'b@x.in', Phone: '9000000002', Source: 'Direct', Referred_By: 'Latha' },
    ]);
    expect(referral!.referred_by).toBe('Latha');
    expect(direct!.referred_by).toBeNull();
  });

  it('keeps rows missing a name, an e-mail or a phone: the server reports each with its reason', () => {
    const rows = normaliseRows([
      { Name: '', Email: 'a@x.in', Phone: '1' },
      { Name: 'B', Email: ' ', Phone: '2' },
      { Name: 'C', Email: 'c@x.in' },
      { Name: 'D', Email: 'd@x.in', Phone: '9000000004' },
    ]);
    expect(rows.map((r) => [r.name, r.email, r.phone])).toEqual([
      ['', 'a@x.in', '1'],
      ['B', '', '2'],
      ['C', 'c@x.in', ''],
      ['D', 'd@x.in', '9000000004'],
    ]);
  });

  it('reads "Answer: <question>" columns as the answers, and a job title as written', () => {
    const [row, none] = normaliseRows([
      {
        Name: 'A',
        Email: 'a@x.in',
        Phone: '9000000001',
        Job_ID: 'Python Data Analyst',
        'Answer: Are you willing to relocate?': 'Yes',
        'answer:Notice negotiable?': ' ',
      },
      { Name: 'B', Email: 'b@x.in', Phone: '9000000002', Job_ID: 3 },
    ]);
    expect(row).toMatchObject({
      job_id: 'Python Data Analyst',
      job_answers: { 'Are you willing to relocate?': 'Yes' },
    });
    expect(none).not.toHaveProperty('job_answers');
  });
});

describe('sheetToRows', () => {
  it('keys cells by the header row and skips empty rows', () => {
    expect(
      sheetToRows([
        ['Name', 'Email', null],
        ['A', 'a@x.in', 'ignored: no header'],
        [null, '', null],
        ['B', null],
      ]),
    ).toEqual([
      { Name: 'A', Email: 'a@x.in' },
      { Name: 'B', Email: null },
    ]);
  });
});

describe('row places', () => {
  it('keeps the sheet row number of each candidate', () => {
    const numbered = sheetToNumberedRows([
      ['Name', 'Email', 'Phone'],
      ['A', 'a@x.in', '9000000001'],
      [null, null, null],
      ['B', '', '9000000002'],
      ['C', 'c@x.in', '9000000003'],
    ]);
    expect(numbered.map((r) => r.number)).toEqual([2, 4, 5]);
    const kept = normaliseRowsKeepingPlace(numbered.map((r) => r.row));
    expect(kept.map((k) => [k.candidate.name, numbered[k.index]!.number])).toEqual([
      ['A', 2],
      ['B', 4],
      ['C', 5],
    ]);
  });
});
