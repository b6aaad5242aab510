import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAIL_MESSAGES as T, NOTIFICATION_MESSAGES as N, type MessagesStatus } from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { adminToken } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const browser = browserForThisFile();
const STAMP = Date.now().toString(36);

/** A visitor sends the public contact form (the app under test has no mail server, as on a first start). */
async function sendContactForm(name: string) {
  const res = await fetch(`${base}/api/email/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: '+91 98450 12345', message: `Please call ${name} about hiring.` }),
  });
  expect(res.status).toBe(200);
}

async function status(): Promise<MessagesStatus> {
  const res = await fetch(`${base}/api/messages/status`, {
    headers: { authorization: `Bearer ${await adminToken(base)}` },
  });
  return (await res.json()) as MessagesStatus;
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('the Messages screen', () => {
  it("shows a visitor's message to the admins (counted, live, read), and the outbox's waiting mail", async () => {
    const first = `Kiran Rao ${STAMP}`;
    await sendContactForm(first);

    const page = await browser.newPage({ width: 1440, height: 900 });
    await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    // Every admin screen says, in one line, that mail is not set up and mails wait, with the way to them.
    const { mailWaiting, unreadMessages } = await status();
    await page.getByText(T.notConfiguredBanner(mailWaiting)).waitFor();
    const badge = page.locator('.nav-badge');
    await badge.getByText(T.unreadLabel(unreadMessages)).waitFor();
    await page.getByRole('link', { name: 'Messages', exact: true }).click();
    await page.waitForURL('**/admin/messages');
    await row(page, first).waitFor();
    expect(await row(page, first).getByText('Waiting').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'Messages, inbox (light)');
    await shot(page, 'messages-01-inbox-light');

    // A second message arrives while the screen is open: the list, the count and the bell follow at once.
    const second = `Leela Nair ${STAMP}`;
    await sendContactForm(second);
    await row(page, second).waitFor();
    await badge.getByText(T.unreadLabel(unreadMessages + 1)).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${N.title}, `) }).click();
    await page.getByRole('link', { name: new RegExp(T.contactReceived(second)) }).waitFor();
    await page.keyboard.press('Escape');

    // Read: the count goes down.
    await page.getByRole('button', { name: `${T.markRead}: ${first}` }).click();
    await page.getByRole('button', { name: `${T.markUnread}: ${first}` }).waitFor();
    await badge.getByText(T.unreadLabel(unreadMessages)).waitFor();

    // The outbox: each mail's state, and no "send again" while there is no mail server to send through.
    await page.getByRole('link', { name: T.openMessages }).click();
    await page.getByRole('tab', { name: new RegExp(T.outbox), selected: true }).waitFor();
    await row(page, `Contact form: ${second}`).getByText('Waiting').waitFor();
    await page.getByText(T.notConfigured).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^${T.resend}`) }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'Messages, outbox (light)');
    await shot(page, 'messages-02-outbox-light');

    await switchToDarkTheme(page);
    await page.getByRole('tab', { name: new RegExp(T.inbox) }).click();
    await row(page, second).waitFor();
    await expectNoSeriousA11yViolations(page, 'Messages, inbox (dark)');
    await shot(page, 'messages-03-inbox-dark');
    await page.getByRole('tab', { name: new RegExp(T.outbox) }).click();
    await row(page, `Contact form: ${second}`).waitFor();
    await expectNoSeriousA11yViolations(page, 'Messages, outbox (dark)');
    await shot(page, 'messages-04-outbox-dark');

    const phone = await browser.newPage({ width: 390, height: 844 });
    await signIn(phone, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await phone.goto(`${base}/admin/messages`);
    await row(phone, second).waitFor();
    await expectNoHorizontalScroll(phone, 'Messages on a phone');
    await expectNoSeriousA11yViolations(phone, 'Messages on a phone');
    await shot(phone, 'messages-05-phone');

    // The bell's contact notifications are read, so that later files count their own.
    await fetch(`${base}/api/notifications/read-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(base)}` },
    });
  });
});
