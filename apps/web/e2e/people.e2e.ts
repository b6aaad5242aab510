import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { PEOPLE_EXPORT } from '@portal/contracts';
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

describe('exporting the talent pool', () => {
  it('Export Excel saves people_list.xlsx: the people searched for, one row each with their jobs', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.addInitScript(() => localStorage.setItem('color-theme', 'dark'));
    await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await page.goto(`${base}/admin/recruitments/people?search=${word}`);
    await page.getByRole('link', { name: `${word} Meera Iyer` }).waitFor();
    await settle(page);
    await shot(page, 'people-pool-desktop-dark');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(PEOPLE_EXPORT.fileName);
    const file = join(mkdtempSync(join(tmpdir(), 'people-export-')), PEOPLE_EXPORT.fileName);
    await download.saveAs(file);
    const book = XLSX.readFile(file);
    expect(book.SheetNames).toEqual([PEOPLE_EXPORT.sheetName]);
    const [header, ...rows] = XLSX.utils.sheet_to_json<(string | number)[]>(
      book.Sheets[PEOPLE_EXPORT.sheetName]!,
      { header: 1 },
    );
    expect(header).toEqual([...PEOPLE_EXPORT.columns]);
    expect(rows.map((r) => [r[0], r[6], r[7], r[10], r[11]])).toEqual([
      [`${word} Meera Iyer`, 'N/A', 'N/A', 1, `${word} Senior Data Engineer (Applied)`],
      [
        `${word} Aarav Venkataraman Subramaniam`,
        '₹28 LPA',
        '60 days',
        2,
        `${word} Cloud Solutions Architect (Applied); ${word} Senior Data Engineer (Applied)`,
      ],
    ]);
    await page.context().close();
  });
});

describe('adding people to a job from the talent pool', () => {
  it("appears live on that job's board in another browser", async () => {
    const job = await createJob(base, { title: `${word} Platform Lead` });
    const person = await createCandidate(base, {
      job_id: (await createJob(base, { title: `${word} Site Reliability Engineer` })).id,
      name: `${word} Kabir Malhotra`,
      email: `${word}.kabir@example.com`,
      phone: `96${String(Date.now()).slice(-8)}`,
      experience: 6,
      source: 'LinkedIn',
    });
    const watcher = await createCandidate(base, {
      job_id: (await createJob(base, { title: `${word} Staff Engineer` })).id,
      name: `${word} Tara Sen`,
      email: `${word}.tara@example.com`,
      phone: `95${String(Date.now()).slice(-8)}`,
      experience: 4,
      source: 'Direct',
    });

    // The other browser watches the job's board, empty for now.
    const board = await newPage({ width: 1280, height: 900 });
    await signIn(board, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await board.goto(`${base}/admin/recruitments/job-management/details/${job.id}?tab=pipeline`);
    const applied = board.getByRole('grid', { name: 'Applied candidates' });
    await applied.waitFor();
    // It follows the job's room: an add made elsewhere shows on it (then the pool's add is what is looked at).
    await adminCall(base, `/api/jobs/${job.id}/applications`, { personIds: [watcher.person_id] });
    await applied
      .getByRole('row')
      .filter({ hasText: `${word} Tara Sen` })
      .waitFor({ timeout: 5000 });

    const pool = await newPage({ width: 1280, height: 900 });
    await signIn(pool, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await pool.goto(`${base}/admin/recruitments/people?search=${encodeURIComponent(`${word} Kabir`)}`);
    await pool.getByRole('link', { name: `${word} Kabir Malhotra` }).waitFor();
    await pool.locator('td label.checkbox').first().click();
    await pool.getByRole('button', { name: 'Add to job' }).click();
    const dialog = pool.getByRole('dialog', { name: 'Add to job' });
    await dialog.getByLabel('Job').selectOption(String(job.id));
    await dialog.getByRole('button', { name: 'Add 1 to job' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Without a reload: the card arrives by the room's message.
    await applied
      .getByRole('row')
      .filter({ hasText: `${word} Kabir Malhotra` })
      .waitFor({ timeout: 3000 });
    const stored = await adminCall<{ applications: { job_id: number }[] }>(
      base,
      `/api/people/${person.person_id}`,
    );
    expect(stored.applications.map((a) => a.job_id)).toContain(job.id);
    await shot(board, 'people-added-live-on-board');
    await board.context().close();
    await pool.context().close();
  });
});

describe('merging possible duplicates on a phone', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`from the duplicates view to the kept person, ${theme}`, async () => {
      // One person on file twice: the same name, the same e-mail name at two domains, in two jobs.
      const name = `${word} Rohan ${theme === 'light' ? 'Das' : 'Dey'}`;
      const user = name.toLowerCase().replace(/[^a-z0-9]/g, '.');
      const jobs = [
        await createJob(base, { title: `${word} ${theme} Backend Engineer` }),
        await createJob(base, { title: `${word} ${theme} Engineering Manager` }),
      ];
      const kept = await createCandidate(base, {
        job_id: jobs[0]!.id,
        name,
        email: `${user}@example-consulting.co.in`,
        phone: `94${String(Date.now()).slice(-8)}`,
        experience: 5,
        current_company: 'Infosys',
        source: 'LinkedIn',
      });
      await createCandidate(base, {
        job_id: jobs[1]!.id,
        name,
        email: `${user}@example.com`,
        phone: `93${String(Date.now()).slice(-8)}`,
        experience: 6,
        current_company: 'Wipro Technologies',
        source: 'Direct',
      });

      const page = await phoneIn(theme);
      await page.goto(`${base}/admin/recruitments/people`);
      await page.getByRole('link', { name: 'Possible duplicates' }).click();
      const pair = page.getByRole('listitem').filter({ hasText: `${user}@example.com` });
      await pair.waitFor();
      await settle(page);
      await expectNoHorizontalScroll(page, `possible duplicates, ${theme}`);
      await expectNoA11yViolations(page, `possible duplicates, ${theme}`);
      await shot(page, `people-duplicates-phone-${theme}`);

      await pair.getByRole('button', { name: /Review and merge/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('group', { name: 'Current Company' }).waitFor();
      await dialog
        .getByRole('group', { name: 'Current Company' })
        .getByRole('radio', { name: /Wipro Technologies/ })
        .check();
      await settle(page);
      await expectNoA11yViolations(page, `merge dialog, ${theme}`);
      await shot(page, `people-merge-dialog-phone-${theme}`);

      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await page.getByText(`Merged into ${name}: 1 application(s) moved`).waitFor();
      await page.waitForURL(`**/admin/recruitments/people/${kept.person_id}`);
      await page.getByRole('heading', { name: 'Merges' }).waitFor();
      await settle(page);
      await expectNoHorizontalScroll(page, `merged person, ${theme}`);
      await expectNoA11yViolations(page, `merged person, ${theme}`);
      await shot(page, `people-merged-phone-${theme}`);
      const stored = await adminCall<{ current_company: string; applications: unknown[] }>(
        base,
        `/api/people/${kept.person_id}`,
      );
      expect(stored).toMatchObject({ current_company: 'Wipro Technologies' });
      expect(stored.applications).toHaveLength(2);
      await page.context().close();
    });
  }
});
