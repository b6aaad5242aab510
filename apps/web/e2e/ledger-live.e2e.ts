import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LEDGER_MESSAGES as M, type Loan, type User } from '@portal/contracts';
import { launchBrowser, shot, signedInPage } from './browser.ts';
import { createEmployee } from './accounts.ts';
import { expectNoHorizontalScroll, switchToDarkTheme } from './a11y.ts';
import { adminCall } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/**
 * Two admins on the property ledger, each in a browser of their own: what one records (a payment, a
 * purchase, an expense) shows on the other's open purchase, purchase list and expense list without a
 * reload, so the second admin is not left offering a payment the server will only refuse.
 */
const base = inject('baseUrl');
const WORD = `Ledgerlive${Date.now().toString(36)}`;
const ADMIN_B = { name: 'Meera Admin', username: `meera${WORD.toLowerCase()}`, password: 'meera-pass-1' };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let customer: User;

const signIn = (who: { username: string; password: string }, viewport = { width: 1280, height: 900 }) =>
  signedInPage(browser, base, who, 'admin', viewport);

/**
 * Resolves once the page's live connection has been answered on joining `room`: from then on every
 * change in that room reaches it (a change made between the screen's first fetch and this answer would
 * only come with the next one). Set up before the page loads the screen.
 */
function joined(page: Page, room: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      const asked = new Set<string>();
      // Socket.IO over a WebSocket: `42<ack id>["ledger:join"]` asks, `43<ack id>[{"ok":true,…}]` answers.
      ws.on('framesent', ({ payload }) => {
        const m = /^42(\d+)\["([a-z]+):join"/.exec(String(payload));
        if (m && m[2] === room) asked.add(m[1]!);
      });
      ws.on('framereceived', ({ payload }) => {
        const m = /^43(\d+)\[\{"ok":true/.exec(String(payload));
        if (m && asked.has(m[1]!)) resolve();
      });
    });
  });
}

/** Opens `path` in `page` and waits until its screen follows the ledger room; marks the page to see a reload. */
async function openFollowing(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const following = joined(page, 'ledger');
  await page.goto(`${base}${path}`);
  await ready(page);
  await following;
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
}
const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');

const createPurchase = (referredBy: string, amount = '1000.00') =>
  adminCall<Loan>(base, '/api/loans', {
    customer_id: customer.user_id,
    loan_amount: amount,
    advance_amount: '0',
    referred_by: referredBy,
  });

async function pay(page: Page, amount: string) {
  const form = page.getByRole('form', { name: 'Add transaction' });
  await form.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await form.getByRole('button', { name: 'Add Transaction' }).click();
  await page.getByText(M.transactionAdded).waitFor();
}

/** Waits until the purchase summary's `label` reads `value`. */
const expectSummary = (page: Page, label: string, value: string) =>
  expect
    .poll(
      () =>
        page
          .locator('.detail-row')
          .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
          .locator('dd')
          .innerText(),
      { timeout: 3000 },
    )
    .toBe(value);

beforeAll(async () => {
  browser = await launchBrowser();
  await createEmployee(base, { ...ADMIN_B, role: 'admin' });
  customer = await createEmployee(base, {
    name: `Kiran ${WORD}`,
    username: `kiran${WORD.toLowerCase()}`,
    password: 'kiran-pass-1',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('two admins on the ledger', () => {
  it("A records payments; B's open purchase shows the balance, the instalment, then the closed notice", async () => {
    const loan = await createPurchase(`${WORD} detail`);
    const a = await signIn(TEST_ADMIN);
    const b = await signIn(ADMIN_B);
    const detail = `/admin/lending/${loan.loan_id}`;
    await openFollowing(b, detail, async (p) => {
      await p.getByRole('form', { name: 'Add transaction' }).waitFor();
      await expectSummary(p, 'Remaining balance', '₹1,000.00');
    });
    await a.goto(`${base}${detail}`);

    await pay(a, '400');
    await expectSummary(b, 'Remaining balance', '₹600.00');
    await expectSummary(b, 'Total paid', '₹400.00');
    await b.getByRole('row').filter({ hasText: '₹400.00' }).waitFor();
    await notReloaded(b);

    // A pays the rest: B is told the purchase is closed before trying to add a payment of their own.
    await pay(a, '600');
    await b.getByText(M.closed).waitFor({ timeout: 3000 });
    await expect.poll(() => b.getByRole('form', { name: 'Add transaction' }).count()).toBe(0);
    await expectSummary(b, 'Remaining balance', '₹0.00');
    await notReloaded(b);
    // The customer is named by the user id the screens show.
    await b.getByText(`(${customer.user_id})`).waitFor();
    await shot(b, 'ledger-live-detail-light');
    await switchToDarkTheme(b);
    await shot(b, 'ledger-live-detail-dark');
    await b.setViewportSize(PHONE);
    await expectNoHorizontalScroll(b, 'purchase detail, phone');
    await shot(b, 'ledger-live-detail-phone-dark');
    await b.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot(b, 'ledger-live-detail-phone-light');
    await a.context().close();
    await b.context().close();
  });

  it("A's new purchase and a payment show on B's open purchase list", async () => {
    const b = await signIn(ADMIN_B);
    await openFollowing(b, `/admin/master-data/data-jabatan?search=${WORD}`, (p) =>
      p.getByRole('table', { name: 'Purchases' }).waitFor(),
    );
    const loan = await createPurchase(`${WORD} list`, '2000.00');
    const row = b.getByRole('row').filter({ hasText: `${WORD} list` });
    await row.getByText('₹2,000.00').first().waitFor({ timeout: 3000 });

    const a = await signIn(TEST_ADMIN);
    await a.goto(`${base}/admin/lending/${loan.loan_id}`);
    await pay(a, '500');
    await row.getByText('₹1,500.00').waitFor({ timeout: 3000 });
    await notReloaded(b);
    await a.context().close();
    await b.context().close();
  });

  it("A's new expense shows on B's open expense list, charts and all", async () => {
    const b = await signIn(ADMIN_B);
    await openFollowing(b, `/admin/expense/list?search=${WORD}`, (p) =>
      p.getByRole('table', { name: 'Expenses' }).waitFor(),
    );
    const a = await signIn(TEST_ADMIN);
    await a.goto(`${base}/admin/expense/add`);
    await a.getByRole('textbox', { name: /^Expense Name/ }).fill(`${WORD} survey fee`);
    await a.getByRole('textbox', { name: /^Amount/ }).fill('750.00');
    await a.getByRole('combobox', { name: /^Expense Type/ }).selectOption({ label: 'Legal Fees' });
    await a.getByRole('button', { name: 'Add Expense' }).click();
    await a.waitForURL('**/admin/expense/list');

    const row = b.getByRole('row').filter({ hasText: `${WORD} survey fee` });
    await row.getByText('₹750.00').waitFor({ timeout: 3000 });
    await b.getByRole('figure', { name: 'Expense Distribution' }).waitFor();
    await notReloaded(b);

    // An edit shows too.
    await a.getByRole('searchbox', { name: 'Search expenses' }).fill(`${WORD} survey`);
    await a.getByRole('button', { name: `Edit ${WORD} survey fee` }).click();
    await a.getByRole('heading', { name: 'Edit Expense' }).waitFor();
    const amount = a.getByRole('textbox', { name: /^Amount/ });
    await expect.poll(() => amount.inputValue()).toBe('750.00');
    await amount.fill('820.50');
    await a.getByRole('button', { name: 'Update Expense' }).click();
    await a.waitForURL('**/admin/expense/list');
    await row.getByText('₹820.50').waitFor({ timeout: 3000 });
    await notReloaded(b);
    await a.context().close();
    await b.context().close();
  });
});
