import { describe, expect, inject, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  APPLICATION_REFERENCE_PATTERN,
  CONTACT_MESSAGES,
  PUBLIC_MESSAGES,
  TESTIMONIAL_AUTOPLAY_MS,
  type PublicJob,
} from '@portal/contracts';
import { browserForThisFile, shot } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import JS_BUDGET from '../scripts/js-budget.json' with { type: 'json' };

const base = inject('baseUrl');
const { newPage } = browserForThisFile();
const PHONE = { width: 390, height: 844 };

/** A one-page PDF, as an applicant's resume. */
const RESUME = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** The embedded map, answered locally: the test needs no network, and axe can look inside it. */
async function stubMap(page: Page) {
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map of the office</p></body></html>',
    }),
  );
}

async function openings(): Promise<PublicJob[]> {
  return (await fetch(`${base}/api/public/jobs`)).json() as Promise<PublicJob[]>;
}

describe('the public site in the browser', () => {
  for (const [size, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(
      `every public page passes axe in both themes and has its own title (${size})`,
      { timeout: 240_000 },
      async () => {
        const [job] = await openings();
        expect(job, 'the demo data has an open job').toBeDefined();
        const pages: [string, string, RegExp][] = [
          ['home', '/', /Welcome to the Talent/],
          ['why-choose-us', '/why-choose-us', /^Why Choose Us$/],
          ['gallery', '/gallery', /^Project Gallery$/],
          ['documents', '/project-documents', /^Project Documents$/],
          ['contact', '/contact', /^Contact Us$/],
          ['careers', '/careers/jobs', new RegExp(`^${PUBLIC_MESSAGES.openings}$`)],
          ['career-job', `/careers/jobs/${job!.id}`, new RegExp(job!.title.replace(/[()]/g, '.'))],
          ['apply', `/careers/jobs/${job!.id}/apply`, /^Apply for /],
          ['job-not-found', '/careers/jobs/999999999', new RegExp(PUBLIC_MESSAGES.jobNotFound)],
          ['not-found', '/no-such-page', /Sorry, this page is not available!/],
        ];
        const titles = new Set<string>();
        const page = await newPage(viewport);
        await stubMap(page);
        for (const theme of ['light', 'dark'] as const) {
          for (const [name, path, heading] of pages) {
            await page.goto(`${base}${path}`);
            if (theme === 'dark' && name === 'home') {
              await page.getByRole('heading', { level: 1, name: heading }).waitFor();
              await switchToDarkTheme(page);
            }
            await page.getByRole('heading', { level: 1, name: heading }).waitFor();
            await expectTheme(page, theme);
            await shot(page, `public-${size}-${theme}-${name}`);
            await expectNoSeriousA11yViolations(page, `${name} (${size}, ${theme})`);
            if (viewport) await expectNoHorizontalScroll(page, `${name} (${theme})`);
            titles.add(await page.title());
          }
        }
        // Each page names itself; the two not-found pages may share a name.
        expect(titles.size, [...titles].join(' | ')).toBeGreaterThanOrEqual(pages.length - 1);
        await page.context().close();
      },
    );
  }

  for (const [size, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`an applicant browses, searches, opens a job, applies with a PDF and sees the confirmation (${size})`, async () => {
      const page = await newPage(viewport);
      const scripts: string[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: /Welcome to the Talent/ }).waitFor();
      await page.getByRole('link', { name: 'View Job Openings' }).click();
      await page.waitForURL('**/careers/jobs');
      await page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.openings }).waitFor();
      const cards = page.locator('.opening-card');
      await cards.first().waitFor();
      const [job] = await openings();
      const word = job!.title.split(/\s+/)[0]!;
      await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
      await page.waitForURL(new RegExp(`search=${encodeURIComponent(word)}`));
      await page.getByRole('link', { name: job!.title, exact: true }).waitFor();
      await page.getByRole('searchbox', { name: 'Search jobs' }).fill('zzz-no-such-opening');
      await page.getByText(PUBLIC_MESSAGES.noJobs).waitFor();
      await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
      await page.getByRole('link', { name: job!.title, exact: true }).click();
      await page.waitForURL(`**/careers/jobs/${job!.id}`);
      await page.getByRole('heading', { level: 1, name: job!.title }).waitFor();
      await shot(page, `apply-${size}-1-job`);
      await page.getByRole('link', { name: 'Apply Now' }).first().click();
      await page.waitForURL(`**/careers/jobs/${job!.id}/apply`);
      await page.getByLabel('Full Name').fill(`E2E Applicant ${size}`);
      await page.getByLabel('Email').fill(`e2e.applicant.${size}.${Date.now()}@example.com`);
      await page.getByLabel('Phone').fill(size === 'phone' ? '9845012346' : '9845012347');
      await page.getByLabel('Experience (years)').fill('4');
      await page.getByLabel('Current Location').fill('Karnataka, Bengaluru Urban');
      await page
        .getByLabel('Resume')
        .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: RESUME });
      // The honeypot is out of reach: hidden from assistive technology and the tab order.
      const trap = page.locator('input[name="website"]');
      await expect(trap.getAttribute('tabindex')).resolves.toBe('-1');
      const offScreen = await trap.evaluate((el) => el.getBoundingClientRect().right <= 0);
      expect(offScreen).toBe(true);
      await expect(trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);
      await shot(page, `apply-${size}-2-form`);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.applied }).waitFor();
      await expect(page.getByText(APPLICATION_REFERENCE_PATTERN).isVisible()).resolves.toBe(true);
      await shot(page, `apply-${size}-3-confirmation`);
      if (viewport) await expectNoHorizontalScroll(page, 'the confirmation');
      await expectNoSeriousA11yViolations(page, `confirmation (${size})`);
      // The public pages never downloaded the admin area's code.
      expect(
        scripts.filter((s) => /_admin|_employee|xlsx|JobFormScreen|Candidate|DataTable/.test(s)),
      ).toEqual([]);
      await page.context().close();
    });
  }

  it(`a visitor opening ${JS_BUDGET.page} downloads at most ${JS_BUDGET.kbGzip} KB of JavaScript (gzip), none of it signed-in code`, async () => {
    const page = await newPage(PHONE);
    const scripts: Promise<{ path: string; body: Buffer }>[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(r.body().then((body) => ({ path, body })));
    });
    await page.goto(`${base}${JS_BUDGET.page}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.openings }).waitFor();
    await page.locator('.opening-card').first().waitFor();
    const downloaded = await Promise.all(scripts);
    // The app serves files as they are; a proxy in front compresses them: count them as gzip would send them.
    const sizes = downloaded.map((s) => ({ path: s.path, kb: gzipSync(s.body).length / 1024 }));
    const kb = sizes.reduce((sum, s) => sum + s.kb, 0);
    const largest = sizes
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 5)
      .map((s) => `${s.path} ${s.kb.toFixed(1)} KB`);
    console.log(`${JS_BUDGET.page}: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${sizes.length} files`);
    expect(kb, `${kb.toFixed(1)} KB gzip; the largest: ${largest.join(', ')}`).toBeLessThanOrEqual(
      JS_BUDGET.kbGzip,
    );
    // What only signed-in screens hold: their API calls, the live connection (engine.io), TypeBox's schemas.
    for (const marker of ['/api/candidates', '/api/loans', '/api/users', 'engine.io', '~kind']) {
      const holders = downloaded.filter((s) => s.body.includes(marker)).map((s) => s.path);
      expect(holders, `scripts holding "${marker}"`).toEqual([]);
    }
    await page.context().close();
  });

  it('the testimonials carousel advances by itself, pauses, and stays still under reduced motion', async () => {
    const page = await newPage();
    // The page's clock is the test's: the carousel's timer fires when the test moves time on, not after a wait.
    await page.clock.install();
    await page.goto(`${base}/`);
    const carousel = page.getByRole('region', { name: 'Testimonials' });
    const firstShown = () =>
      carousel
        .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
        .first()
        .getAttribute('aria-label');
    await carousel.waitFor();
    await page.mouse.move(0, 0);
    expect(await firstShown()).toBe('1 of 4');
    await page.clock.runFor(TESTIMONIAL_AUTOPLAY_MS);
    await expect.poll(firstShown).toBe('2 of 4');
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Play testimonials' }).waitFor();
    const paused = await firstShown();
    await page.clock.runFor(2 * TESTIMONIAL_AUTOPLAY_MS);
    expect(await firstShown()).toBe(paused);
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await firstShown()).not.toBe(paused);
    await page.context().close();

    const still = await (await page.context().browser()!.newContext({ reducedMotion: 'reduce' })).newPage();
    await still.clock.install();
    await still.goto(`${base}/`);
    await still.getByRole('button', { name: 'Play testimonials' }).waitFor();
    await still.clock.runFor(2 * TESTIMONIAL_AUTOPLAY_MS);
    expect(
      await still
        .getByRole('region', { name: 'Testimonials' })
        .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
        .first()
        .getAttribute('aria-label'),
    ).toBe('1 of 4');
    await still.context().close();
  });

  it('the gallery opens a project full size, keeps focus inside, and Escape closes it', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${base}/gallery`);
    const item = page.getByRole('button', { name: /Lake View Residency Ongoing/ });
    await item.click();
    const dialog = page.getByRole('dialog', { name: /Lake View Residency/ });
    await dialog.waitFor();
    await expect(dialog.getByRole('img').getAttribute('alt')).resolves.toMatch(/towers/);
    await shot(page, 'gallery-overlay');
    await expectNoSeriousA11yViolations(page, 'gallery overlay');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back a frame after the overlay leaves (react-aria restores it once the scope unmounts).
    await expect.poll(() => item.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('documents download as PDFs; a failed download shows the alert; Contact Support leads to /contact', async () => {
    const page = await newPage();
    await page.goto(`${base}/project-documents`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download Project Overview/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('project_overview.pdf');
    const pdf = await fetch(`${base}/documents/Facility_Infra_Details.pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.route('**/documents/Facility_Infra_Details.pdf', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.getByRole('button', { name: /Download Facility/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(CONTACT_MESSAGES.downloadFailed);
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await page.waitForURL('**/contact');
    await page.context().close();
  });

  it('the contact form sends a message; the chat button opens WhatsApp with a greeting', async () => {
    const page = await newPage(PHONE);
    await stubMap(page);
    await page.goto(`${base}/contact`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Ravi Kumar');
    await page.getByRole('textbox', { name: 'Phone' }).fill('9845012345');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('I would like to visit the layout on Saturday.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(CONTACT_MESSAGES.sentTitle).waitFor();
    await shot(page, 'contact-sent');
    await expect(page.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('');
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.hostname).toBe('wa.me');
    expect(href.searchParams.get('text')).toMatch(/^Hello!/);
    await page.context().close();
  });
});
