import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REVIEW_MESSAGES, type Candidate, type ShareAnswer } from '@portal/contracts';
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
  return { id: link.id, path: new URL(link.url).pathname };
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
});
