import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import {
  APP_TIME_ZONE,
  LEDGER_MESSAGES as M,
  PURCHASES_EXPORT,
  TRANSACTIONS_EXPORT,
  todayIn,
} from '@portal/contracts';
import { launchBrowser, shot } from './browser.ts';
import { expectNoHorizontalScroll, expectTheme, switchToDarkTheme } from './a11y.ts';
import { makePng } from '../../../scripts/fixtures.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const WORD = `Ledger${Date.now().toString(36)}`;
const today = todayIn(APP_TIME_ZONE);
let browser: Browser;
let receipt: Buffer;
let detailsPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  receipt = await makePng(24);
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  return page;
}

/** Clicks `button` and reads the spreadsheet it downloads: its file name and rows. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(mkdtempSync(join(tmpdir(), 'ledger-')), file.suggestedFilename());
  await file.saveAs(path);
  const book = XLSX.readFile(path);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  return { name: file.suggestedFilename(), rows };
}

async function payInstalment(page: Page, amount: string) {
  const form = page.getByRole('form', { name: 'Add transaction' });
  await form.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await form
    .getByLabel('Receipt image')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
  await form.getByRole('button', { name: 'Add Transaction' }).click();
}

describe('the property ledger in the browser', () => {
  it('creates a purchase, takes two instalments with receipts until it closes', async () => {
    const page = await signIn();
    await page.goto(`${base}/admin/master-data/lending/add-lending`);
    await page.getByRole('heading', { name: 'Create New Purchase' }).waitFor();
    const customer = page.getByRole('combobox', { name: /^Customer/ });
    await expect.poll(() => customer.locator('option').count()).toBeGreaterThan(1);
    await customer.selectOption({ index: 1 });
    await page.getByRole('textbox', { name: /^Purchase Amount/ }).fill('1000.50');
    await page.getByRole('textbox', { name: /^Advance Amount/ }).fill('200.25');
    await page.getByRole('textbox', { name: 'Referred By' }).fill(WORD);
    await page.getByText('Remaining balance: ₹800.25').waitFor();
    await page.getByRole('button', { name: 'Create Purchase' }).click();
    await page.waitForURL('**/admin/master-data/data-jabatan');
    await page.getByText(M.loanCreated).waitFor();
    const row = page.getByRole('row').filter({ hasText: WORD });
    await row.waitFor();
    await shot(page, 'ledger-01-purchases');
    await row.getByRole('link', { name: /^Details of/ }).click();
    await page.getByRole('heading', { name: /^Purchase LN\d{9}$/ }).waitFor();
    detailsPath = new URL(page.url()).pathname;

    await payInstalment(page, '300.25');
    await page.getByText(M.transactionAdded).waitFor();
    await page.getByRole('row').filter({ hasText: '₹300.25' }).waitFor();
    await page.getByText('₹500.00').first().waitFor();
    await payInstalment(page, '500');
    await page.getByText(M.closed).waitFor();
    await expect.poll(() => page.getByRole('form', { name: 'Add transaction' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'View receipt' }).count()).toBe(2);
    await shot(page, 'ledger-02-closed-purchase');
  });

  it('adds expenses and draws both charts', async () => {
    const page = await signIn();
    for (const [name, amount, type] of [
      [`${WORD} stamp duty`, '1500.50', 'Legal Fees'],
      [`${WORD} power bill`, '799.99', 'Utilities'],
    ] as const) {
      await page.goto(`${base}/admin/expense/add`);
      await page.getByRole('heading', { name: 'Add New Expense' }).waitFor();
      await page.getByRole('textbox', { name: /^Expense Name/ }).fill(name);
      await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
      await page.getByRole('combobox', { name: /^Expense Type/ }).selectOption({ label: type });
      expect(await page.getByLabel(/^Expense Date/).inputValue()).toBe(today);
      await page
        .getByLabel('Receipt image')
        .setInputFiles({ name: 'r.png', mimeType: 'image/png', buffer: receipt });
      await page.getByRole('button', { name: 'Add Expense' }).click();
      await page.waitForURL('**/admin/expense/list');
    }
    await page.getByRole('figure', { name: 'Expense Distribution' }).waitFor();
    await page.getByRole('figure', { name: 'Expense Analysis' }).waitFor();
    await page.getByText('Total Expenses').waitFor();
    await page.getByText('Amount in rupees').waitFor();
    await page.getByRole('searchbox', { name: 'Search expenses' }).fill(`${WORD} stamp`);
    await page
      .getByRole('row')
      .filter({ hasText: `${WORD} stamp duty` })
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `${WORD} power bill` })
          .count(),
      )
      .toBe(0);
    await page.getByRole('searchbox', { name: 'Search expenses' }).fill('');
    await shot(page, 'ledger-03-expenses');
  });

  it('downloads the Transaction Report and the purchase export with the required columns', async () => {
    const page = await signIn();
    await page.goto(`${base}/admin/reports/transactions`);
    await page.getByRole('heading', { name: 'Transaction Report' }).waitFor();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(M.bothDates).waitFor();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(today);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: '₹300.25' }).waitFor();
    await shot(page, 'ledger-04-report');
    const report = await download(page, () => page.getByRole('button', { name: 'Download Excel' }).click());
    expect(report.name).toBe(TRANSACTIONS_EXPORT.fileName(today, today));
    expect(report.rows[0]).toEqual([...TRANSACTIONS_EXPORT.columns]);
    expect(report.rows.some((r) => r[3] === 300.25 && r[5] === 'Completed')).toBe(true);

    await page.goto(`${base}/admin/master-data/data-jabatan`);
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(today);
    await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('2000-01-01');
    await dialog.getByRole('button', { name: 'Download Excel' }).click();
    await dialog.getByText(M.fromAfterTo).waitFor();
    await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(today);
    const purchases = await download(page, () =>
      dialog.getByRole('button', { name: 'Download Excel' }).click(),
    );
    expect(purchases.name).toBe(PURCHASES_EXPORT.fileName(today, today));
    expect(purchases.rows[0]).toEqual([...PURCHASES_EXPORT.columns]);
    expect(purchases.rows.find((r) => r[5] === WORD)).toEqual([
      expect.any(String),
      1000.5,
      200.25,
      0,
      1000.5,
      WORD,
      'closed',
      today,
    ]);
  });

  it('in the dark theme and on a phone', async () => {
    const page = await signIn();
    await switchToDarkTheme(page);
    await page.goto(`${base}/admin/expense/list`);
    await page.getByRole('figure', { name: 'Expense Distribution' }).waitFor();
    await expectTheme(page, 'dark');
    await shot(page, 'ledger-05-dark-expenses');
    await page.goto(`${base}${detailsPath}`);
    await page.getByText(M.closed).waitFor();
    await shot(page, 'ledger-06-dark-purchase');

    const phone = await signIn(PHONE);
    await phone.goto(`${base}/admin/expense/list`);
    await phone.getByRole('figure', { name: 'Expense Analysis' }).waitFor();
    await shot(phone, 'ledger-07-phone-expenses');
    await expectNoHorizontalScroll(phone, 'expenses on a phone');
    await phone.goto(`${base}${detailsPath}`);
    await phone.getByText(M.closed).waitFor();
    await shot(phone, 'ledger-08-phone-purchase');
    await expectNoHorizontalScroll(phone, 'purchase detail on a phone');
  });
});
