import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Candidate, Job, PipelineBoard, User } from '@portal/contracts';
import { launchBrowser, shot, signedInPage } from './browser.ts';
import { createEmployee } from './accounts.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { adminToken, createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * The live pipeline board with two people on one job: a mouse drag in one browser shows in the other
 * without a reload; a move made with the keyboard alone, announced; two people moving the same card, the
 * second told who moved it where instead of silently undoing it; a drop on Rejected asking first; a phone's
 * width and both themes, with axe. Everything it adds (job, candidates, account) is deleted after.
 */
const base = inject('baseUrl');
const WORD = `Board${Date.now().toString(36)}`;
const VIEWER = { name: 'Ira Bose', username: `ira${WORD.toLowerCase()}`, password: 'ira-pass-12' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const LAPTOP = { width: 1440, height: 900 };
let browser: Browser;
let job: Job;
let viewer: User;
const candidates: Candidate[] = [];

async function call<T>(
  path: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(base)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

/** The board as the server has it now: each column's names in order. */
async function serverColumns(): Promise<Record<string, string[]>> {
  const { json } = await call<PipelineBoard>(`/api/jobs/${job.id}/pipeline`, 'GET');
  return Object.fromEntries(json.columns.map((c) => [c.status, c.cards.map((card) => card.name)]));
}

/** Signs in as `who` in a browser context of its own. */
const signIn = (who: { username: string; password: string }, area: 'admin' | 'pegawai', viewport = DESKTOP) =>
  signedInPage(browser, base, who, area, viewport);

async function openBoard(page: Page, area: 'admin' | 'employee') {
  await page.goto(`${base}/${area}/recruitments/job-management/details/${job.id}?tab=pipeline`);
  await column(page, 'Applied').waitFor();
  await page.locator('.pipeline-card').first().waitFor();
}

/** A status's column (a grid named after it) and one card in it. */
const column = (page: Page, status: string) => page.getByRole('grid', { name: `${status} candidates` });
const card = (page: Page, status: string, name: string) =>
  column(page, status).getByRole('row').filter({ hasText: name });
const total = (page: Page, status: string) =>
  page.locator(`.pipeline-column[data-status="${status.toLowerCase()}"] .pipeline-column-total`);

/** The card's move button: where a keyboard user picks it up. */
async function pickUpWithKeyboard(page: Page, status: string, name: string) {
  await card(page, status, name).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(`Move ${name}`);
  await page.keyboard.press('Enter');
}

/** A picture and an axe check of the page in the light theme, then the same in the dark one. */
async function lookInBothThemes(page: Page, shotName: string, label: string) {
  await expectTheme(page, 'light');
  await shot(page, `${shotName}-light`);
  await expectNoSeriousA11yViolations(page, `${label}, light`);
  await switchToDarkTheme(page);
  await shot(page, `${shotName}-dark`);
  await expectNoSeriousA11yViolations(page, `${label}, dark`);
}

const announced = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-live]')].map((e) => e.textContent ?? '').join(' '),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  viewer = await createEmployee(base, VIEWER);
  job = await createJob(base, { title: `${WORD} Data Engineer` });
  const add = async (name: string, n: number) =>
    candidates.push(
      await createCandidate(base, {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}@example.com`,
        phone: `96${String(Date.now() % 1e7).padStart(7, '0')}${n}`,
        experience: 3 + n,
        job_id: job.id,
        source: 'LinkedIn',
      }),
    );
  await add('Asha Menon', 1);
  await add('Dev Kulkarni', 2);
  await add('Rahul Nair', 3);
  await add('Meera Rao', 4);
});

afterAll(async () => {
  await browser?.close();
  // The shared demo data stays as it was: what this file added goes.
  for (const c of candidates) await call(`/api/candidates/${c.uuid}`, 'DELETE');
  if (job) await call(`/api/jobs/${job.id}`, 'DELETE');
  if (viewer) await call(`/api/users/${viewer.id}`, 'DELETE');
});

describe('the pipeline board', () => {
  it('a job card links to its board, in spec order, with the server totals', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await page.goto(`${base}/admin/recruitments/job-management?search=${WORD}`);
    await page.getByRole('link', { name: `Pipeline of ${job.title}` }).click();
    await page.waitForURL(/tab=pipeline/);
    await column(page, 'Applied').waitFor();
    const statuses = await page
      .locator('.pipeline-column')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual([
      'applied',
      'screening',
      'shortlisted',
      'interviewed',
      'selected',
      'joined',
      'rejected',
    ]);
    await expect.poll(() => total(page, 'Applied').innerText()).toBe('4');
    // An empty column is still there, saying so.
    await column(page, 'Joined').getByText('No candidates').waitFor();
    await page.context().close();
  });

  it('a mouse drag in one browser appears in the other without a reload, and the order stays after reloading', async () => {
    const a = await signIn(TEST_ADMIN, 'admin');
    const b = await signIn(VIEWER, 'pegawai');
    await openBoard(a, 'admin');
    await openBoard(b, 'employee');
    await b.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    await card(a, 'Applied', 'Asha Menon').dragTo(column(a, 'Shortlisted'));
    await card(a, 'Shortlisted', 'Asha Menon').waitFor({ timeout: 3000 });
    const started = Date.now();
    await card(b, 'Shortlisted', 'Asha Menon').waitFor({ timeout: 3000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await card(b, 'Applied', 'Asha Menon').count()).toBe(0);
    await expect.poll(() => total(b, 'Shortlisted').innerText()).toBe('1');
    await expect.poll(() => total(b, 'Applied').innerText()).toBe('3');
    expect(await b.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    await shot(b, 'pipeline-after-live-move');

    // Within a column: Meera dropped before Dev, for everyone and after a reload.
    await card(a, 'Applied', 'Meera Rao').dragTo(card(a, 'Applied', 'Dev Kulkarni'), {
      targetPosition: { x: 40, y: 4 },
    });
    await expect
      .poll(async () => (await serverColumns()).applied)
      .toEqual(['Meera Rao', 'Dev Kulkarni', 'Rahul Nair']);
    await a.reload();
    await column(a, 'Applied').waitFor();
    await expect
      .poll(() => column(a, 'Applied').getByRole('row').allInnerTexts())
      .toEqual([
        expect.stringContaining('Meera Rao'),
        expect.stringContaining('Dev Kulkarni'),
        expect.stringContaining('Rahul Nair'),
      ]);
    await a.context().close();
    await b.context().close();
  });

  it('a keyboard move (no mouse) works and is announced', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await openBoard(page, 'admin');
    await pickUpWithKeyboard(page, 'Applied', 'Rahul Nair');
    await expect.poll(() => announced(page)).toContain('Started dragging');
    // Tab goes to the next column (Screening), Enter drops there.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain('Drop complete');
    await card(page, 'Screening', 'Rahul Nair').waitFor({ timeout: 3000 });
    await expect.poll(async () => (await serverColumns()).screening).toEqual(['Rahul Nair']);

    // Escape cancels: nothing moves.
    await pickUpWithKeyboard(page, 'Screening', 'Rahul Nair');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(() => announced(page)).toContain('cancel');
    expect((await serverColumns()).screening).toEqual(['Rahul Nair']);
    await page.context().close();
  });

  it('two people moving the same card: the second is told who moved it where, and sees it there', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await openBoard(page, 'admin');
    // This person picks Dev up; meanwhile someone else moves Dev to Interviewed.
    await pickUpWithKeyboard(page, 'Applied', 'Dev Kulkarni');
    const dev = candidates.find((c) => c.name === 'Dev Kulkarni')!;
    const board = await call<PipelineBoard>(`/api/jobs/${job.id}/pipeline`, 'GET');
    const version = board.json.columns.flatMap((c) => c.cards).find((c) => c.uuid === dev.uuid)!.version;
    const theirs = await call(`/api/candidates/${dev.uuid}/move`, 'POST', { status: 'interviewed', version });
    expect(theirs.status).toBe(200);
    // The drop (on Screening) was made from the old version: refused with the explanation.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByText(/moved Dev Kulkarni to Interviewed (a moment|\d+ \w+) ago/)
      .waitFor({ timeout: 3000 });
    await card(page, 'Interviewed', 'Dev Kulkarni').waitFor({ timeout: 3000 });
    expect(await card(page, 'Screening', 'Dev Kulkarni').count()).toBe(0);
    expect((await serverColumns()).interviewed).toEqual(['Dev Kulkarni']);
    await shot(page, 'pipeline-conflict');
    await page.context().close();
  });

  it('a drop on Rejected opens the rejection dialog; Cancel leaves the card', async () => {
    const page = await signIn(TEST_ADMIN, 'admin');
    await openBoard(page, 'admin');
    await card(page, 'Applied', 'Meera Rao').dragTo(column(page, 'Rejected'));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await shot(page, 'pipeline-reject-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'Applied', 'Meera Rao').waitFor();
    expect(await card(page, 'Rejected', 'Meera Rao').count()).toBe(0);
    expect((await serverColumns()).applied).toContain('Meera Rao');
    await page.context().close();
  });

  it('at 1440 px all seven columns fit, an empty one a slim strip; at 1920 px too; both themes, with axe', async () => {
    const page = await signIn(TEST_ADMIN, 'admin', LAPTOP);
    await openBoard(page, 'admin');
    const heads = () =>
      page.locator('.pipeline-column-head').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
        }),
      );
    const within = (width: number) => async () =>
      (await heads()).every((h) => h.left >= 0 && h.right <= width);
    await expect.poll(within(LAPTOP.width)).toBe(true);
    expect(await heads()).toHaveLength(7);
    // Selected, Joined and Rejected have no candidates here: slim strips, still places to drop on.
    const slim = await page
      .locator('.pipeline-column[data-empty]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.getBoundingClientRect().width]));
    expect(slim.map(([status]) => status)).toEqual(['selected', 'joined', 'rejected']);
    for (const [, width] of slim) expect(width).toBeLessThan(60);
    await expect.poll(() => column(page, 'Joined').count()).toBe(1);
    await lookInBothThemes(page, 'pipeline-1440', 'the board at 1440 px');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(within(1920)).toBe(true);
    await page.context().close();
  });

  it("a card held at the board's right edge scrolls the board, at its left edge back; the keyboard brings a column into view", async () => {
    const page = await signIn(TEST_ADMIN, 'admin', PHONE);
    await openBoard(page, 'admin');
    const board = page.locator('.pipeline-board');
    const scrollLeft = () => board.evaluate((el) => el.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    const box = (await board.boundingBox())!;
    const handle = (await card(page, 'Applied', 'Meera Rao').boundingBox())!;
    // Where the page last saw the dragged card: Chromium may skip some of the pointer's steps during a
    // drag, so the test moves again until the page has seen the card at the edge, then holds it still.
    await page.evaluate(() =>
      document.addEventListener(
        'dragover',
        (e) => document.body.setAttribute('data-drag-x', String(e.clientX)),
        true,
      ),
    );
    let nudge = 0;
    const holdAt = async (x: number) => {
      await expect
        .poll(async () => {
          nudge = 1 - nudge;
          await page.mouse.move(x, box.y + 200 + nudge);
          return Number(await page.locator('body').getAttribute('data-drag-x'));
        })
        .toBe(x);
    };
    await page.mouse.move(handle.x + 40, handle.y + 20);
    await page.mouse.down();
    await page.mouse.move(handle.x + 60, handle.y + 40, { steps: 4 });
    // Held still at the right edge: the board keeps scrolling.
    await holdAt(PHONE.width - 4);
    await expect.poll(scrollLeft, { timeout: 5000 }).toBeGreaterThan(300);
    // And at the left edge back to the start, where the card is dropped on its own column: nothing moves.
    await holdAt(4);
    await expect.poll(scrollLeft, { timeout: 5000 }).toBe(0);
    await page.mouse.move(box.x + 100, box.y + 200, { steps: 2 });
    await page.mouse.up();
    await card(page, 'Applied', 'Meera Rao').waitFor();
    expect((await serverColumns()).applied).toEqual(['Meera Rao']);

    // A keyboard drag's Tab to the next column shows that column.
    await pickUpWithKeyboard(page, 'Applied', 'Meera Rao');
    await page.keyboard.press('Tab');
    const screening = page.locator('.pipeline-column[data-status="screening"]');
    await expect
      .poll(async () => {
        const r = (await screening.boundingBox())!;
        return r.x >= 0 && r.x + r.width <= PHONE.width;
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => announced(page)).toContain('cancel');
    expect((await serverColumns()).applied).toEqual(['Meera Rao']);
    await page.context().close();
  });

  it('on a phone a stage picker names each stage with its total and shows the chosen one', async () => {
    const page = await signIn(TEST_ADMIN, 'admin', PHONE);
    await openBoard(page, 'admin');
    const picker = page.getByLabel('Stage');
    expect(await picker.locator('option').allInnerTexts()).toEqual([
      'Applied (1)',
      'Screening (1)',
      'Shortlisted (1)',
      'Interviewed (1)',
      'Selected (0)',
      'Joined (0)',
      'Rejected (0)',
    ]);
    const inView = (status: string) => async () => {
      const r = (await page.locator(`.pipeline-column[data-status="${status}"]`).boundingBox())!;
      return r.x >= 0 && r.x + r.width <= PHONE.width;
    };
    await picker.selectOption('interviewed');
    await expect.poll(inView('interviewed')).toBe(true);
    await card(page, 'Interviewed', 'Dev Kulkarni').waitFor();
    await picker.selectOption('joined');
    await expect.poll(inView('joined')).toBe(true);
    // A swipe back to the first column: the picker says so.
    await page.locator('.pipeline-board').evaluate((el) => el.scrollTo({ left: 0 }));
    await expect.poll(() => picker.inputValue()).toBe('applied');
    await page.context().close();
  });

  it('"Move to…" on a card moves it like a drop: saved, and seen in a second browser; Rejected asks first', async () => {
    const a = await signIn(TEST_ADMIN, 'admin', PHONE);
    const b = await signIn(VIEWER, 'pegawai');
    await openBoard(a, 'admin');
    await openBoard(b, 'employee');
    await a.getByRole('button', { name: 'Move Meera Rao to…' }).click();
    const menu = a.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Screening',
      'Shortlisted',
      'Interviewed',
      'Selected',
      'Joined',
      'Rejected',
    ]);
    await shot(a, 'pipeline-phone-move-menu');
    await menu.getByRole('menuitem', { name: 'Selected' }).click();
    await card(a, 'Selected', 'Meera Rao').waitFor({ timeout: 3000 });
    await expect.poll(async () => (await serverColumns()).selected).toEqual(['Meera Rao']);
    await card(b, 'Selected', 'Meera Rao').waitFor({ timeout: 3000 });
    expect(await card(b, 'Applied', 'Meera Rao').count()).toBe(0);
    await expect.poll(() => total(b, 'Selected').innerText()).toBe('1');

    await a.getByRole('button', { name: 'Move Meera Rao to…' }).click();
    await a.getByRole('menu').getByRole('menuitem', { name: 'Rejected' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await serverColumns()).selected).toEqual(['Meera Rao']);
    await a.context().close();
    await b.context().close();
  });

  it('on a phone the columns scroll sideways, about a screen wide each, in both themes, with no serious axe violation', async () => {
    const page = await signIn(TEST_ADMIN, 'admin', PHONE);
    await openBoard(page, 'admin');
    await expectNoHorizontalScroll(page, 'the board page on a phone');
    const sizes = await page.locator('.pipeline-board').evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      column: el.querySelector('.pipeline-column')!.getBoundingClientRect().width,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.column).toBeGreaterThan(PHONE.width * 0.7);
    await lookInBothThemes(page, 'pipeline-phone', 'the board on a phone');
    await page.context().close();

    const desk = await signIn(TEST_ADMIN, 'admin');
    await openBoard(desk, 'admin');
    await shot(desk, 'pipeline-desktop-light');
    await expectNoSeriousA11yViolations(desk, 'the board, light');
    await switchToDarkTheme(desk);
    await shot(desk, 'pipeline-desktop-dark');
    await expectNoSeriousA11yViolations(desk, 'the board, dark');
    await desk.context().close();
  });
});
