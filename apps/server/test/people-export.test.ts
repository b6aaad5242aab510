import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  CANDIDATE_MESSAGES as M,
  PEOPLE_EXPORT,
  type Candidate,
  type Job,
  type Person,
} from '@portal/contracts';
import { createPeople } from '../src/modules/people/store.ts';
import { downloadedWorkbook, requester, setupTestApp, type TestContext } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

/**
 * The talent pool's export: people_list.xlsx, one row per person with their applications summed up, the
 * pool's own filters applied, read back as a user would open it.
 */
const ctx: TestContext = setupTestApp();
const send = requester(ctx);
let recruiter: Awaited<ReturnType<TestContext['createUser']>>;
let javaLead: Job;
let platform: Job;
let asha: Candidate;
let vikram: Candidate;
let neha: Candidate;

/** The day as a person in India reads it, "Mar 05, 2024", worked out apart from the server's own helper. */
const indianDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

const sheetRows = async (query: string, token = recruiter.token) => {
  const book = await downloadedWorkbook(ctx, `/api/people/export${query}`, token, PEOPLE_EXPORT.fileName);
  expect(book.SheetNames).toEqual([PEOPLE_EXPORT.sheetName]);
  const [header, ...rows] = XLSX.utils.sheet_to_json<(string | number)[]>(
    book.Sheets[PEOPLE_EXPORT.sheetName]!,
    { header: 1 },
  );
  expect(header).toEqual([...PEOPLE_EXPORT.columns]);
  return rows;
};
const namesIn = async (query: string) => (await sheetRows(query)).map((r) => r[0]);
const person = async (id: number) =>
  (await send('GET', `/api/people/${id}`, recruiter.token)).json() as Person;

beforeAll(async () => {
  recruiter = await ctx.createUser();
  const skills = await createSkills(ctx, ['Java']);
  const job = async (title: string) =>
    createJob(ctx, ctx.adminToken, { ...jobBody([skills.Java!]), title, questions: [] });
  javaLead = await job('Java Lead');
  platform = await job('Platform <Engineer> & SRE');
  asha = await createCandidate(ctx, recruiter.token, javaLead.id, {
    name: 'Pool Asha Menon',
    experience: 4.5,
    current_company: null,
    current_ctc: 12.5,
    expected_ctc: null,
    notice_period: 30,
    current_location: 'Karnataka, Bengaluru Urban',
    preferred_location: null,
    job_answers: {},
  });
  // Asha goes on to screening for the Java Lead and is put forward for the platform job too.
  const moved = await send('PATCH', `/api/candidates/${asha.uuid}/status`, recruiter.token, {
    status: 'screening',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const added = await send('POST', `/api/people/${asha.person_id}/applications`, recruiter.token, {
    jobId: platform.id,
  });
  expect(added.statusCode, added.body).toBe(201);
  vikram = await createCandidate(ctx, recruiter.token, platform.id, {
    name: 'Pool Vikram Rao',
    experience: 8,
    current_company: 'Infosys',
    current_ctc: 30,
    expected_ctc: 40,
    notice_period: null,
    current_location: 'Maharashtra, Pune',
    preferred_location: 'Karnataka, Bengaluru Urban',
    job_answers: {},
  });
  neha = await createCandidate(ctx, recruiter.token, javaLead.id, {
    name: 'Pool Neha Iyer',
    experience: 2,
    current_location: 'Tamil Nadu, Chennai',
    preferred_location: null,
    job_answers: {},
  });
});

describe('the people export', () => {
  it('writes people_list.xlsx: one row per person, newest first, with their jobs and last activity', async () => {
    const [a, v, n] = [
      await person(asha.person_id),
      await person(vikram.person_id),
      await person(neha.person_id),
    ];
    const rows = await sheetRows('?search=Pool');
    expect(rows).toEqual([
      [
        'Pool Neha Iyer',
        neha.email,
        neha.phone,
        2,
        'Infosys',
        '₹12 LPA',
        '₹18 LPA',
        '30 days',
        'Tamil Nadu, Chennai',
        'N/A',
        1,
        'Java Lead (Applied)',
        indianDay(n.updatedAt),
      ],
      [
        'Pool Vikram Rao',
        vikram.email,
        vikram.phone,
        8,
        'Infosys',
        '₹30 LPA',
        '₹40 LPA',
        'N/A',
        'Maharashtra, Pune',
        'Karnataka, Bengaluru Urban',
        1,
        'Platform <Engineer> & SRE (Applied)',
        indianDay(v.updatedAt),
      ],
      [
        'Pool Asha Menon',
        asha.email,
        asha.phone,
        4.5,
        'N/A',
        '₹12.5 LPA',
        'N/A',
        '30 days',
        'Karnataka, Bengaluru Urban',
        'N/A',
        2,
        'Java Lead (Screening); Platform <Engineer> & SRE (Applied)',
        indianDay(a.updatedAt),
      ],
    ]);
    expect(String(rows[0]![12])).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
  });

  it("applies the pool's filters, as GET /api/people does", async () => {
    expect(await namesIn('?search=Pool&minExperience=3&maxExperience=8')).toEqual([
      'Pool Vikram Rao',
      'Pool Asha Menon',
    ]);
    expect(await namesIn('?search=Pool&maxExpectedCtc=20')).toEqual(['Pool Neha Iyer']);
    expect(await namesIn('?search=Pool&maxNotice=30')).toEqual(['Pool Neha Iyer', 'Pool Asha Menon']);
    // Current or preferred location.
    expect(await namesIn('?search=Pool&location=Bengaluru')).toEqual(['Pool Vikram Rao', 'Pool Asha Menon']);
    expect(await namesIn('?search=Pool&furthestStage=screening')).toEqual(['Pool Asha Menon']);
    expect(await namesIn('?search=Vikram')).toEqual(['Pool Vikram Rao']);
    // Nothing changed after tomorrow: the header alone.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await sheetRows(`?search=Pool&activeSince=${tomorrow}`)).toEqual([]);
    // The same people as the pool's list, whatever the page.
    const listed = (await send('GET', '/api/people?search=Pool&location=Bengaluru', recruiter.token)).json();
    expect(listed.total).toBe(2);
  });

  it('reads the pool a batch at a time: every person once, each with their own jobs', async () => {
    // More people than one batch holds, made straight in the table (no application, so no job), newer
    // than the three above: those three come in the last batch, with their jobs.
    const many = 1203;
    await createPeople(
      ctx.app.db,
      Array.from({ length: many }, (_, i) => ({
        name: `Batch ${String(i).padStart(4, '0')}`,
        email: `batch.${i}@example.com`,
        phone: `8${String(i).padStart(9, '0')}`,
        phone_key: `8${String(i).padStart(9, '0')}`,
        experience: 1,
        current_company: null,
        current_ctc: null,
        expected_ctc: null,
        notice_period: null,
        current_location: 'Kerala, Kochi',
        preferred_location: null,
        image_url: null,
        resume_url: null,
      })),
    );
    const rows = await sheetRows('');
    expect(rows.map((r) => r[0])).toEqual([
      ...Array.from({ length: many }, (_, i) => `Batch ${String(many - 1 - i).padStart(4, '0')}`),
      'Pool Neha Iyer',
      'Pool Vikram Rao',
      'Pool Asha Menon',
    ]);
    expect(new Set(rows.slice(0, many).map((r) => `${r[10]} ${r[11]}`))).toEqual(new Set(['0 N/A']));
    expect(rows.slice(many).map((r) => r[11])).toEqual([
      'Java Lead (Applied)',
      'Platform <Engineer> & SRE (Applied)',
      'Java Lead (Screening); Platform <Engineer> & SRE (Applied)',
    ]);
  });

  it('refuses wrong filters before writing anything, and anyone signed out', async () => {
    for (const [query, message] of [
      ['minExperience=8&maxExperience=2', M.filterExperienceOrder],
      ['furthestStage=rejected', null],
      ['furthestStage=hired', null],
      ['activeSince=yesterday', null],
      ['maxNotice=-1', null],
      ['page=2', null],
    ] as const) {
      const res = await send('GET', `/api/people/export?${query}`, recruiter.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      if (message) expect(res.json().message).toBe(message);
    }
    // The list refuses the same experience range, with the same words.
    const list = await send('GET', '/api/people?minExperience=8&maxExperience=2', recruiter.token);
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe(M.filterExperienceOrder);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/people/export' })).statusCode).toBe(401);
  });
});
