import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import type { Candidate, Job, ShareAnswer } from '@portal/contracts';
import { launchBrowser, settle, shot, signedInPage } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { expectNoA11yViolations, expectNoHorizontalScroll, switchToDarkTheme } from './a11y.ts';
import { adminToken, createCandidate, createJob } from './data.ts';
import { ANALYTICS_LABELS as L } from '../src/features/analytics/labels.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * The pipeline Analytics screen against the real server with the demo data: every section and its table
 * in both themes and on a phone, the funnel following a status change made elsewhere without a reload,
 * the Excel download holding the table's numbers, and axe finding nothing serious or moderate.
 */
const base = inject('baseUrl');
const WORD = `Analytics${Date.now().toString(36)}`;
const PHONE = { width: 390, height: 844 };
const EMPLOYEE = { name: 'Ira Analyst', username: `ira${WORD.toLowerCase()}`, password: 'ira-pass-123' };
let browser: Browser;
let job: Job;
let candidate: Candidate;
/** A job whose shortlist was shared with its client (one review link, answered "Interested" at once). */
let sharedJob: Job;
let sharedCandidate: Candidate;
let employeeId: number | undefined;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(base)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs in as `who` in a browser context of its own. */
const signIn = (
  who: { username: string; password: string },
  area: 'admin' | 'pegawai',
  viewport = { width: 1280, height: 900 },
) => signedInPage(browser, base, who, area, viewport, { acceptDownloads: true });

/** The screen's sections are drawn: each heading, and the funnel's table with a row per stage. */
async function waitForFigures(page: Page) {
  await page.getByRole('heading', { level: 1, name: L.title }).waitFor();
  for (const title of [
    L.funnel,
    L.timeInStage,
    L.timeToHire,
    L.sources,
    L.activity,
    L.clientResponse,
    L.clientDecisions,
  ])
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
  await page.getByRole('table', { name: L.funnel }).getByRole('rowheader', { name: 'Joined' }).waitFor();
}

/** A stage's row of the funnel table: [reached, passed, rate, rejected, reasons] as written. */
async function funnelRow(page: Page, stage: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: L.funnel })
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: stage, exact: true }),
    });
  return row.getByRole('cell').allInnerTexts();
}
/** A picture of the two client response sections alone (the full page's is long), beside the others. */
async function clientShot(page: Page, name: string) {
  await settle(page);
  const dir = join(import.meta.dirname, 'screenshots');
  for (const title of [L.clientResponse, L.clientDecisions])
    await page
      .getByRole('region', { name: title, exact: true })
      .screenshot({ path: join(dir, `${name}-${title === L.clientResponse ? 'time' : 'decisions'}.png`) });
}
const figure = (text: string) => Number(text.split(/\s/)[0]!.replace(/[,%]/g, ''));

beforeAll(async () => {
  browser = await launchBrowser();
  job = await createJob(base, { title: `${WORD} Data Engineer` });
  candidate = await createCandidate(base, {
    name: 'Kavya Rao',
    email: `kavya.${WORD.toLowerCase()}@example.com`,
    phone: `97${String(Date.now() % 1e8).padStart(8, '0')}`,
    experience: 3,
    job_id: job.id,
    source: 'Referral',
  });
  employeeId = (await createEmployee(base, EMPLOYEE)).id;
  sharedJob = await createJob(base, {
    title: `${WORD} Client Job`,
    clientName: 'Orbit Analytics',
    clientEmail: `hiring.${WORD.toLowerCase()}@orbit.example`,
  });
  sharedCandidate = await createCandidate(base, {
    name: 'Rohan Mehta',
    email: `rohan.${WORD.toLowerCase()}@example.com`,
    phone: `96${String(Date.now() % 1e8).padStart(8, '0')}`,
    experience: 5,
    job_id: sharedJob.id,
    source: 'LinkedIn',
    status: 'shortlisted',
  });
  const shared = (await (
    await call('POST', '/api/candidates/share', { jobId: sharedJob.id })
  ).json()) as ShareAnswer;
  // The client answers on the review page (no sign-in: the link is the credential).
  const decided = await fetch(
    `${base}/api/review/${shared.links[0]!.url.split('/review/')[1]}/candidates/${sharedCandidate.uuid}/decision`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"decision":"interested"}' },
  );
  if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${await decided.text()}`);
});
afterAll(async () => {
  await browser?.close();
  // Other files count the demo data: what this one added goes.
  if (candidate) await call('DELETE', `/api/candidates/${candidate.id}`).catch(() => undefined);
  if (job) await call('DELETE', `/api/jobs/${job.id}`).catch(() => undefined);
  if (sharedCandidate) await call('DELETE', `/api/candidates/${sharedCandidate.id}`).catch(() => undefined);
  if (sharedJob) await call('DELETE', `/api/jobs/${sharedJob.id}`).catch(() => undefined);
  if (employeeId) await call('DELETE', `/api/users/${employeeId}`).catch(() => undefined);
});

describe('the Analytics screen', () => {
  it('shows the demo figures in every section, with definitions, and passes axe in the light theme', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/admin/recruitments/analytics');
    await waitForFigures(page);
    // Every demo candidate reached Applied: the first row counts them all.
    expect(figure((await funnelRow(page, 'Applied'))[0]!)).toBeGreaterThan(0);
    await page.getByRole('button', { name: L.definitionOf(L.funnel) }).focus();
    await page.keyboard.press('Enter');
    const definition = page.getByRole('dialog', { name: L.definitionOf(L.funnel) });
    await definition.waitFor();
    expect((await definition.innerText()).length).toBeGreaterThan(20);
    await page.keyboard.press('Escape');
    await definition.waitFor({ state: 'detached' });
    await expectNoA11yViolations(page, 'analytics (light)');
    await shot(page, 'analytics-light');
    await page.context().close();
  });

  it('follows a status change made elsewhere without a reload (the dashboard room)', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.goto(`${base}/admin/recruitments/analytics?jobId=${job.id}`);
    await waitForFigures(page);
    await expect.poll(async () => figure((await funnelRow(page, 'Applied'))[0]!)).toBe(1);
    expect(figure((await funnelRow(page, 'Screening'))[0]!)).toBe(0);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    await call('PATCH', `/api/candidates/${candidate.uuid}/status`, { status: 'screening' });
    await expect
      .poll(async () => figure((await funnelRow(page, 'Screening'))[0]!), { timeout: 5000 })
      .toBe(1);
    expect(figure((await funnelRow(page, 'Applied'))[1]!)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    await page.context().close();
  });

  it("gives a shared job's client response: the link sent and answered, per job and per client", async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.goto(`${base}/admin/recruitments/analytics?jobId=${sharedJob.id}`);
    await waitForFigures(page);
    const byJob = page.getByRole('table', { name: L.clientResponseByJob });
    const jobRow = byJob.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: sharedJob.title, exact: true }),
    });
    await expect.poll(() => jobRow.getByRole('cell').allInnerTexts()).toEqual(['1', '1', '0', '0.0', '0.0']);
    const byClient = page.getByRole('table', { name: L.clientResponseByClient });
    expect(await byClient.getByRole('rowheader').innerText()).toContain('Orbit Analytics');
    const decisions = page.getByRole('table', { name: L.clientDecisions });
    const all = decisions
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: L.allJobsRow }) });
    expect(await all.getByRole('cell').allInnerTexts()).toEqual(['1', '1', '0', '0', '1', '1.00']);
    await page.getByRole('button', { name: L.definitionOf(L.clientResponse) }).click();
    const definition = page.getByRole('dialog', { name: L.definitionOf(L.clientResponse) });
    expect(await definition.innerText()).toMatch(/first decision/);
    await page.keyboard.press('Escape');
    await expectNoA11yViolations(page, 'analytics, client response (light)');
    await clientShot(page, 'analytics-client-light');
    await page.context().close();
  });

  it('downloads the figures as a workbook holding the same numbers as the tables', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.goto(`${base}/admin/recruitments/analytics?jobId=${job.id}`);
    await waitForFigures(page);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: L.download }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = join(mkdtempSync(join(tmpdir(), 'analytics-')), file.suggestedFilename());
    await file.saveAs(path);
    const book = XLSX.readFile(path);
    const rows = book.SheetNames.flatMap((name) =>
      XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }),
    );
    // Each stage's row of the funnel table is a row of the workbook, with its reached and passed counts.
    for (const stage of ['Applied', 'Screening', 'Shortlisted', 'Interviewed', 'Selected', 'Joined']) {
      const [reached, passed] = (await funnelRow(page, stage)).map(figure);
      const match = rows.find(
        (r) =>
          String(r[0]).toLowerCase() === stage.toLowerCase() &&
          r.slice(1, 3).map(Number).join() === [reached, passed].join(),
      );
      expect(match, `${stage}: ${reached} reached, ${passed} passed in the workbook`).toBeTruthy();
    }
    await page.context().close();
  });

  it('in the dark theme and on a phone: charts fit the screen, tables scroll, axe finds nothing', async () => {
    const page = await signIn(TEST_ADMIN, 'admin', PHONE);
    await switchToDarkTheme(page);
    await page.goto(`${base}/admin/recruitments/analytics`);
    await waitForFigures(page);
    await expectNoHorizontalScroll(page, 'analytics on a phone');
    // The funnel's table keeps its columns and scrolls sideways in its own box.
    const wrap = page.getByRole('region', { name: L.tableOf(L.funnel) });
    const { scroll, client } = await wrap.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(client).toBeLessThanOrEqual(PHONE.width);
    expect(scroll).toBeGreaterThanOrEqual(client);
    await expectNoA11yViolations(page, 'analytics (dark, phone)');
    await shot(page, 'analytics-dark-phone');
    await clientShot(page, 'analytics-client-dark-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await settle(page);
    await expectNoA11yViolations(page, 'analytics (dark)');
    await shot(page, 'analytics-dark');
    await clientShot(page, 'analytics-client-dark');
    await page.context().close();
  });

  it('an employee sees the figures over the jobs they may view, from their sidebar', async () => {
    const page = await signIn(EMPLOYEE, 'pegawai');
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.waitForURL('**/employee/recruitments/analytics');
    await waitForFigures(page);
    await expectNoA11yViolations(page, 'analytics (employee)');
    await page.context().close();
  });
});
