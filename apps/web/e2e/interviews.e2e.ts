import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { APP_TIME_ZONE, todayIn, type Candidate, type ClientContact, type Job } from '@portal/contracts';
import { launchBrowser, settle, signedInPage } from './browser.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { adminCall, createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { INTERVIEW_SCREEN_MESSAGES as S } from '../src/features/interviews/messages.ts';

/**
 * Two recruiters on one candidate's page, one at a desk and one on a phone: the desk schedules an interview and
 * the phone's open page shows it at once, without a reload; both themes, axe clean, nothing wider than a phone.
 */
const base = inject('baseUrl');
const WORD = `Interviews${Date.now().toString(36)}`;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
let browser: Browser;
let job: Job;
let meera: Candidate;
let contact: ClientContact;

beforeAll(async () => {
  browser = await launchBrowser();
  job = await createJob(base, {
    title: `${WORD} Platform Engineer`,
    interviewRounds: ['Shortlisting', 'Technical Round 1', 'HR Round'],
  });
  meera = await createCandidate(base, {
    name: 'Meera Iyer',
    email: `meera.${WORD.toLowerCase()}@example.com`,
    phone: `96${String(Date.now() % 1e7).padStart(7, '0')}1`,
    experience: 6,
    source: 'LinkedIn',
    job_id: job.id,
  });
  contact = await adminCall<ClientContact>(base, `/api/jobs/${job.id}/client-contacts`, {
    name: 'Anand Rao',
    email: `anand.${WORD.toLowerCase()}@client.example`,
  });
});
afterAll(async () => {
  await browser?.close();
});

const shotPath = (name: string) => new URL(`./screenshots/${name}.png`, import.meta.url).pathname;

/** The screen from the section's heading down (below the sticky header), as a person would scroll to it. */
async function sectionShot(page: Page, section: Locator, name: string) {
  await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
  await settle(page);
  await page.screenshot({ path: shotPath(name) });
}

async function pick(page: Page, dialog: Locator, label: RegExp, name: string) {
  await dialog.getByRole('button', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('interviews reach the other screens live', () => {
  it('an interview scheduled at the desk appears on the phone at once', { timeout: 240_000 }, async () => {
    const desk = await signedInPage(browser, base, TEST_ADMIN, 'admin', DESK);
    const phone = await signedInPage(browser, base, TEST_ADMIN, 'admin', PHONE);
    const path = `${base}/admin/recruitments/candidates/${meera.uuid}`;
    await desk.goto(path);
    await phone.goto(path);
    const deskSection = desk.locator('section.interviews');
    const phoneSection = phone.locator('section.interviews');
    await deskSection.getByText(S.none).waitFor();
    await phoneSection.getByText(S.none).waitFor();
    await phone.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

    await deskSection.getByRole('button', { name: S.scheduleOf('Meera Iyer') }).click();
    const dialog = desk.getByRole('dialog', { name: S.scheduleTitle });
    await dialog.getByRole('combobox', { name: /^Round/ }).selectOption('Technical Round 1');
    const day = todayIn(APP_TIME_ZONE, new Date(Date.now() + 2 * 86_400_000));
    await dialog.getByLabel(/^Date/).fill(day);
    await dialog.getByLabel(/^Time/).fill('11:30');
    await dialog.getByRole('combobox', { name: /^Mode/ }).selectOption('video');
    await dialog.getByRole('textbox', { name: /^Video link/ }).fill('https://meet.example.com/meera');
    await pick(desk, dialog, / Interviewers$/, 'Administrator');
    await pick(desk, dialog, / Client interviewers$/, contact.name);
    await dialog.getByRole('textbox', { name: /^Note for interviewers/ }).fill('System design, then Go.');
    await settle(desk);
    await desk.screenshot({ path: shotPath('interviews-dialog-desk-light') });
    await expectNoSeriousA11yViolations(desk, 'the schedule dialog (light)');

    const saved = desk.waitForResponse(
      (r) => r.url().endsWith(`/candidates/${meera.uuid}/interviews`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: S.save }).click();
    expect((await saved).status()).toBe(201);
    const started = Date.now();
    const onPhone = phoneSection.getByRole('heading', { name: 'Technical Round 1', level: 3 });
    await onPhone.waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await phone.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    await phoneSection.getByRole('link', { name: 'https://meet.example.com/meera' }).waitFor();
    await phoneSection.getByText(contact.name).waitFor();

    await deskSection.getByRole('heading', { name: 'Technical Round 1', level: 3 }).waitFor();
    await expectNoSeriousA11yViolations(desk, 'the candidate page with an interview (light)');
    await sectionShot(desk, deskSection, 'interviews-section-desk-light');
    await switchToDarkTheme(desk);
    await expectNoSeriousA11yViolations(desk, 'the candidate page with an interview (dark)');
    await sectionShot(desk, deskSection, 'interviews-section-desk-dark');

    await expectNoHorizontalScroll(phone, 'the candidate page with an interview on a phone');
    await expectNoSeriousA11yViolations(phone, 'the candidate page on a phone (light)');
    await sectionShot(phone, phoneSection, 'interviews-section-phone-light');
    await switchToDarkTheme(phone);
    await expectNoSeriousA11yViolations(phone, 'the candidate page on a phone (dark)');
    await sectionShot(phone, phoneSection, 'interviews-section-phone-dark');

    // The phone reschedules it: the dialog fits the phone, and the desk sees the new time.
    await phoneSection.getByRole('button', { name: S.rescheduleOf('Technical Round 1') }).click();
    const again = phone.getByRole('dialog', { name: S.rescheduleTitle });
    await again.getByLabel(/^Time/).fill('16:00');
    await settle(phone);
    await phone.screenshot({ path: shotPath('interviews-dialog-phone-dark') });
    await expectNoSeriousA11yViolations(phone, 'the reschedule dialog on a phone (dark)');
    await again.getByRole('button', { name: S.saveChanges }).click();
    await deskSection.getByText(/4:00 PM/).waitFor({ timeout: 5000 });
    await desk.context().close();
    await phone.context().close();
  });
});
