import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUBLIC_MESSAGES, STORAGE_KEYS } from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import { expectNoHorizontalScroll, expectTheme } from './a11y.ts';
import { createEmployee } from './accounts.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * Layout on a phone (390 px) and a laptop (1366 px), in both themes: nothing to scroll sideways, round
 * and square marks (step numbers, the brand mark, avatars) keep their shape, labelled boxes hold their
 * words, every tab is on screen, and the permissions select shows its whole label.
 */
const base = inject('baseUrl');
const { newPage } = browserForThisFile();
const PHONE = { width: 390, height: 844 };
const EMPLOYEE = { name: 'Layout Person', username: 'layout.person', password: 'layout-pass-1' };
const THEMES = ['light', 'dark'] as const;

beforeAll(async () => {
  await createEmployee(base, EMPLOYEE);
});

async function pageIn(theme: (typeof THEMES)[number], viewport = PHONE) {
  const page = await newPage(viewport);
  await page
    .context()
    .addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.theme, theme] as const);
  return page;
}

/** What is out of shape on the page now, one line each (empty when all is well). */
async function expectShapesKept(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.step-number, .brand-mark, .avatar')) {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && Math.abs(width - height) > 1)
        found.push(
          `${el.className} "${el.textContent?.trim()}" is ${width.toFixed(1)} x ${height.toFixed(1)}`,
        );
    }
    for (const el of document.querySelectorAll<HTMLElement>('.step, .tab, .badge')) {
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.className} "${el.textContent?.trim()}" overflows (${el.scrollWidth} > ${el.clientWidth})`,
        );
    }
    for (const el of document.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const { left, right } = el.getBoundingClientRect();
      if (left < 0 || right > window.innerWidth + 0.5)
        found.push(`tab "${el.textContent?.trim()}" is off screen`);
    }
    return found;
  });
  expect(problems, `${label}:\n  ${problems.join('\n  ')}`).toEqual([]);
}

async function checkScreens(page: Page, theme: string, screens: [string, string | RegExp, string][]) {
  for (const [path, ready, name] of screens) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor();
    await expectTheme(page, theme as 'light' | 'dark');
    await shot(page, `layout-${name}-390-${theme}`);
    await expectShapesKept(page, `${path} (${theme})`);
    await expectNoHorizontalScroll(page, `${path} (${theme})`);
  }
}

describe('on a 390 px phone', () => {
  for (const theme of THEMES) {
    it(`keeps the public pages in shape (${theme})`, async () => {
      const page = await pageIn(theme);
      await checkScreens(page, theme, [
        ['/', 'Our recruitment process', 'landing'],
        ['/careers', PUBLIC_MESSAGES.openings, 'careers'],
      ]);
    });

    it(`keeps the admin screens in shape (${theme})`, async () => {
      const page = await pageIn(theme);
      await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      await checkScreens(page, theme, [
        ['/admin/dashboard', 'Recruitment Dashboard', 'admin-dashboard'],
        ['/admin/recruitments/job-management', 'Job Management', 'admin-jobs'],
        ['/admin/master-data/data-pegawai', 'Employee Details', 'users'],
        ['/admin/master-data/data-pegawai/form-data-pegawai', 'Add User', 'user-form'],
      ]);
    });

    it(`keeps the employee screens in shape (${theme})`, async () => {
      const page = await pageIn(theme);
      await signIn(page, base, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
      await checkScreens(page, theme, [
        ['/pegawai/dashboard', 'Recruitment Dashboard', 'employee-dashboard'],
        ['/employee/recruitments/job-management', 'Job Listings', 'employee-jobs'],
      ]);
      // The board's tabs and the jobs past their deadline (a filter of their own) add up to All Jobs.
      const counts = await page
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((t) => Number(t.querySelector('.tab-count')?.textContent ?? 0)));
      const [all, ...rest] = counts;
      const expired = await page.evaluate(async () => {
        const res = await fetch('/api/jobs?pageSize=1');
        return ((await res.json()) as { counts: { expired: number } }).counts.expired;
      });
      expect(rest.reduce((sum, n) => sum + n, 0) + expired).toBe(all);
    });
  }
});

describe('on a 1366 px laptop', () => {
  it('shows the permissions select its whole label, whichever level is chosen', async () => {
    for (const theme of THEMES) {
      const page = await pageIn(theme, { width: 1366, height: 800 });
      await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
      await page.goto(`${base}/admin/master-data/data-pegawai/form-data-pegawai`);
      const select = page.getByRole('combobox', { name: /^Permissions/ });
      for (const level of ['Full', 'Limited', 'Read']) {
        await select.selectOption(level);
        // The chosen option's words, as drawn in the select's font, fit its box less padding and arrow.
        const fit = await select.evaluate((el: HTMLSelectElement) => {
          const style = getComputedStyle(el);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const text = context.measureText(el.selectedOptions[0]!.text).width;
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text, room };
        });
        expect(fit.text, `${level} (${theme})`).toBeLessThanOrEqual(fit.room);
      }
      await shot(page, `layout-user-form-1366-${theme}`);
    }
  });
});
