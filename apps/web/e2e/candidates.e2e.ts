import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { CANDIDATE_MESSAGES as M, CANDIDATES_EXPORT, SHARE_TEXTS, type Job } from '@portal/contracts';
import { launchBrowser, shot } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const WORD = `Zephyr${Date.now().toString(36)}`;
const ADDED = { name: 'Meera Pillai', email: `meera.${WORD.toLowerCase()}@example.com`, phone: '9876501234' };
const OTHER = { name: 'Ravi Kumar', email: `ravi.${WORD.toLowerCase()}@example.com`, phone: '9876505678' };
const LIST = '/admin/recruitments/candidates';
let browser: Browser;
let job: Job;

beforeAll(async () => {
  browser = await launchBrowser();
  job = await createJob(base, { title: `${WORD} Data Engineer`, questions: ['Why do you want this role?'] });
  await createCandidate(base, {
    ...OTHER,
    experience: 6,
    job_id: job.id,
    job_answers: { 'Why do you want this role?': 'Scale' },
    source: 'Naukri',
  });
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('candidates in the browser', () => {
  let detailsPath = '';

  it('an admin adds a candidate through the form and moves it to shortlisted', async () => {
    const page = await signIn();
    await page.goto(`${base}${LIST}`);
    await page.getByRole('heading', { name: 'Candidates' }).waitFor();
    await page.getByRole('link', { name: 'Add Candidate' }).click();
    await page.waitForURL('**/candidates/add');
    await page.getByRole('tab', { name: 'Bulk Upload' }).waitFor();

    await page.getByRole('textbox', { name: /^Full Name/ }).fill(ADDED.name);
    await page.getByRole('textbox', { name: /^Email/ }).fill(ADDED.email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill(ADDED.phone);
    await page.getByRole('spinbutton', { name: /^Experience/ }).fill('4.5');
    await page.getByRole('textbox', { name: 'Current Company' }).fill('Acme Analytics');
    await page.getByRole('spinbutton', { name: 'Expected CTC (LPA)' }).fill('18');
    await page.getByRole('spinbutton', { name: 'Notice Period (days)' }).fill('30');
    await page.getByRole('combobox', { name: 'Current State' }).selectOption('KA');
    const district = page.getByRole('combobox', { name: 'Current District' });
    await expect.poll(() => district.isEnabled()).toBe(true);
    await district.selectOption('Bengaluru Urban');
    await page.getByRole('combobox', { name: /^Job Position/ }).selectOption(String(job.id));
    await page.getByRole('textbox', { name: /^Why do you want this role\?/ }).fill('The data platform');
    await page.getByRole('combobox', { name: 'Source' }).selectOption('Referral');
    await page.getByRole('textbox', { name: 'Referred By' }).fill('Anil');
    await page.getByLabel('Resume').setInputFiles({
      name: 'meera.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByText(M.resumeSelected).waitFor();
    await page.getByRole('button', { name: 'Add Candidate' }).click();
    await page.getByText(M.added).waitFor();
    await page.waitForURL(`**${LIST}`);

    await page.getByRole('searchbox', { name: 'Search candidates' }).fill(WORD);
    await row(page, ADDED.name).waitFor();
    await row(page, OTHER.name).waitFor();
    await page.getByRole('combobox', { name: `Status of ${ADDED.name}` }).selectOption('shortlisted');
    await page.getByText(M.statusUpdated('shortlisted')).waitFor();
    await shot(page, 'candidates-01-list');
    await expectNoSeriousA11yViolations(page, 'candidates list');
  });

  it('rejects another candidate through the dialog', async () => {
    const page = await signIn();
    await page.goto(`${base}${LIST}?search=${WORD}`);
    await page.getByRole('combobox', { name: `Status of ${OTHER.name}` }).selectOption('rejected');
    const dialog = page.getByRole('dialog', { name: 'Reject Candidate' });
    await dialog.getByRole('button', { name: 'Reject Candidate' }).click();
    await dialog.getByText(M.rejectionReasonRequired).waitFor();
    await shot(page, 'candidates-02-rejection-dialog');
    await expectNoSeriousA11yViolations(page, 'rejection dialog');
    await dialog.getByRole('combobox', { name: /^Rejection Reason/ }).selectOption('Salary Expectations');
    await dialog.getByRole('combobox', { name: /^Rejection Stage/ }).selectOption('HR Round');
    await dialog.getByRole('textbox', { name: /^Comments/ }).fill('Expects well above the band');
    await dialog.getByRole('button', { name: 'Reject Candidate' }).click();
    await page.getByText(M.rejected).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: `Status of ${OTHER.name}` }).count()).toBe(0);
  });

  it("shares the shortlist from the job's Candidates tab", async () => {
    const page = await signIn();
    await page.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
    await page.getByRole('tab', { name: 'Candidates' }).click();
    await row(page, ADDED.name).waitFor();
    await page.getByRole('button', { name: 'Share Shortlisted' }).click();
    // The preview names the client and the candidate; nothing goes until it is confirmed.
    const preview = page.getByRole('dialog', { name: 'Share shortlisted candidates' });
    await preview.getByRole('button', { name: 'Send 1 to client' }).click();
    await page.getByText(M.sharedQueued(1)).waitFor();
    // The links it sent are shown once; then back to the tab.
    await page
      .getByRole('dialog', { name: SHARE_TEXTS.resultTitle })
      .getByRole('button', { name: SHARE_TEXTS.done })
      .click();
    await row(page, ADDED.name).getByText('Shared').waitFor();
    await shot(page, 'candidates-03-job-tab');
    await expectNoSeriousA11yViolations(page, "job's candidates tab");
  });

  it('exports the filtered list to candidates_list.xlsx with its 16 columns', async () => {
    const page = await signIn();
    await page.goto(`${base}${LIST}?search=${WORD}`);
    await row(page, ADDED.name).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(CANDIDATES_EXPORT.fileName);
    const file = join(mkdtempSync(join(tmpdir(), 'cand-export-')), CANDIDATES_EXPORT.fileName);
    await download.saveAs(file);
    const book = XLSX.readFile(file);
    expect(book.SheetNames).toEqual([CANDIDATES_EXPORT.sheetName]);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[CANDIDATES_EXPORT.sheetName]!, { header: 1 });
    expect(rows[0]).toEqual([...CANDIDATES_EXPORT.columns]);
    expect(rows).toHaveLength(3);
    const meera = rows.find((r) => r[1] === ADDED.name)!;
    expect(meera[10]).toBe('₹18 LPA');
    expect(meera[11]).toBe('30 days');
    expect(meera[9]).toBe('N/A');

    await page.getByRole('link', { name: `View ${ADDED.name}` }).click();
    await page.getByRole('heading', { name: ADDED.name, level: 1 }).waitFor();
    detailsPath = new URL(page.url()).pathname;
    await page.getByText('The data platform').waitFor();
    await page.getByRole('list', { name: 'Status history' }).getByText('Applied → Shortlisted').waitFor();
    await shot(page, 'candidates-04-details');
    await expectNoSeriousA11yViolations(page, 'candidate details');
  });

  it('in the dark theme and on a phone: axe finds no serious violation, nothing scrolls sideways', async () => {
    const page = await signIn();
    await switchToDarkTheme(page);
    await page.goto(`${base}${LIST}?search=${WORD}`);
    await row(page, ADDED.name).waitFor();
    await expectTheme(page, 'dark');
    await shot(page, 'candidates-05-dark-list');
    await expectNoSeriousA11yViolations(page, 'candidates list (dark)');
    await page.goto(`${base}${detailsPath}`);
    await page.getByRole('heading', { name: ADDED.name, level: 1 }).waitFor();
    await shot(page, 'candidates-06-dark-details');
    await expectNoSeriousA11yViolations(page, 'candidate details (dark)');

    const phone = await signIn(PHONE);
    await phone.goto(`${base}${LIST}?search=${WORD}`);
    await row(phone, ADDED.name).waitFor();
    await shot(phone, 'candidates-07-phone-list');
    await expectNoHorizontalScroll(phone, 'candidates list on a phone');
    await expectNoSeriousA11yViolations(phone, 'candidates list on a phone');
    await phone.goto(`${base}${detailsPath}`);
    await phone.getByRole('heading', { name: ADDED.name, level: 1 }).waitFor();
    await shot(phone, 'candidates-08-phone-details');
    await expectNoHorizontalScroll(phone, 'candidate details on a phone');
    await expectNoSeriousA11yViolations(phone, 'candidate details on a phone');
    await phone.goto(`${base}/admin/recruitments/candidates/add`);
    await phone.getByRole('textbox', { name: /^Full Name/ }).waitFor();
    await shot(phone, 'candidates-09-phone-form');
    await expectNoHorizontalScroll(phone, 'candidate form on a phone');
  });
});
