import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Candidate, ExpensePage, JobPage, LoanPage, UserPage } from '@portal/contracts';
import { browserForThisFile, settle, shot, signIn } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { adminToken } from './data.ts';
import { expectNoA11yViolations, expectNoHorizontalScroll } from './a11y.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * axe on every screen, as the admin, as an employee and signed out, in both themes: no critical, serious
 * or moderate violation anywhere. Each screen is checked once it has drawn its data.
 */
const base = inject('baseUrl');
const { newPage } = browserForThisFile();
/** A few seconds a screen (axe included) on a busy machine, for some twenty screens. */
const SCREENS_TIMEOUT = 300_000;
const EMPLOYEE = { name: 'Axe Reader', username: 'axe.reader', password: 'axe-reader-pass-1' };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${await adminToken(base)}` },
  });
  return (await res.json()) as T;
}

async function pageIn(theme: 'light' | 'dark'): Promise<Page> {
  const page = await newPage({ width: 1280, height: 800 });
  await page.addInitScript((t) => localStorage.setItem('color-theme', t), theme);
  return page;
}

/** Opens each path and runs axe once the screen has settled (no loading text, no spinner). */
async function checkScreens(page: Page, paths: string[], label: string) {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await page
      .waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? ''), undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    await expectNoA11yViolations(page, `${label} ${path}`).catch((error: Error) =>
      failures.push(error.message),
    );
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

describe('axe on every screen', () => {
  let ids: { job: number; candidate: string; loan: string; expense: string; user: number };

  it('finds the records the detail screens show', async () => {
    const jobs = await api<JobPage>('/api/jobs?pageSize=1');
    const candidates = await api<{ items: Candidate[] }>('/api/candidates?pageSize=1');
    const loans = await api<LoanPage>('/api/loans?pageSize=1');
    const expenses = await api<ExpensePage>('/api/expenses?pageSize=1');
    const users = await api<UserPage>('/api/users?pageSize=1');
    ids = {
      job: jobs.items[0]!.id,
      candidate: candidates.items[0]!.uuid,
      loan: loans.items[0]!.loan_id,
      expense: expenses.items[0]!.uuid,
      user: users.items[0]!.id,
    };
    await createEmployee(base, EMPLOYEE).catch(() => undefined);
  });

  const publicPaths = () => [
    '/',
    '/gallery',
    '/why-choose-us',
    '/project-documents',
    '/contact',
    '/careers/jobs',
    '/admin/login',
    '/pegawai/login',
    '/no-such-page',
  ];
  const adminPaths = () => [
    '/admin/dashboard',
    '/admin/master-data/data-pegawai',
    '/admin/master-data/data-pegawai/form-data-pegawai',
    `/admin/master-data/data-pegawai/view/${ids.user}`,
    `/admin/master-data/data-pegawai/edit/${ids.user}`,
    '/admin/master-data/data-jabatan',
    '/admin/master-data/lending/add-lending',
    `/admin/lending/${ids.loan}`,
    '/admin/expense/list',
    '/admin/expense/add',
    `/admin/expense/edit/${ids.expense}`,
    '/admin/reports/transactions',
    '/admin/recruitments/job-management',
    '/admin/recruitments/job-management/form-job',
    `/admin/recruitments/job-management/details/${ids.job}`,
    `/admin/recruitments/job-management/${ids.job}/candidates`,
    '/admin/recruitments/candidates',
    '/admin/recruitments/candidates/add',
    `/admin/recruitments/candidates/${ids.candidate}`,
    '/admin/recruitments/candidates/00000000-0000-4000-8000-000000000000',
    '/admin/recruitments/skill-management',
    '/admin/recruitments/skill-management/form-skill',
    '/admin/pengaturan/ubah-password',
  ];
  const employeePaths = () => [
    '/pegawai/dashboard',
    '/employee/recruitments/job-management',
    '/employee/recruitments/candidates',
    '/employee/recruitments/skill-management',
    '/pegawai/pengaturan/ubah-password',
  ];

  it('the changed screens fit a phone, in both themes', { timeout: SCREENS_TIMEOUT }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await newPage({ width: 390, height: 844 });
      await page.addInitScript((t) => localStorage.setItem('color-theme', t), theme);
      await signIn(page, base, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await expectNoHorizontalScroll(page, `employee dashboard, ${theme}`);
      await shot(page, `polish-employee-dashboard-phone-${theme}`);
      const admin = await newPage({ width: 390, height: 844 });
      await admin.addInitScript((t) => localStorage.setItem('color-theme', t), theme);
      await signIn(admin, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      for (const [path, name] of [
        ['/admin/expense/list', 'expenses'],
        ['/admin/recruitments/candidates/00000000-0000-4000-8000-000000000000', 'candidate-not-found'],
        ['/careers/jobs?search=Docker', 'careers-search'],
      ] as const) {
        await admin.goto(`${base}${path}`);
        await admin.locator('h1').first().waitFor();
        await settle(admin);
        await expectNoHorizontalScroll(admin, `${name}, ${theme}`);
        await shot(admin, `polish-${name}-phone-${theme}`);
      }
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`public screens, ${theme}`, { timeout: SCREENS_TIMEOUT }, async () => {
      const page = await pageIn(theme);
      const job = (await (await fetch(`${base}/api/public/jobs`)).json()) as { id: number }[];
      await checkScreens(
        page,
        [
          ...publicPaths(),
          ...(job[0] ? [`/careers/jobs/${job[0].id}`, `/careers/jobs/${job[0].id}/apply`] : []),
        ],
        theme,
      );
    });

    it(`admin screens, ${theme}`, { timeout: SCREENS_TIMEOUT }, async () => {
      const page = await pageIn(theme);
      await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      await checkScreens(page, adminPaths(), theme);
    });

    it(`employee screens, ${theme}`, { timeout: SCREENS_TIMEOUT }, async () => {
      const page = await pageIn(theme);
      await signIn(page, base, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
      await checkScreens(page, employeePaths(), theme);
    });
  }
});
