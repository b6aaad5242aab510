import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CLIENT_DECISION_LABELS,
  REVIEW_MESSAGES,
  type Candidate,
  type ClientFeedback,
  type ShareAnswer,
} from '@portal/contracts';
import { browserForThisFile, shot } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { uploadResume } from './accounts.ts';
import { adminCall, adminToken, createCandidate, createJob } from './data.ts';
import { REVIEW_PAGE_MESSAGES as M } from '../src/features/reviews/messages.ts';

const base = inject('baseUrl');
const { newPage } = browserForThisFile();
const PHONE = { width: 390, height: 844 };
/** The narrowest phone the page is made for. */
const SMALL_PHONE = { width: 375, height: 812 };
const WORD = `Review${Date.now().toString(36)}`;

/** A one-page PDF, as a candidate's resume. */
const RESUME = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function shortlist(c: Candidate) {
  const res = await fetch(`${base}/api/candidates/${c.uuid}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: JSON.stringify({ status: 'shortlisted', version: c.version }),
  });
  expect(res.status).toBe(200);
}

/** The recruiter shares the job's shortlist through the API; the client's link, as the mail carries it. */
async function share(jobId: number, body: Record<string, unknown> = {}) {
  const answer = await adminCall<ShareAnswer>(base, '/api/candidates/share', { jobId, ...body });
  const link = answer.links[0]!;
  return { id: link.id, shareId: answer.shareId, path: new URL(link.url).pathname };
}

/** Every message of the page's console that says the content security policy refused something. */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

/** Every request the page makes to a host other than the app's own. */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  const own = new URL(base).host;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.host !== own) foreign.push(r.url());
  });
  return foreign;
}

describe('the client review page in the browser', () => {
  it(
    'shows a shared shortlist on a phone in both themes, with the resume in the page',
    { timeout: 180_000 },
    async () => {
      const job = await createJob(base, {
        title: `${WORD} Payments Engineer`,
        clientName: 'Orbit Capital',
        clientEmail: 'talent@orbit.example',
      });
      const resume = await uploadResume(base, RESUME);
      const people = [
        {
          name: 'Kavya Menon',
          current_company: 'Razorpay Software Private Limited',
          current_ctc: 14.5,
          expected_ctc: 21,
          notice_period: 60,
          current_location: 'Thiruvananthapuram',
          preferred_location: 'Bengaluru',
          resume_url: resume,
        },
        { name: 'Dev Malhotra', current_company: 'Infosys' },
      ];
      const made: Candidate[] = [];
      for (const [i, p] of people.entries()) {
        const c = await createCandidate(base, {
          ...p,
          email: `${p.name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}@example.com`,
          phone: `98111000${10 + i}`,
          experience: 4,
          job_id: job.id,
          source: 'Direct',
        });
        await shortlist(c);
        made.push(c);
      }
      const { path } = await share(job.id, {
        showContactDetails: true,
        notes: {
          [made[0]!.uuid]:
            'Led the move of card payments to UPI at her last company; available to join in two months.',
        },
      });

      const page = await newPage(PHONE);
      const foreign = foreignRequests(page);
      // Nothing on the page, the embedded resume included, is refused by the app's content security policy.
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      const response = await page.goto(`${base}${path}`);
      // The page's address is the credential: not indexed, and not passed on to any site it links to.
      expect(response!.headers()['x-robots-tag']).toBe('noindex');
      expect(response!.headers()['referrer-policy']).toBe('no-referrer');
      const heading = page.getByRole('heading', { level: 1, name: M.shortlistFor(job.title) });
      await heading.waitFor();
      await expectTheme(page, 'light');
      const kavya = page.getByRole('article', { name: 'Kavya Menon' });
      expect(await kavya.textContent()).toContain('₹14.5 LPA');
      expect(
        await kavya.getByRole('link', { name: 'kavya.' + WORD.toLowerCase() + '@example.com' }).count(),
      ).toBe(1);
      await shot(page, 'review-phone-light');
      await expectNoSeriousA11yViolations(page, 'review page (phone, light)');
      await expectNoHorizontalScroll(page, 'review page (light)');

      // The PDF loads into the page only when asked for (each opening is counted for the recruiter).
      const loaded = page.waitForResponse((r) => r.url().endsWith(`/candidates/${made[0]!.uuid}/resume`));
      await kavya.getByRole('button', { name: 'Show resume of Kavya Menon' }).click();
      const pdf = await loaded;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
      const frame = kavya.locator('iframe');
      await frame.waitFor();
      expect(await frame.getAttribute('title')).toBe(M.resumeFrame('Kavya Menon'));
      await expectNoHorizontalScroll(page, 'review page with the resume open');
      await frame.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: new URL('./screenshots/review-phone-resume.png', import.meta.url).pathname,
      });

      await switchToDarkTheme(page);
      await page.reload();
      await heading.waitFor();
      await expectTheme(page, 'dark');
      await shot(page, 'review-phone-dark');
      await expectNoSeriousA11yViolations(page, 'review page (phone, dark)');
      await expectNoHorizontalScroll(page, 'review page (dark)');
      expect(foreign).toEqual([]);
      expect(refused).toEqual([]);
      await page.context().close();

      // On a desktop the facts sit side by side.
      const wide = await newPage();
      await wide.goto(`${base}${path}`);
      await wide.getByRole('heading', { level: 1, name: M.shortlistFor(job.title) }).waitFor();
      await shot(wide, 'review-desktop-light');
      await expectNoSeriousA11yViolations(wide, 'review page (desktop)');
      await wide.context().close();
    },
  );

  it(
    'says when a link is not valid, has expired or was withdrawn, in both themes',
    { timeout: 120_000 },
    async () => {
      const job = await createJob(base, { title: `${WORD} Analyst` });
      const c = await createCandidate(base, {
        name: 'Asha Rao',
        email: `asha.${WORD.toLowerCase()}@example.com`,
        phone: '9811100020',
        experience: 2,
        job_id: job.id,
        source: 'Direct',
      });
      await shortlist(c);
      const withdrawn = await share(job.id);
      await adminCall(base, `/api/shares/links/${withdrawn.id}/revoke`, {});

      const page = await newPage(PHONE);
      const foreign = foreignRequests(page);
      for (const theme of ['light', 'dark'] as const) {
        for (const [name, path, title, message] of [
          ['unknown', '/review/no-such-link', M.notValid, REVIEW_MESSAGES.linkNotFound],
          ['withdrawn', withdrawn.path, M.withdrawn, REVIEW_MESSAGES.linkRevoked],
        ] as const) {
          await page.goto(`${base}${path}`);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          if (theme === 'dark' && name === 'unknown') await switchToDarkTheme(page);
          await expectTheme(page, theme);
          expect(await page.getByText(message).count()).toBe(1);
          await shot(page, `review-phone-${theme}-${name}`);
          await expectNoSeriousA11yViolations(page, `${name} link (${theme})`);
          await expectNoHorizontalScroll(page, `${name} link (${theme})`);
        }
      }
      expect(await page.getByText(M.contactSender, { exact: false }).count()).toBe(1);
      expect(foreign).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'takes a "not a fit" with its reason and a comment on a phone, in both themes, and follows the share live',
    { timeout: 240_000 },
    async () => {
      const job = await createJob(base, {
        title: `${WORD} Data Platform Lead`,
        clientName: 'Orbit Capital',
        clientEmail: 'talent@orbit.example',
      });
      const made: Candidate[] = [];
      for (const [i, name] of ['Meera Iyer', 'Rohan Gupta'].entries()) {
        const c = await createCandidate(base, {
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}.${WORD.toLowerCase()}@example.com`,
          phone: `98111000${30 + i}`,
          experience: 7,
          current_company: 'Flipkart Internet Private Limited',
          job_id: job.id,
          source: 'Direct',
        });
        await shortlist(c);
        made.push(c);
      }
      const [meeraRecord, rohanRecord] = made;
      const link = await share(job.id);

      const page = await newPage(SMALL_PHONE);
      const foreign = foreignRequests(page);
      const refused = cspRefusals(page);
      await page.goto(`${base}${link.path}`);
      await page.getByRole('heading', { level: 1, name: M.shortlistFor(job.title) }).waitFor();
      // The page follows its share live once its socket joined the share's room.
      await page.locator('section[data-live="online"]').waitFor();
      const meera = page.getByRole('article', { name: 'Meera Iyer' });

      // Nothing chosen: the form says so, and nothing is sent.
      const saveMeera = meera.getByRole('button', { name: `${M.saveDecision} on Meera Iyer` });
      await saveMeera.click();
      await meera.getByText(REVIEW_MESSAGES.decisionRequired).waitFor();
      await meera.getByRole('radio', { name: CLIENT_DECISION_LABELS.not_a_fit, exact: true }).check();
      await saveMeera.click();
      await meera.getByText(REVIEW_MESSAGES.reasonRequired).waitFor();
      await meera.getByLabel(/^Reason/).selectOption('Skills Mismatch');
      await meera.getByRole('radio', { name: M.ratingOption(2) }).check();
      await meera.getByLabel(M.decisionComment).fill('Has not run Kafka at our scale.');
      await meera.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: new URL('./screenshots/review-phone-decision-form.png', import.meta.url).pathname,
      });
      await expectNoSeriousA11yViolations(page, 'review page with the decision form filled (phone)');
      await expectNoHorizontalScroll(page, 'review page with the decision form');
      await saveMeera.click();
      await meera.getByText('Not a fit (Skills Mismatch) · 2/5').waitFor();

      // The decision is on the application, where the recruiter reads it.
      const feedback = await adminCall<ClientFeedback>(
        base,
        `/api/candidates/${meeraRecord!.uuid}/client-feedback`,
      );
      expect(feedback.shares.flatMap((s) => s.decisions)).toEqual([
        expect.objectContaining({ decision: 'not_a_fit', reason: 'Skills Mismatch', rating: 2 }),
      ]);

      await meera.getByLabel(M.writeComment).fill('Could she do a take-home task instead?');
      await meera.getByRole('button', { name: `${M.postComment} on Meera Iyer` }).click();
      const thread = meera.getByRole('list', { name: M.commentsOf('Meera Iyer') });
      await thread.getByText('Could she do a take-home task instead?').waitFor();

      // The recruiter answers on the candidate's page: the reply shows here without a reload.
      await adminCall(base, `/api/candidates/${meeraRecord!.uuid}/client-comments`, {
        shareLinkId: link.id,
        text: 'Yes: I will send her one today.',
      });
      await thread.getByText('Yes: I will send her one today.').waitFor({ timeout: 5000 });
      expect(await thread.getByRole('listitem').count()).toBe(2);
      await shot(page, 'review-phone-feedback-light');
      await expectNoSeriousA11yViolations(page, 'review page with a decision and a thread (phone, light)');
      await expectNoHorizontalScroll(page, 'review page with a decision and a thread (light)');

      await switchToDarkTheme(page);
      await meera.scrollIntoViewIfNeeded();
      await shot(page, 'review-phone-feedback-dark');
      await expectNoSeriousA11yViolations(page, 'review page with a decision and a thread (phone, dark)');
      await expectNoHorizontalScroll(page, 'review page with a decision and a thread (dark)');

      // On a desktop, the decision and the thread sit side by side (light and dark).
      const wide = await newPage();
      const wideRefused = cspRefusals(wide);
      await wide.goto(`${base}${link.path}`);
      await wide.getByRole('heading', { level: 1, name: M.shortlistFor(job.title) }).waitFor();
      await wide.getByText('Not a fit (Skills Mismatch) · 2/5').waitFor();
      await shot(wide, 'review-desktop-feedback-light');
      await switchToDarkTheme(wide);
      await shot(wide, 'review-desktop-feedback-dark');
      await expectNoSeriousA11yViolations(wide, 'review page with a decision and a thread (desktop, dark)');
      await wide.context().close();

      // The recruiter withdraws Rohan from the share: his card gives way to a line saying so.
      const withdrawn = await fetch(`${base}/api/shares/${link.shareId}/candidates/${rohanRecord!.uuid}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await adminToken(base)}` },
      });
      expect(withdrawn.status).toBe(200);
      await page.getByText(REVIEW_MESSAGES.withdrawnLine('Rohan Gupta')).waitFor({ timeout: 5000 });
      expect(await page.getByRole('article', { name: 'Rohan Gupta' }).count()).toBe(0);
      await page.getByRole('heading', { level: 2, name: M.count(1) }).waitFor();
      await shot(page, 'review-phone-dark-withdrawn-live');
      await expectNoSeriousA11yViolations(page, 'review page with a candidate withdrawn (dark)');

      // The recruiter revokes the link: the open page says so at once.
      await adminCall(base, `/api/shares/links/${link.id}/revoke`, {});
      await page.getByRole('heading', { level: 1, name: M.withdrawn }).waitFor({ timeout: 5000 });
      expect(await page.getByText(REVIEW_MESSAGES.linkRevoked).count()).toBe(1);
      expect(await page.getByRole('article').count()).toBe(0);
      await shot(page, 'review-phone-dark-revoked-live');
      await expectNoSeriousA11yViolations(page, 'review page revoked while open (dark)');

      expect(foreign).toEqual([]);
      expect(refused).toEqual([]);
      expect(wideRefused).toEqual([]);
      await page.context().close();
    },
  );
});
