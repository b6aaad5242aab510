import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CANDIDATE_MESSAGES as M,
  SHARE_TEXTS as T,
  STORAGE_KEYS,
  type ShortlistShareList,
} from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { REVIEW_PAGE_MESSAGES } from '../src/features/reviews/messages.ts';
import { notOpenedText } from '../src/features/shares/ShareRecord.tsx';
import { backdateShare } from '../test/data.ts';
import { adminCall, adminToken, createCandidate, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const WORD = `Share${Date.now().toString(36)}`;
const browser = browserForThisFile();

async function shortlist(uuid: string, version: number) {
  const res = await fetch(`${base}/api/candidates/${uuid}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: JSON.stringify({ status: 'shortlisted', version }),
  });
  expect(res.status).toBe(200);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Share shortlisted candidates' });

describe('sharing a shortlist with the client', () => {
  it('shows who gets which candidates before sending, keeps a record, and warns before sending again', async () => {
    const job = await createJob(base, {
      title: `${WORD} Analyst`,
      clientName: 'Orbit Capital',
      clientEmail: 'talent@orbit.example',
    });
    const people = [
      { name: 'Kavya Menon', email: `kavya.${WORD.toLowerCase()}@example.com`, phone: '9811100001' },
      { name: 'Dev Malhotra', email: `dev.${WORD.toLowerCase()}@example.com`, phone: '9811100002' },
    ];
    for (const p of people) {
      const c = await createCandidate(base, { ...p, experience: 3, job_id: job.id, source: 'Direct' });
      await shortlist(c.uuid, c.version);
    }

    const page = await browser.newPage();
    await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await page.goto(`${base}/admin/recruitments/job-management/${job.id}/candidates`);
    await page.getByRole('button', { name: 'Share Shortlisted' }).click();

    // The preview: to whom, and which candidates; nothing is sent yet.
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).textContent()).toContain('Orbit Capital <talent@orbit.example>');
    await expectNoSeriousA11yViolations(page, 'share preview');
    await shot(page, 'share-preview');
    // react-aria draws its own box over a hidden input: a person clicks the label.
    await dialog(page).locator('label.checkbox', { hasText: 'Dev Malhotra' }).click();
    await expect
      .poll(() => dialog(page).getByRole('checkbox', { name: 'Dev Malhotra' }).isChecked())
      .toBe(false);
    await dialog(page).getByRole('button', { name: 'Send 1 to client' }).click();
    await expect.poll(() => page.getByText(M.sharedQueued(1)).isVisible()).toBe(true);
    await page.getByRole('dialog', { name: T.resultTitle }).getByRole('button', { name: T.done }).click();

    // The record on the job.
    await page.getByText('Sent to the client', { exact: true }).click();
    await expect
      .poll(() => page.getByText('Sent 1 to Orbit Capital <talent@orbit.example>').isVisible())
      .toBe(true);

    // Again, in the dark theme: Kavya was sent already, so she is left out until ticked, and ticking her warns.
    await switchToDarkTheme(page);
    await page.getByRole('button', { name: 'Share Shortlisted' }).click();
    const kavya = dialog(page).getByRole('checkbox', { name: /^Kavya Menon \(already sent/ });
    await expect.poll(() => kavya.isChecked()).toBe(false);
    expect(await dialog(page).getByRole('checkbox', { name: 'Dev Malhotra' }).isChecked()).toBe(true);
    await dialog(page).locator('label.checkbox', { hasText: 'Kavya Menon (already sent' }).click();
    await expect
      .poll(() =>
        dialog(page)
          .getByText(M.shareAgain(['Kavya Menon']))
          .isVisible(),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page, 'share warning, dark');
    await shot(page, 'share-again-warning');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
  });
});

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

/** Each screen of the flow: no axe finding, nothing sideways on a phone, and a picture to look at. */
async function check(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await expectNoHorizontalScroll(page, name);
  // A dialog scrolls within itself: up and down only, its content never wider than it.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.modal')].map((m) => m.scrollWidth - m.clientWidth),
  );
  expect(
    wide.every((extra) => extra <= 1),
    `${name}: a dialog's content is wider than the dialog`,
  ).toBe(true);
  await shot(page, name);
}

describe('review links: contacts, options, the link once, revoke', () => {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of THEMES) {
      it(`a recruiter adds a client contact, shares with options, copies a link and revokes it (${device}, ${theme})`, async () => {
        const word = `${WORD}${device}${theme}`;
        const job = await createJob(base, {
          title: `${word} Controller`,
          clientName: 'Orbit Capital',
          clientEmail: 'talent@orbit.example',
        });
        const c = await createCandidate(base, {
          name: 'Ishaan Gupta',
          email: `ishaan.${word.toLowerCase()}@example.com`,
          phone: `98122${String(Object.keys(VIEWPORTS).indexOf(device) * 2 + THEMES.indexOf(theme)).padStart(5, '0')}`,
          experience: 6,
          job_id: job.id,
          source: 'Direct',
        });
        await shortlist(c.uuid, c.version);

        const page = await browser.newPage(viewport);
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
        await page
          .context()
          .addInitScript(([key, value]) => localStorage.setItem(key, value), [
            STORAGE_KEYS.theme,
            theme,
          ] as const);
        await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
        const name = (step: string) => `share-${step}-${device}-${theme}`;

        // The job's client contacts: one added.
        await page.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
        await expectTheme(page, theme);
        const contacts = page.getByRole('region', { name: T.contactsHeading });
        await contacts.getByLabel(T.contactName).fill('Meera Iyer');
        await contacts.getByLabel(T.contactEmail).fill(`meera.${word.toLowerCase()}@orbit.example`);
        await contacts.getByRole('button', { name: T.addContact }).click();
        await expect.poll(() => contacts.getByText(T.contactAddedBy('Administrator')).isVisible()).toBe(true);
        await contacts.scrollIntoViewIfNeeded();
        await check(page, name('contacts'));

        // The preview: the contact ticked, contact details shown, downloads left off.
        await page.getByRole('tab', { name: 'Candidates' }).click();
        await page.getByRole('button', { name: 'Share Shortlisted' }).click();
        await expect.poll(() => dialog(page).isVisible()).toBe(true);
        await dialog(page).locator('label.checkbox', { hasText: 'Meera Iyer' }).click();
        await dialog(page).locator('label.checkbox', { hasText: T.showContactDetails }).click();
        await dialog(page).getByLabel(T.expiryLabel).fill('21');
        await dialog(page).getByText(T.notesHeading).click();
        await dialog(page)
          .getByLabel(T.noteLabel('Ishaan Gupta'))
          .fill('Led two audits; available in 30 days.');
        await check(page, name('preview'));
        await dialog(page).getByRole('button', { name: 'Send 1 to client' }).click();

        // Each recipient's link, this once: the contact's copied.
        const result = page.getByRole('dialog', { name: T.resultTitle });
        await expect.poll(() => result.isVisible()).toBe(true);
        const field = result.getByLabel(T.linkFor('Meera Iyer'));
        const url = await field.inputValue();
        expect(url).toMatch(/\/review\/[\w-]{20,}$/);
        await result
          .getByRole('listitem')
          .filter({ hasText: 'Meera Iyer' })
          .getByRole('button', { name: T.copyLink })
          .click();
        await expect.poll(() => result.getByRole('status').getByText(T.copied).isVisible()).toBe(true);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
        await check(page, name('links'));
        await result.getByRole('button', { name: T.done }).click();

        // The record: the contact's link revoked.
        await page.getByText('Sent to the client', { exact: true }).click();
        const links = page.getByRole('list', { name: T.linksHeading });
        await links.getByRole('button', { name: `${T.revoke}: Meera Iyer` }).click();
        const confirm = page.getByRole('dialog', { name: T.revokeTitle });
        await confirm.getByRole('button', { name: T.revoke }).click();
        const meera = links.getByRole('listitem').filter({ hasText: 'Meera Iyer' });
        await expect.poll(() => meera.getByText(T.revoked, { exact: true }).first().isVisible()).toBe(true);
        expect(await links.getByRole('button', { name: `${T.revoke}: Orbit Capital` }).isVisible()).toBe(
          true,
        );
        await links.scrollIntoViewIfNeeded();
        await check(page, name('record'));

        // The copied link no longer opens the shortlist.
        const client = await browser.newPage(viewport);
        await client.goto(url);
        await expect
          .poll(() => client.getByRole('heading', { name: REVIEW_PAGE_MESSAGES.withdrawn }).isVisible())
          .toBe(true);
        await client.context().close();

        // Days later, the client's own link still unopened: the job says so in its header.
        const shares = await adminCall<ShortlistShareList>(base, `/api/jobs/${job.id}/shares`);
        await backdateShare(shares.items[0]!.id, 4);
        await page.goto(`${base}/admin/recruitments/job-management/details/${job.id}`);
        const flag = page.getByRole('button', { name: notOpenedText });
        await expect.poll(() => flag.isVisible()).toBe(true);
        await check(page, name('flag'));
        await flag.click();
        await expect
          .poll(() => page.getByRole('list', { name: T.sentHeading }).getByText(notOpenedText).isVisible())
          .toBe(true);
        await page.context().close();
      });
    }
  }
});
