import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { JobPage } from '@portal/contracts';
import { browserForThisFile, signIn } from './browser.ts';
import { adminToken } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * The app under its own Content-Security-Policy, as the server sends it: `connect-src 'self'` (the live
 * socket is a WebSocket to the page's own host) and `style-src` without 'unsafe-inline' (one hashed
 * <style> of react-aria's). A page that applies a style or opens a connection the policy refuses shows up
 * here as Chromium's violation report, with the hash it would need.
 */
const base = inject('baseUrl');
const { newPage } = browserForThisFile();
/** A few seconds a screen on a busy machine, for about fifteen screens. */
const SCREENS_TIMEOUT = 180_000;

/** Every CSP violation the page reports, kept across navigations (Chromium logs each one). */
function violationsOf(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Opens `path` and waits for its heading, by which time the screen has drawn its controls; a screen that
 * never draws one is named, with a picture of what it showed instead.
 */
async function open(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  try {
    await page.locator('h1').first().waitFor();
  } catch (error) {
    await page.screenshot({ path: 'e2e/screenshots/csp-no-heading.png', fullPage: true }).catch(() => {});
    throw new Error(`${path} drew no heading (see e2e/screenshots/csp-no-heading.png)`, { cause: error });
  }
}

describe("the app's content security policy", () => {
  it('is broken by no screen, public or signed in', { timeout: SCREENS_TIMEOUT }, async () => {
    const jobs = (await (
      await fetch(`${base}/api/jobs?pageSize=1`, {
        headers: { authorization: `Bearer ${await adminToken(base)}` },
      })
    ).json()) as JobPage;
    const job = jobs.items[0]!.id;
    const page = await newPage();
    const violations = violationsOf(page);
    for (const path of ['/', '/contact', '/careers/jobs', `/careers/jobs/${job}`, '/why-choose-us']) {
      await open(page, path);
    }
    await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    for (const path of [
      '/admin/master-data/data-pegawai',
      '/admin/master-data/data-pegawai/form-data-pegawai',
      '/admin/expense/list',
      '/admin/reports/transactions',
      '/admin/recruitments/job-management',
      `/admin/recruitments/job-management/details/${job}`,
      `/admin/recruitments/job-management/${job}/candidates`,
      '/admin/recruitments/candidates',
      '/admin/recruitments/candidates/add',
      '/admin/recruitments/analytics',
    ]) {
      await open(page, path);
    }
    // A last screen that is sure to have reported what the one before it applied.
    await open(page, '/admin/pengaturan/ubah-password');
    expect(violations).toEqual([]);
  });

  it('lets the live socket connect to its own host over a WebSocket', async () => {
    const page = await newPage();
    const violations = violationsOf(page);
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
    await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    const ws = await socket;
    expect(new URL(ws.url()).host).toBe(new URL(base).host);
    // Socket.IO's server speaks first (its open packet): the connection was made, not refused.
    await ws.waitForEvent('framereceived');
    expect(violations).toEqual([]);
  });
});
