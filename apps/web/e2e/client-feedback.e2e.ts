import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEEDBACK_MESSAGES as F, type Candidate, type Job, type ShareAnswer } from '@portal/contracts';
import { launchBrowser, settle, shot, signedInPage } from './browser.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { adminCall, adminToken, createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { REVIEW_PAGE_MESSAGES as M } from '../src/features/reviews/messages.ts';

/**
 * The client answers and the team sees it live: the recruiter's board on a desktop and the client's review
 * page on a phone, in two browser contexts. The client's "Interested" reaches the open card in under a
 * second; the recruiter replies on the candidate page and the reply reaches the open review page.
 */
const base = inject('baseUrl');
const WORD = `Feedback${Date.now().toString(36)}`;
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let job: Job;
let kavya: Candidate;
let reviewPath: string;

async function shortlist(c: Candidate) {
  const res = await fetch(`${base}/api/candidates/${c.uuid}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: JSON.stringify({ status: 'shortlisted', version: c.version }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  job = await createJob(base, {
    title: `${WORD} Data Engineer`,
    clientName: 'Orbit Capital',
    clientEmail: 'talent@orbit.example',
  });
  const people = ['Kavya Menon', 'Rohan Das'];
  const made: Candidate[] = [];
  for (const [i, name] of people.entries()) {
    made.push(
      await createCandidate(base, {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}@example.com`,
        phone: `97${String(Date.now() % 1e7).padStart(7, '0')}${i}`,
        experience: 5,
        current_company: 'Infosys',
        expected_ctc: 24,
        source: 'LinkedIn',
        job_id: job.id,
      }),
    );
  }
  kavya = made[0]!;
  for (const c of made) await shortlist(c);
  const answer = await adminCall<ShareAnswer>(base, '/api/candidates/share', { jobId: job.id });
  reviewPath = new URL(answer.links[0]!.url).pathname;
  // Rohan already has a "not a fit" and two comments: the board shows both kinds of badge side by side.
  const asClient = async (path: string, body: unknown) => {
    const res = await fetch(
      `${base}/api/review/${reviewPath.split('/review/')[1]}/candidates/${made[1]!.uuid}/${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    expect(res.ok).toBe(true);
  };
  await asClient('decision', {
    decision: 'not_a_fit',
    reason: 'Experience Gap',
    comment: 'Needs more Spark',
  });
  await asClient('comments', { text: 'Is he open to a contract role?' });
  await asClient('comments', { text: 'Otherwise we pass.' });
});
afterAll(async () => {
  await browser?.close();
});

/** The board's card of a candidate. */
const cardOf = (page: Page, name: string) =>
  page.locator('.pipeline-card').filter({ has: page.locator('.pipeline-card-name', { hasText: name }) });

/** The screen from the section's heading down (below the sticky header), as a person would scroll to it. */
async function sectionShot(page: Page, section: ReturnType<Page['locator']>, name: string) {
  await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
  await settle(page);
  await page.screenshot({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname });
}

describe("the client's answers reach the team live", () => {
  it(
    "the client's Interested shows on the open card in under a second; the reply reaches the review page",
    { timeout: 240_000 },
    async () => {
      const recruiter = await signedInPage(browser, base, TEST_ADMIN, 'admin', { width: 1440, height: 900 });
      await recruiter.goto(`${base}/admin/recruitments/job-management/details/${job.id}?tab=pipeline`);
      const card = cardOf(recruiter, 'Kavya Menon');
      await card.waitFor();
      await cardOf(recruiter, 'Rohan Das').getByText('Not a fit').waitFor();
      expect(await cardOf(recruiter, 'Rohan Das').getByText(F.comments(2)).count()).toBe(1);
      // Marked, so that a reload would be noticed.
      await recruiter.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));

      const client = await (await browser.newContext({ viewport: PHONE, isMobile: true })).newPage();
      await client.goto(`${base}${reviewPath}`);
      await client.getByRole('heading', { level: 1, name: M.shortlistFor(job.title) }).waitFor();
      const onPage = client.getByRole('article', { name: 'Kavya Menon' });
      await onPage.getByRole('radio', { name: 'Interested — invite to interview' }).check();
      const recorded = client.waitForResponse(
        (r) => r.url().includes(`/candidates/${kavya.uuid}/decision`) && r.request().method() === 'POST',
      );
      await onPage.getByRole('button', { name: M.saveDecision }).click();
      expect((await recorded).status()).toBe(200);
      const started = Date.now();
      await card.getByText('Interested', { exact: true }).waitFor({ timeout: 5000 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await recruiter.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
      // The move it suggests is offered, and nothing moved by itself.
      await card.getByRole('button', { name: F.moveOf(F.moveTo('Interviewed'), 'Kavya Menon') }).waitFor();
      expect(await card.locator('xpath=ancestor::section[1]').getAttribute('data-status')).toBe(
        'shortlisted',
      );

      await shot(recruiter, 'feedback-board-light');
      await expectNoSeriousA11yViolations(recruiter, 'the board with client badges (light)');

      // The bell (the recruiter shared the shortlist) offers the same move beside its item's link.
      await recruiter.getByRole('button', { name: /^Notifications/ }).click();
      const bellItem = recruiter
        .getByRole('list', { name: 'Notifications' })
        .getByRole('listitem')
        .filter({ hasText: 'Kavya Menon' })
        .filter({ has: recruiter.getByRole('button', { name: /^Move to Interviewed/ }) });
      await bellItem.first().waitFor();
      await shot(recruiter, 'feedback-bell-light');
      // The open popover's hidden dismiss buttons count as content outside a landmark (as notifications.e2e.ts says).
      await expectNoSeriousA11yViolations(recruiter, 'the bell with a suggested move', {
        skipRules: ['region'],
      });
      await recruiter.keyboard.press('Escape');
      await switchToDarkTheme(recruiter);
      await shot(recruiter, 'feedback-board-dark');
      await expectNoSeriousA11yViolations(recruiter, 'the board with client badges (dark)');

      // The recruiter answers on the candidate page (on a phone now); the client's open page shows it live.
      await recruiter.setViewportSize(PHONE);
      await recruiter.goto(`${base}/admin/recruitments/candidates/${kavya.uuid}`);
      const section = recruiter.locator('section.client-feedback');
      const replyBox = section.getByRole('textbox', { name: /^Reply to the client/ });
      await replyBox.fill('Thursday 11:00 works for her');
      await section.getByRole('button', { name: F.send }).click();
      await section.getByText('Thursday 11:00 works for her').waitFor();
      await client
        .getByRole('list', { name: M.commentsOf('Kavya Menon') })
        .getByText('Thursday 11:00 works for her')
        .waitFor({ timeout: 5000 });

      await expectNoHorizontalScroll(recruiter, 'the candidate page on a phone');
      await expectNoSeriousA11yViolations(recruiter, 'the candidate page with client feedback (dark)');
      await sectionShot(recruiter, section, 'feedback-candidate-phone-dark');
      await recruiter.getByRole('button', { name: 'Switch to light theme' }).click();
      await expectNoSeriousA11yViolations(recruiter, 'the candidate page with client feedback (light)');
      await sectionShot(recruiter, section, 'feedback-candidate-phone-light');

      await shot(client, 'feedback-review-phone-reply');
      await expectNoSeriousA11yViolations(client, 'the review page after the reply');
      await recruiter.context().close();
      await client.context().close();
    },
  );
});
