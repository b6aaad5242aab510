import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  CANDIDATE_MESSAGES as M,
  CANDIDATE_TEMPLATE,
  type Job,
  type JobCreate,
  type SkillPage,
} from '@portal/contracts';
import { launchBrowser, shot } from './browser.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { fakePdf, makeSheet, makeZip } from '../src/features/candidates/bulk/testFiles.ts';

const base = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    // A DELETE goes without a body, so without a content type (the API refuses an empty JSON body).
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

async function createJob(title: string, questions: string[] = []): Promise<Job> {
  const skills = await call<SkillPage>('GET', '/api/skills?pageSize=1000');
  return call<Job>('POST', '/api/jobs', {
    title,
    type: 'Full-time',
    description: 'Backend engineers for a payments team, hired in bulk.',
    state: 'KA',
    city: 'Bengaluru Urban',
    minSalary: 1_200_000,
    maxSalary: 2_000_000,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    experienceRange: [2, 6],
    interviewRounds: ['Shortlisting'],
    skillIds: [skills.items[0]!.id],
    questions,
    clientName: 'Nimbus Payments',
    clientEmail: 'talent@nimbus.example',
    clientLocation: 'Bengaluru',
  } satisfies JobCreate);
}

async function signIn(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}

async function openBulkTab(page: Page) {
  await page.goto(`${base}/admin/recruitments/candidates/add`);
  await page.getByRole('tab', { name: 'Bulk Upload' }).click();
  await page.getByRole('heading', { name: 'Bulk Upload' }).waitFor();
}

async function pickFiles(page: Page, sheet: Uint8Array, zip: Uint8Array) {
  await page.getByLabel(/^Excel file/).setInputFiles({
    name: 'candidates.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(sheet),
  });
  await page.getByLabel(/^Resumes ZIP file/).setInputFiles({
    name: 'resumes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
}

/** A figure of the summary dialog ("Added" → "20"). */
const stat = (summary: Locator, label: string) =>
  summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();

const FIRST = ['Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Sneha', 'Arjun', 'Isha', 'Vihaan', 'Tara'];
const LAST = ['Sharma', 'Iyer'];

/** 20 candidates for the job, and their resumes named in the ways people name them. */
async function twentyCandidates(jobId: number, tag: string) {
  const people = LAST.flatMap((last) => FIRST.map((first) => `${first} ${last}`));
  const rows = people.map((name, i) => ({
    Name: name,
    Email: `${name.replace(' ', '.').toLowerCase()}.${tag}@example.com`,
    Phone: 9_700_000_000 + Number(`${Date.now() % 100_000}`) * 100 + i,
    Experience: 2 + (i % 5),
    Current_Company: 'Acme Technologies',
    Current_CTC: 10 + i,
    Expected_CTC: 14 + i,
    Notice_Period: 30,
    Current_Location: 'Karnataka, Bengaluru Urban',
    Status: '',
    Source: i % 2 ? 'linkedin' : '',
    Job_ID: jobId,
  }));
  const files: Record<string, Uint8Array> = {};
  people.forEach((name, i) => {
    const fileName =
      i % 3 === 0
        ? `${name.replace(' ', '_')}.pdf`
        : i % 3 === 1
          ? `cvs/${name.toUpperCase()}.pdf`
          : `CV - ${name}.pdf`;
    files[fileName] = fakePdf(name);
  });
  return { people, sheet: makeSheet(rows), zip: await makeZip(files) };
}

describe('bulk upload in the browser', () => {
  it('adds 20 candidates from a sheet and a ZIP, each resume reaching success, with the summary', async () => {
    const job = await createJob(`Payments Engineer ${Date.now().toString(36)}`);
    const { people, sheet, zip } = await twentyCandidates(job.id, Date.now().toString(36));
    const page = await signIn();
    await openBulkTab(page);
    await shot(page, 'bulk-01-empty');
    await pickFiles(page, sheet, zip);
    await page.getByText('candidates.xlsx').waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();

    const summary = page.getByRole('dialog', { name: 'Bulk Upload Summary' });
    await summary.waitFor({ timeout: 60_000 });
    expect(await stat(summary, 'Added')).toBe('20');
    expect(await stat(summary, 'Duplicates')).toBe('0');
    await page.getByText(M.bulkDone).waitFor();
    await shot(page, 'bulk-02-summary-light');
    await expectNoSeriousA11yViolations(page, 'bulk summary');
    await summary.getByRole('button', { name: 'Close' }).click();

    const table = page.getByRole('table');
    for (const name of people) {
      await expect
        .poll(() => table.getByRole('row').filter({ hasText: name }).getByText('Success').count())
        .toBe(1);
    }
    await page.getByText('20 of 20 resumes attached').waitFor();
    await shot(page, 'bulk-03-progress-light');
    await expectNoSeriousA11yViolations(page, 'bulk progress');

    // The candidates are the job's, with their resumes.
    const list = await call<{ total: number; items: { resume_url: string | null }[] }>(
      'GET',
      `/api/candidates/job/${job.id}?pageSize=50`,
    );
    expect(list.total).toBe(20);
    expect(list.items.every((c) => c.resume_url?.startsWith('/api/files/'))).toBe(true);

    // The same sheet again: everyone is a duplicate, in the dark theme.
    await page.getByRole('button', { name: 'Clear Results' }).click();
    await switchToDarkTheme(page);
    await pickFiles(page, sheet, zip);
    await page.getByRole('button', { name: 'Upload' }).click();
    await summary.waitFor({ timeout: 60_000 });
    expect(await stat(summary, 'Duplicates')).toBe('20');
    await shot(page, 'bulk-04-duplicates-dark');
    await expectNoSeriousA11yViolations(page, 'bulk summary (dark)');
  });

  it('refuses a ZIP holding ../x.pdf with its message, on a phone', async () => {
    const job = await createJob(`Unsafe Zip ${Date.now().toString(36)}`);
    const page = await signIn(PHONE);
    await openBulkTab(page);
    await shot(page, 'bulk-05-phone-empty');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(CANDIDATE_TEMPLATE.fileName);
    await page.getByText(M.templateDownloaded).waitFor();
    await expectNoHorizontalScroll(page, 'bulk upload on a phone');
    const sheet = makeSheet([
      { Name: 'Zip Slip', Email: `zip.slip.${Date.now()}@example.com`, Phone: '9811122233', Job_ID: job.id },
    ]);
    await pickFiles(page, sheet, await makeZip({ '../x.pdf': fakePdf('x') }));
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.field-error', { hasText: M.zipUnsafePath }).waitFor();
    await shot(page, 'bulk-06-phone-unsafe-zip');
    await expectNoHorizontalScroll(page, 'bulk upload error on a phone');
    await expectNoSeriousA11yViolations(page, 'bulk upload on a phone');
    const list = await call<{ total: number }>('GET', `/api/candidates/job/${job.id}`);
    expect(list.total).toBe(0);
  });

  it('reports every row and every unmatched file, takes a job by title with answers, and the imported candidate can be edited', async () => {
    const tag = Date.now().toString(36);
    const question = 'Are you willing to relocate?';
    const job = await createJob(`Ledger Analyst ${tag}`, [question]);
    const phone = (i: number) => `97${String(Date.now() % 1_000_000).padStart(6, '0')}${i}0`;
    const sheet = makeSheet([
      {
        Name: `Nila Varma`,
        Email: `nila.${tag}@example.com`,
        Phone: phone(1),
        Job_ID: job.title.toUpperCase(),
        [`${CANDIDATE_TEMPLATE.answerColumnPrefix} ${question}`]: 'Yes, to Pune',
      },
      { Name: 'Omar Sheikh', Email: '', Phone: phone(2), Job_ID: job.id },
      { Name: 'Pooja Menon', Email: `pooja.${tag}@example.com`, Phone: phone(3), Job_ID: job.id },
    ]);
    const zip = await makeZip({ 'Nila_Varma.pdf': fakePdf('Nila'), 'Stray_Resume.pdf': fakePdf('Stray') });
    const page = await signIn();

    // The job's details show the ID a sheet may name it by.
    await page.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
    const idTerm = page.locator('dt', { hasText: 'Job ID' });
    await idTerm.waitFor();
    expect(await idTerm.locator('xpath=following-sibling::dd[1]').textContent()).toBe(String(job.id));

    await openBulkTab(page);
    await page.getByText(/exact title/).waitFor();
    await pickFiles(page, sheet, zip);
    await page.getByRole('button', { name: 'Upload' }).click();
    const summary = page.getByRole('dialog', { name: 'Bulk Upload Summary' });
    await summary.waitFor({ timeout: 60_000 });
    // Three rows, three outcomes: none vanishes.
    expect(await stat(summary, 'Added')).toBe('2');
    expect(await stat(summary, 'Duplicates')).toBe('0');
    expect(await stat(summary, 'Errors')).toBe('1');
    await summary.getByText('Row 3: Omar Sheikh').waitFor();
    await summary.getByText(M.emailRequired).waitFor();
    await summary.getByRole('heading', { name: /Unmatched files/ }).waitFor();
    await summary.getByText('Stray_Resume.pdf').waitFor();
    await shot(page, 'bulk-07-every-row');
    await expectNoSeriousA11yViolations(page, 'bulk summary with unmatched files');
    await summary.getByRole('button', { name: 'Close' }).click();

    const list = await call<{ items: { uuid: string; name: string; job_answers: Record<string, string> }[] }>(
      'GET',
      `/api/candidates/job/${job.id}?pageSize=50`,
    );
    const nila = list.items.find((c) => c.name === 'Nila Varma')!;
    const pooja = list.items.find((c) => c.name === 'Pooja Menon')!;
    expect(nila.job_answers).toEqual({ [question]: 'Yes, to Pune' });

    // Pooja came without answers: her phone and notes can still be edited.
    await page.goto(`${base}/admin/recruitments/candidates/edit/${pooja.uuid}`);
    const phoneField = page.getByRole('textbox', { name: /^Phone/ });
    await phoneField.waitFor();
    await phoneField.fill(`+91 ${phone(4)}`);
    await page.getByRole('textbox', { name: /Notes/ }).fill('Called: sends the resume tomorrow');
    await page.getByRole('button', { name: 'Update Candidate' }).click();
    await page.getByText(M.updated).waitFor();
    expect(await page.getByText(M.answerRequired).count()).toBe(0);

    for (const c of list.items) await call('DELETE', `/api/candidates/${c.uuid}`);
    await call('DELETE', `/api/jobs/${job.id}`);
    await page.context().close();
  });
});
