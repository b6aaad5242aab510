import { beforeAll, describe, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { expectNoA11yViolations, expectNoHorizontalScroll } from './a11y.ts';
import { browserForThisFile, settle, shot, signIn } from './browser.ts';
import { adminCall, createCandidate, createJob } from './data.ts';

/**
 * The talent pool and a person's page on a phone, in both themes: axe finds nothing, nothing scrolls
 * sideways, with a person whose long name and e-mail and several applications fill the cards.
 */
const base = inject('baseUrl');
const { newPage } = browserForThisFile();
const word = `pool${Date.now().toString(36)}`;
let personId: number;

beforeAll(async () => {
  const jobs = [
    await createJob(base, { title: `${word} Cloud Solutions Architect` }),
    await createJob(base, { title: `${word} Senior Data Engineer` }),
  ];
  const long = await createCandidate(base, {
    job_id: jobs[0]!.id,
    name: `${word} Aarav Venkataraman Subramaniam`,
    email: `${word}.aarav.venkataraman.subramaniam@example-consulting.co.in`,
    phone: `98${String(Date.now()).slice(-8)}`,
    experience: 7.5,
    current_company: 'Tata Consultancy Services',
    expected_ctc: 28,
    notice_period: 60,
    current_location: 'Bengaluru, Karnataka',
    source: 'LinkedIn',
  });
  await createCandidate(base, {
    job_id: jobs[1]!.id,
    name: `${word} Meera Iyer`,
    email: `${word}.meera@example.com`,
    phone: `97${String(Date.now()).slice(-8)}`,
    experience: 3,
    source: 'Direct',
  });
  personId = long.person_id;
  await adminCall(base, `/api/jobs/${jobs[1]!.id}/applications`, { personIds: [personId] });
});

async function phoneIn(theme: 'light' | 'dark'): Promise<Page> {
  const page = await newPage({ width: 390, height: 844 });
  await page.addInitScript((t) => localStorage.setItem('color-theme', t), theme);
  await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
  return page;
}

describe('talent pool on a phone', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`the pool and a person's page, ${theme}`, async () => {
      const page = await phoneIn(theme);
      await page.goto(`${base}/admin/recruitments/people?search=${word}`);
      await page.getByRole('link', { name: `${word} Meera Iyer` }).waitFor();
      // A ticked person shows the selection's actions too.
      await page.locator('td label.checkbox').first().click();
      await page.getByRole('button', { name: 'Add to job' }).waitFor();
      await settle(page);
      await expectNoHorizontalScroll(page, `talent pool, ${theme}`);
      await expectNoA11yViolations(page, `talent pool, ${theme}`);
      await shot(page, `people-pool-phone-${theme}`);

      await page.goto(`${base}/admin/recruitments/people/${personId}`);
      await page.getByRole('heading', { name: 'Applications' }).waitFor();
      await settle(page);
      await expectNoHorizontalScroll(page, `person page, ${theme}`);
      await expectNoA11yViolations(page, `person page, ${theme}`);
      await shot(page, `people-person-phone-${theme}`);
      await page.context().close();
    });
  }
});
