import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CANDIDATE_MESSAGES as M } from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import { expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { adminToken, createCandidate, createJob } from './data.ts';
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
    await dialog(page).locator('label', { hasText: 'Dev Malhotra' }).click();
    await expect
      .poll(() => dialog(page).getByRole('checkbox', { name: 'Dev Malhotra' }).isChecked())
      .toBe(false);
    await dialog(page).getByRole('button', { name: 'Send 1 to client' }).click();
    await expect.poll(() => page.getByText(M.sharedQueued(1)).isVisible()).toBe(true);

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
    await dialog(page).locator('label', { hasText: 'Kavya Menon (already sent' }).click();
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
