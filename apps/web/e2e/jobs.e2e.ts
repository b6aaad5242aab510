import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { JOB_MESSAGES, JOBS_EXPORT } from '@portal/contracts';
import { launchBrowser, shot } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { createEmployee } from './accounts.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const TITLE = 'Platform Engineer (Payments)';
const EMPLOYEE = { name: 'Ananya Rao', username: 'ananya', password: 'ananya-pass' };
const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createEmployee(base, EMPLOYEE);
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(
  who: { username: string; password: string },
  area: 'admin' | 'pegawai',
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/${area}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/${area === 'admin' ? 'admin' : 'pegawai'}/dashboard`);
  return page;
}

/** Picks options of a MultiSelect: opens it, (searches,) clicks each, closes it. */
async function pick(page: Page, label: string, options: string[], search?: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  if (search) await page.getByRole('searchbox', { name: `Search ${label}` }).fill(search);
  for (const option of options) await listbox.getByRole('option', { name: option }).click();
  // In a search box the first Escape clears the search; the next closes the list.
  await page.keyboard.press('Escape');
  if (search) await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('jobs in the browser', () => {
  let jobPath = '';

  it('an admin publishes a job with skills and questions', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.getByRole('link', { name: 'Job Management' }).click();
    await page.waitForURL('**/admin/recruitments/job-management');
    await page.getByRole('heading', { name: 'Cloud Solutions Architect' }).waitFor();
    await shot(page, 'jobs-01-admin-list');
    await expectNoSeriousA11yViolations(page, 'jobs board');

    await page.getByRole('link', { name: 'Add New Job' }).click();
    await page.waitForURL('**/job-management/form-job');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(JOB_MESSAGES.titleRequired).waitFor();

    await page.getByRole('textbox', { name: /^Job Title/ }).fill(TITLE);
    await page
      .getByRole('textbox', { name: /^Description/ })
      .fill('Build and run the payment services of a growing lending platform.');
    await page.getByRole('combobox', { name: 'State' }).selectOption('KA');
    const city = page.getByRole('combobox', { name: 'City' });
    await expect.poll(() => city.isEnabled()).toBe(true);
    await city.selectOption('Bengaluru Urban');
    await page.getByRole('textbox', { name: /^Minimum Salary/ }).fill('1800000');
    await page.getByRole('textbox', { name: /^Maximum Salary/ }).fill('2800000');
    await page.keyboard.press('Tab');
    await page.getByText('Twenty Eight Lakh Rupees').waitFor();
    await page.getByLabel('Application Deadline').fill(inDays(20));
    await pick(page, 'Required Skills', ['React', 'Node.js', 'AWS', 'Docker']);
    await pick(page, 'Interview Rounds', ['Shortlisting', 'Technical Round 1', 'HR Round']);
    const question = page.getByRole('textbox', { name: 'Interview questions' });
    await question.fill('What is your notice period?');
    await question.press('Enter');
    await question.fill('Have you run services on Kubernetes?');
    await question.press('Enter');
    await page.getByRole('textbox', { name: /^Client Name/ }).fill('Nimbus Fintech');
    await page.getByRole('textbox', { name: /^Client Email/ }).fill('talent@nimbusfintech.example');
    await page.getByRole('textbox', { name: /^Client Location/ }).fill('Koramangala, Bengaluru');
    await shot(page, 'jobs-02-admin-form');
    await expectNoSeriousA11yViolations(page, 'job form');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(JOB_MESSAGES.created).waitFor();
    await page.waitForURL(/job-management$/);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: TITLE }) });
    await card.waitFor();
    await expect(card.getByText('₹18 - ₹28 LPA').isVisible()).resolves.toBe(true);
    await expect(card.getByText('+1').isVisible()).resolves.toBe(true);
    await shot(page, 'jobs-03-admin-list-published');
    // The list as jobs_list.xlsx, written by the server: its columns, and the job just published.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(JOBS_EXPORT.fileName);
    await page.getByText(JOB_MESSAGES.excelDownloaded).waitFor();
    const file = join(mkdtempSync(join(tmpdir(), 'jobs-export-')), JOBS_EXPORT.fileName);
    await download.saveAs(file);
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(
      XLSX.readFile(file).Sheets[JOBS_EXPORT.sheetName]!,
      { header: 1 },
    );
    expect(rows[0]).toEqual([...JOBS_EXPORT.columns]);
    expect(rows.find((r) => r[1] === TITLE)?.[3]).toBe('active');

    await card.getByRole('link', { name: TITLE, exact: true }).click();
    await page.waitForURL(/job-management\/details\/\d+$/);
    jobPath = new URL(page.url()).pathname.replace('/admin/recruitments/job-management', '');
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    await page.getByText('Have you run services on Kubernetes?').waitFor();
    await shot(page, 'jobs-04-admin-details');
    await expectNoSeriousA11yViolations(page, 'job details');
  });

  it('an employee sees the job but cannot edit it until the admin grants access, then can', async () => {
    const employee = await signIn(EMPLOYEE, 'pegawai');
    await employee.getByRole('link', { name: 'Job Listings' }).click();
    await employee.waitForURL('**/employee/recruitments/job-management');
    await employee.getByRole('searchbox', { name: 'Search jobs' }).fill('payments');
    const card = employee
      .getByRole('article')
      .filter({ has: employee.getByRole('heading', { name: TITLE }) });
    await card.waitFor();
    await expect(card.getByRole('button', { name: `Actions for ${TITLE}` }).count()).resolves.toBe(0);
    await shot(employee, 'jobs-05-employee-list-read-only');
    await expectNoSeriousA11yViolations(employee, 'employee jobs board');

    await card.getByRole('link', { name: TITLE, exact: true }).click();
    await employee.waitForURL(/employee\/recruitments\/job-management\/details\/\d+$/);
    await employee.getByText('Nimbus Fintech').waitFor();
    await expect(employee.getByRole('link', { name: 'Edit Job' }).count()).resolves.toBe(0);
    await shot(employee, 'jobs-06-employee-details');
    await expectNoSeriousA11yViolations(employee, 'employee job details');

    // Typing the edit address does not help: the screen says why and returns to the list.
    await employee.goto(`${base}/employee/recruitments/job-management${jobPath.replace('details', 'edit')}`);
    await employee.getByText(JOB_MESSAGES.noEditPermission).waitFor();
    await employee.waitForURL(/employee\/recruitments\/job-management$/);

    const admin = await signIn(TEST_ADMIN, 'admin');
    await admin.goto(`${base}/admin/recruitments/job-management?search=payments`);
    const adminCard = admin.getByRole('article').filter({ has: admin.getByRole('heading', { name: TITLE }) });
    await adminCard.getByRole('button', { name: `Actions for ${TITLE}` }).click();
    await admin.getByRole('menuitem', { name: 'Edit Job' }).click();
    await admin.waitForURL(/job-management\/edit\/\d+$/);
    await expect.poll(() => admin.getByRole('textbox', { name: /^Job Title/ }).inputValue()).toBe(TITLE);
    await pick(admin, 'Users with Edit Access', [`${EMPLOYEE.name} (${EMPLOYEE.username})`], 'anan');
    await admin.getByRole('button', { name: `Remove ${EMPLOYEE.name} (${EMPLOYEE.username})` }).waitFor();
    await shot(admin, 'jobs-07-admin-grants-access');
    await expectNoSeriousA11yViolations(admin, 'job form with edit access');
    await admin.getByRole('button', { name: 'Update' }).click();
    await admin.getByText(JOB_MESSAGES.updated).waitFor();

    await employee.goto(`${base}/employee/recruitments/job-management?search=payments`);
    const editable = employee
      .getByRole('article')
      .filter({ has: employee.getByRole('heading', { name: TITLE }) });
    await editable.getByRole('button', { name: `Actions for ${TITLE}` }).click();
    await shot(employee, 'jobs-08-employee-menu');
    await expectNoSeriousA11yViolations(employee, 'job actions menu');
    await employee.getByRole('menuitem', { name: 'Edit Job' }).click();
    await employee.waitForURL(/employee\/recruitments\/job-management\/edit\/\d+$/);
    const openings = employee.getByRole('spinbutton', { name: /Number of Openings/ });
    await expect.poll(() => openings.inputValue()).toBe('1');
    await openings.fill('3');
    await employee.getByRole('button', { name: 'Update' }).click();
    await employee.getByText(JOB_MESSAGES.updated).waitFor();
    await employee.waitForURL(/employee\/recruitments\/job-management$/);

    await employee.getByRole('searchbox', { name: 'Search jobs' }).fill('payments');
    const updated = employee
      .getByRole('article')
      .filter({ has: employee.getByRole('heading', { name: TITLE }) });
    await updated.getByRole('combobox', { name: `Status of ${TITLE}` }).selectOption('closed');
    await employee.getByText(JOB_MESSAGES.statusUpdated('closed')).waitFor();
    // The list refetches after the change: wait for it rather than read the first paint.
    await expect
      .poll(() => updated.getByText('Openings').locator('..').textContent(), { timeout: 5000 })
      .toContain('3');
    await shot(employee, 'jobs-09-employee-edited');
  });

  it('in the dark theme and on a phone: axe finds no serious violation, nothing scrolls sideways', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await switchToDarkTheme(page);
    await page.goto(`${base}/admin/recruitments/job-management`);
    await page.getByRole('heading', { name: 'Cloud Solutions Architect' }).waitFor();
    await expectTheme(page, 'dark');
    await shot(page, 'jobs-10-dark-list');
    await expectNoSeriousA11yViolations(page, 'jobs board (dark)');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog', { name: 'Filter Jobs' }).waitFor();
    await shot(page, 'jobs-11-dark-filters');
    await expectNoSeriousA11yViolations(page, 'job filters (dark)');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/admin/recruitments/job-management/form-job`);
    await page.getByRole('combobox', { name: 'State' }).selectOption('MH');
    await pick(page, 'Required Skills', ['Python']);
    await shot(page, 'jobs-12-dark-form');
    await expectNoSeriousA11yViolations(page, 'job form (dark)');
    await page.goto(`${base}/admin/recruitments/job-management${jobPath}`);
    await page.getByText('Nimbus Fintech').waitFor();
    await expectTheme(page, 'dark');
    await shot(page, 'jobs-13-dark-details');
    await expectNoSeriousA11yViolations(page, 'job details (dark)');

    const phone = await signIn(TEST_ADMIN, 'admin', PHONE);
    await phone.goto(`${base}/admin/recruitments/job-management`);
    await phone.getByRole('heading', { name: 'Cloud Solutions Architect' }).waitFor();
    await shot(phone, 'jobs-14-phone-list');
    await expectNoHorizontalScroll(phone, 'jobs board on a phone');
    await expectNoSeriousA11yViolations(phone, 'jobs board on a phone');
    await phone.goto(`${base}/admin/recruitments/job-management/form-job`);
    await phone.getByRole('textbox', { name: /^Job Title/ }).waitFor();
    await shot(phone, 'jobs-15-phone-form');
    await expectNoHorizontalScroll(phone, 'job form on a phone');
    await expectNoSeriousA11yViolations(phone, 'job form on a phone');
    await phone.goto(`${base}/admin/recruitments/job-management${jobPath}`);
    await phone.getByText('Nimbus Fintech').waitFor();
    await shot(phone, 'jobs-16-phone-details');
    await expectNoHorizontalScroll(phone, 'job details on a phone');
    await expectNoSeriousA11yViolations(phone, 'job details on a phone');
  });
});
