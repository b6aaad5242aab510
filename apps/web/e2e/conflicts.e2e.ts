import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CANDIDATE_MESSAGES as M, LIVE_MESSAGES, type Candidate, type Job } from '@portal/contracts';
import { launchBrowser, shot, signedInPage } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { adminToken, createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * Two people editing one candidate, and who counts as viewing a job. A (the admin) and B (an employee who
 * may edit the job) each in a browser of their own: a save refused because the other saved first says who
 * changed which fields, at the Update button, keeps what A typed in the fields B did not touch, and asks
 * only about a field both changed. Someone on the candidates list follows the job's changes but is not
 * shown as viewing it; someone on the job's details is.
 */
const base = inject('baseUrl');
const WORD = `Conflict${Date.now().toString(36)}`;
const B_USER = { name: 'Nisha Verma', username: `nisha${WORD.toLowerCase()}`, password: 'nisha-pass-1' };
const C_USER = { name: 'Tara Iyer', username: `tara${WORD.toLowerCase()}`, password: 'tara-pass-1' };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let job: Job;
const made: Candidate[] = [];

/** Signs in as `who` in a browser context of its own. */
const signIn = (
  who: { username: string; password: string },
  area: 'admin' | 'pegawai',
  viewport = { width: 1280, height: 900 },
) => signedInPage(browser, base, who, area, viewport);

async function as(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Candidate>;
}

let n = 0;
async function newCandidate(name: string, token?: string) {
  const body = {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}${++n}@example.com`,
    phone: `97${String(Date.now() % 1e7).padStart(7, '0')}${n}`,
    experience: 4,
    job_id: job.id,
    source: 'LinkedIn' as const,
    notes: 'First call done',
  };
  const c = token ? await as(token, 'POST', '/api/candidates', body) : await createCandidate(base, body);
  made.push(c);
  return c;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const b = await createEmployee(base, B_USER);
  const c = await createEmployee(base, C_USER);
  job = await createJob(base, { title: `${WORD} Data Engineer`, editable_by: [b.id, c.id] });
});
afterAll(async () => {
  const token = await adminToken(base);
  for (const c of made) await as(token, 'DELETE', `/api/candidates/${c.uuid}`).catch(() => undefined);
  await as(token, 'DELETE', `/api/jobs/${job.id}`).catch(() => undefined);
  await browser?.close();
});

/** A's and B's edit forms open on the candidate. */
async function bothEditing(c: Candidate, viewport?: { width: number; height: number }) {
  const a = await signIn(TEST_ADMIN, 'admin', viewport);
  const b = await signIn(B_USER, 'pegawai');
  await a.goto(`${base}/admin/recruitments/candidates/edit/${c.uuid}`);
  await b.goto(`${base}/employee/recruitments/candidates/edit/${c.id}`);
  for (const page of [a, b]) {
    await expect.poll(() => page.getByRole('textbox', { name: /^Full Name/ }).inputValue()).toBe(c.name);
  }
  return { a, b };
}

const notesOf = (page: Page) => page.getByRole('textbox', { name: /^Notes/ });
const phoneOf = (page: Page) => page.getByRole('textbox', { name: /^Phone/ });
const updateOf = (page: Page) => page.getByRole('button', { name: 'Update Candidate' });

async function saves(page: Page) {
  await updateOf(page).click();
  await page.getByText(M.updated).first().waitFor();
}

describe('two people saving one candidate', () => {
  it("B saves notes while A edits the phone: A's save says so at Update, keeps A's phone and takes B's notes", async () => {
    const c = await newCandidate('Meera Pillai');
    const { a, b } = await bothEditing(c);
    await notesOf(b).fill('Available from March');
    await saves(b);

    await phoneOf(a).fill('9822001122');
    await updateOf(a).click();
    const said = M.mergedKept('Nisha Verma changed Notes');
    const atSave = a.locator('.merge-message');
    await atSave.waitFor();
    expect(await atSave.textContent()).toBe(said);
    expect(said).not.toMatch(/Administrator|admin|status/);
    // Where A is looking: the explanation is on screen beside the button, not only in the banner at the top.
    expect(await atSave.isVisible()).toBe(true);
    const [box, button, viewport] = [
      await atSave.boundingBox(),
      await updateOf(a).boundingBox(),
      a.viewportSize(),
    ];
    expect(box!.y + box!.height).toBeLessThanOrEqual(button!.y + 1);
    expect(button!.y + button!.height).toBeLessThanOrEqual(viewport!.height + 1);
    expect(await a.getByRole('alert').filter({ hasText: said }).count()).toBeGreaterThan(0);
    expect(await phoneOf(a).inputValue()).toBe('9822001122');
    expect(await notesOf(a).inputValue()).toBe('Available from March');
    await a.screenshot({ path: `${import.meta.dirname}/screenshots/conflict-kept-at-update.png` });

    await saves(a);
    const now = await as(await adminToken(base), 'GET', `/api/candidates/${c.uuid}`);
    expect(now).toMatchObject({ phone: '9822001122', notes: 'Available from March' });
    await a.context().close();
    await b.context().close();
  });

  it('both change the notes: A chooses which to keep before saving; both themes and a phone', async () => {
    const c = await newCandidate('Rohan Das');
    const { a, b } = await bothEditing(c, PHONE);
    await notesOf(b).fill('Prefers Pune');
    await saves(b);

    await notesOf(a).fill('Prefers Bengaluru');
    await updateOf(a).click();
    const choice = a.getByRole('group', { name: 'Notes' });
    await choice.waitFor();
    expect(await a.locator('.merge-message').textContent()).toBe(
      M.mergedChoose('Nisha Verma changed Notes', 'Notes'),
    );
    await expectNoHorizontalScroll(a, 'the merge choice on a phone');
    await expectNoSeriousA11yViolations(a, 'the merge choice, light');
    await a.locator('.merge-panel').scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${import.meta.dirname}/screenshots/conflict-choose-phone-light.png` });
    await switchToDarkTheme(a);
    await expectNoSeriousA11yViolations(a, 'the merge choice, dark');
    await a.locator('.merge-panel').scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${import.meta.dirname}/screenshots/conflict-choose-phone-dark.png` });

    // Not saved before choosing.
    await updateOf(a).click();
    await a.getByText(M.chooseFirst('Notes')).waitFor();
    await choice.getByRole('radio', { name: /Use theirs \(Nisha Verma\)/ }).check();
    expect(await notesOf(a).inputValue()).toBe('Prefers Pune');
    await choice.getByRole('radio', { name: /Keep mine/ }).check();
    expect(await notesOf(a).inputValue()).toBe('Prefers Bengaluru');
    await saves(a);
    const now = await as(await adminToken(base), 'GET', `/api/candidates/${c.uuid}`);
    expect(now.notes).toBe('Prefers Bengaluru');
    await a.context().close();
    await b.context().close();
  });
});

describe("who is viewing a job's details", () => {
  it('someone on the candidates list is not shown as viewing the job; someone on its details is', async () => {
    const bToken = await (async () => {
      const res = await fetch(`${base}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: B_USER.username, password: B_USER.password }),
      });
      return ((await res.json()) as { token: string }).token;
    })();
    // B's own candidate of the job: B's list shows it, so the list follows the job's changes.
    const mine = await newCandidate('Kabir Shah', bToken);
    const a = await signIn(TEST_ADMIN, 'admin');
    const b = await signIn(B_USER, 'pegawai');
    await b.goto(`${base}/employee/recruitments/candidates`);
    await b.getByRole('row').filter({ hasText: mine.name }).first().waitFor();

    await a.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
    await a.getByRole('heading', { name: job.title }).first().waitFor();
    // The list follows the job: a change of its candidate shows there live (so B's socket is in the room).
    await as(await adminToken(base), 'PUT', `/api/candidates/${mine.uuid}`, { name: `${mine.name} Jr` });
    await b
      .getByRole('row')
      .filter({ hasText: `${mine.name} Jr` })
      .first()
      .waitFor();
    // C opens the job's details after B's list joined the job's room: the viewers A is then told of are
    // everyone viewing at that moment, so they read C alone only if B's list did not count as viewing.
    const c = await signIn(C_USER, 'pegawai');
    await c.goto(`${base}/employee/recruitments/job-management/details/${job.id}`);
    await a
      .getByText(`${LIVE_MESSAGES.viewing}: ${C_USER.name}`, { exact: true })
      .waitFor({ state: 'attached' });
    await shot(a, 'presence-list-is-not-viewing');
    await c.context().close();
    await expect
      .poll(() => a.getByText(`${LIVE_MESSAGES.viewing}: `, { exact: false }).count(), { timeout: 5000 })
      .toBe(0);

    await b.goto(`${base}/employee/recruitments/job-management/details/${job.id}`);
    await a.getByText(`${LIVE_MESSAGES.viewing}: ${B_USER.name}`).waitFor({ state: 'attached' });
    await shot(a, 'presence-details-is-viewing');
    // Back to the list: no longer viewing.
    await b.goto(`${base}/employee/recruitments/candidates`);
    await expect
      .poll(() => a.getByText(`${LIVE_MESSAGES.viewing}: `, { exact: false }).count(), { timeout: 5000 })
      .toBe(0);
    await a.context().close();
    await b.context().close();
  });
});
