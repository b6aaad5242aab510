import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DASHBOARD_MESSAGES as D, LIVE_MESSAGES, type Candidate, type Job } from '@portal/contracts';
import { launchBrowser, shot, signedInPage } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * Live collaboration with two people in two browsers on the same job: a status change shows up
 * for the other within a second without a reload, an edit never overwrites the other's open form, and a
 * candidate added by a third person raises the dashboard's Total Candidates live.
 */
const base = inject('baseUrl');
const WORD = `Live${Date.now().toString(36)}`;
const B_USER = { name: 'Nisha Verma', username: `nisha${WORD.toLowerCase()}`, password: 'nisha-pass-1' };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let job: Job;
let asha: Candidate;

/** Signs in as `who` in a browser context of its own. */
const signIn = (
  who: { username: string; password: string },
  area: 'admin' | 'pegawai',
  viewport = { width: 1280, height: 900 },
) => signedInPage(browser, base, who, area, viewport);

async function apiToken(who: { username: string; password: string }) {
  const res = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  return ((await res.json()) as { token: string }).token;
}

const statCard = (page: Page, label: string) =>
  page
    .locator('.stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-value');

beforeAll(async () => {
  browser = await launchBrowser();
  await createEmployee(base, B_USER);
  job = await createJob(base, { title: `${WORD} Platform Engineer` });
  const body = (name: string, n: number) => ({
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}@example.com`,
    phone: `98${String(Date.now() % 1e7).padStart(7, '0')}${n}`,
    experience: 4,
    job_id: job.id,
    source: 'LinkedIn' as const,
  });
  asha = await createCandidate(base, body('Asha Menon', 1));
  await createCandidate(base, body('Dev Kulkarni', 2));
});
afterAll(async () => {
  await browser?.close();
});

describe('two people on the same job', () => {
  it("A changes a status; B sees it within a second, in place, and sees A among the job's viewers", async () => {
    const a = await signIn(TEST_ADMIN, 'admin');
    const b = await signIn(B_USER, 'pegawai');
    await b.goto(`${base}/employee/recruitments/job-management/details/${job.id}`);
    await b.getByRole('tab', { name: /Candidates/ }).click();
    await b.getByRole('row').filter({ hasText: 'Asha Menon' }).waitFor();
    // B's page is marked so that a reload would be noticed.
    await b.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    await a.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
    await a.getByRole('tab', { name: /Candidates/ }).click();
    await b.getByText(`${LIVE_MESSAGES.viewing}: `, { exact: false }).waitFor({ state: 'attached' });
    expect(await b.locator('[data-viewer]').getAttribute('data-viewer')).toBeTruthy();

    await a.getByRole('combobox', { name: 'Status of Asha Menon' }).selectOption('screening');
    const started = Date.now();
    await b
      .getByRole('row')
      .filter({ hasText: 'Asha Menon' })
      .getByText(/screening/i)
      .waitFor({ timeout: 3000 });
    const took = Date.now() - started;
    expect(took).toBeLessThan(1000);
    expect(await b.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    await shot(b, 'live-job-tab-after-change');
    await a.context().close();
    await b.context().close();
  });

  it("A edits a candidate B has open in a form: B's typing stays, B is told and may load the new version", async () => {
    const b = await signIn(TEST_ADMIN, 'admin');
    await b.goto(`${base}/admin/recruitments/candidates/edit/${asha.uuid}`);
    const notes = b.getByRole('textbox', { name: /Notes/ });
    await notes.waitFor();
    await notes.fill('B is typing this');

    // A (another session, through the API) changes the same candidate's status.
    const token = await apiToken(TEST_ADMIN);
    const res = await fetch(`${base}/api/candidates/${asha.uuid}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'shortlisted' }),
    });
    expect(res.status).toBe(200);

    await b.getByText(LIVE_MESSAGES.changedBy(TEST_ADMIN.username)).waitFor({ timeout: 3000 });
    expect(await notes.inputValue()).toBe('B is typing this');
    await shot(b, 'live-form-changed-elsewhere');
    await b.getByRole('button', { name: LIVE_MESSAGES.loadNewVersion }).click();
    await expect.poll(() => notes.inputValue()).not.toBe('B is typing this');
    await expect.poll(() => b.getByText(LIVE_MESSAGES.changedBy(TEST_ADMIN.username)).count()).toBe(0);

    // A move on the pipeline board (its one message, candidate:moved) tells the form the same way.
    const current = (await (
      await fetch(`${base}/api/candidates/${asha.uuid}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Candidate;
    const moved = await fetch(`${base}/api/candidates/${asha.uuid}/move`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'interviewed', version: current.version }),
    });
    expect(moved.status).toBe(200);
    await b.getByText(/^This candidate was changed by /).waitFor({ timeout: 3000 });
    await b.context().close();
  });
});

describe('the dashboards', () => {
  it('Total Candidates rises live when a third person adds a candidate', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.getByRole('heading', { name: 'Recruitment Dashboard' }).waitFor();
    const total = statCard(page, D.totalCandidates);
    await total.waitFor();
    const before = Number((await total.innerText()).replace(/,/g, ''));
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    const third = `third${WORD.toLowerCase()}`;
    await createEmployee(base, { name: 'Third Person', username: third, password: 'third-pass-1' });
    const token = await apiToken({ username: third, password: 'third-pass-1' });
    const res = await fetch(`${base}/api/candidates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Kabir Third',
        email: `kabir.${WORD.toLowerCase()}@example.com`,
        phone: `97${String(Date.now() % 1e8).padStart(8, '0')}`,
        experience: 3,
        job_id: job.id,
        source: 'Referral',
        referred_by: 'Nisha',
      }),
    });
    expect(res.status).toBe(201);
    await expect
      .poll(async () => Number((await total.innerText()).replace(/,/g, '')), { timeout: 3000 })
      .toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    await page.getByText(D.newCandidate('Kabir Third', job.title)).waitFor();
    // The charts' figures are there for a screen reader too.
    await page.getByRole('table', { name: D.statusChart }).waitFor({ state: 'attached' });
    await page.getByRole('table', { name: D.sourceChart }).waitFor({ state: 'attached' });
    await expectNoSeriousA11yViolations(page, 'admin dashboard, light');
    await shot(page, 'dashboard-admin-light');
    await switchToDarkTheme(page);
    await expectNoSeriousA11yViolations(page, 'admin dashboard, dark');
    await shot(page, 'dashboard-admin-dark');
    await page.setViewportSize(PHONE);
    await shot(page, 'dashboard-admin-phone-dark');
    await expectNoHorizontalScroll(page, 'admin dashboard, phone');
    await page.context().close();
  });

  it('the employee dashboard: profile, own figures, success rate, open positions; both themes and a phone', async () => {
    const page = await signIn(B_USER, 'pegawai');
    await page.getByRole('heading', { name: 'Recruitment Dashboard' }).waitFor();
    await page.getByText(B_USER.name, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: D.openPositions }).waitFor();
    await page.getByRole('link', { name: job.title }).first().waitFor();
    await statCard(page, D.successRate).waitFor();
    expect(await statCard(page, D.successRate).innerText()).toMatch(/^\d+\.\d%$/);
    await expectNoSeriousA11yViolations(page, 'employee dashboard, light');
    await shot(page, 'dashboard-employee-light');
    await switchToDarkTheme(page);
    await expectNoSeriousA11yViolations(page, 'employee dashboard, dark');
    await shot(page, 'dashboard-employee-dark');
    await page.setViewportSize(PHONE);
    await shot(page, 'dashboard-employee-phone-dark');
    await expectNoHorizontalScroll(page, 'employee dashboard, phone');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot(page, 'dashboard-employee-phone-light');
    await page.context().close();
  });
});
