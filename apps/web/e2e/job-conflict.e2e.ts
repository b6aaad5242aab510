import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { JOB_MESSAGES, type Job } from '@portal/contracts';
import { launchBrowser, shot } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const EDITOR = { name: 'Farah Siddiqui', username: 'farah', password: 'farah-pass' };
let browser: Browser;
let job: Job;

async function apiAs(who: { username: string; password: string }) {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  return { user, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createEmployee(base, EDITOR);
  const editor = await apiAs(EDITOR);
  const admin = await apiAs(TEST_ADMIN);
  const res = await fetch(`${base}/api/jobs`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({
      title: 'Data Engineer (Conflicts)',
      type: 'Full-time',
      description: 'Pipelines for a retail chain.',
      state: 'KA',
      city: 'Bengaluru Urban',
      minSalary: 1_000_000,
      maxSalary: 1_600_000,
      experienceRange: [2, 5],
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      interviewRounds: ['Shortlisting'],
      skills: ['Python'],
      clientName: 'Kirana Retail',
      clientEmail: 'hr@kirana.example',
      clientLocation: 'Bengaluru',
      editable_by: [editor.user.id],
    }),
  });
  if (res.status !== 201) throw new Error(`job: ${res.status} ${await res.text()}`);
  job = (await res.json()) as Job;
});
afterAll(async () => {
  await browser?.close();
});

async function editAs(who: { username: string; password: string }, area: 'admin' | 'pegawai'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/${area}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/${area}/dashboard`);
  const prefix = area === 'admin' ? '/admin' : '/employee';
  await page.goto(`${base}${prefix}/recruitments/job-management/edit/${job.id}`);
  await expect.poll(() => page.getByRole('textbox', { name: /^Job Title/ }).inputValue()).toBe(job.title);
  return page;
}

describe('two people editing one job', () => {
  it('the later save is stopped, keeps what was typed, and offers to load the new version or save over it', async () => {
    const admin = await editAs(TEST_ADMIN, 'admin');
    const editor = await editAs(EDITOR, 'pegawai');

    await admin.getByRole('textbox', { name: /^Job Title/ }).fill('Senior Data Engineer');
    await admin.getByRole('button', { name: 'Update' }).click();
    await admin.getByText(JOB_MESSAGES.updated).waitFor();

    const title = editor.getByRole('textbox', { name: /^Job Title/ });
    await title.fill('Data Engineer (Spark)');
    await editor.getByRole('button', { name: 'Update' }).click();
    // The banner above the form (the toast says the same, without the choices).
    const banner = editor
      .getByRole('alert')
      .filter({ has: editor.getByRole('button', { name: 'Load their version' }) });
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(JOB_MESSAGES.staleEdit('Administrator'));
    // Nothing the editor typed is lost, and nothing was saved over the admin's change.
    await expect(title.inputValue()).resolves.toBe('Data Engineer (Spark)');
    await shot(editor, 'job-conflict-01-stopped');
    const now = await fetch(`${base}/api/jobs/${job.id}`, { headers: (await apiAs(TEST_ADMIN)).headers });
    expect(((await now.json()) as Job).title).toBe('Senior Data Engineer');

    // Loading their version shows the admin's title; saving mine over it is a deliberate second step.
    await banner.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => title.inputValue()).toBe('Senior Data Engineer');
    await title.fill('Senior Data Engineer (Spark)');
    await editor.getByRole('button', { name: 'Update' }).click();
    await editor.getByText(JOB_MESSAGES.updated).waitFor();

    // The admin's screen is now the stale one: save over it, knowingly.
    await admin.goto(`${base}/admin/recruitments/job-management/edit/${job.id}`);
    await expect
      .poll(() => admin.getByRole('textbox', { name: /^Job Title/ }).inputValue())
      .toBe('Senior Data Engineer (Spark)');
    await fetch(`${base}/api/jobs/${job.id}/status`, {
      method: 'PATCH',
      headers: (await apiAs(EDITOR)).headers,
      body: JSON.stringify({ status: 'draft' }),
    });
    await admin.getByRole('textbox', { name: /^Job Title/ }).fill('Lead Data Engineer');
    await admin.getByRole('button', { name: 'Update' }).click();
    const adminBanner = admin
      .getByRole('alert')
      .filter({ has: admin.getByRole('button', { name: 'Save mine anyway' }) });
    await adminBanner.getByRole('button', { name: 'Save mine anyway' }).click();
    await admin.getByText(JOB_MESSAGES.updated).waitFor();
    const final = await fetch(`${base}/api/jobs/${job.id}`, { headers: (await apiAs(TEST_ADMIN)).headers });
    expect(((await final.json()) as Job).title).toBe('Lead Data Engineer');
  });
});
