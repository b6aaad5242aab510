import { describe, expect, inject, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEDGER_MESSAGES as M, type Expense, type Loan, type User } from '@portal/contracts';
import { ADMIN_USER, adminApi, asAdmin, renderApp, uniqueTag } from '../../../test/render.tsx';
import { createEmployee, uniqueName } from '../../../test/data.ts';

describe('purchase form', () => {
  it('checks the fields before sending, then creates the purchase and goes back to the list', async () => {
    const tag = uniqueTag('Ref');
    const { router } = renderApp('/admin/master-data/lending/add-lending', asAdmin());
    await screen.findByRole('heading', { name: 'Create New Purchase' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Purchase' }));
    expect(await screen.findByText('Customer is required')).toBeTruthy();
    expect(screen.getByText('Purchase amount is required')).toBeTruthy();

    const customer = screen.getByRole('combobox', { name: /^Customer/ });
    await waitFor(() => expect(within(customer).getAllByRole('option').length).toBeGreaterThan(1));
    // The customers are offered by user id (USR…), the way the purchase names them.
    const admin = await adminApi<User>('GET', `/api/users/${ADMIN_USER.id}`);
    await userEvent.selectOptions(customer, admin.user_id);
    await userEvent.type(screen.getByRole('textbox', { name: /^Purchase Amount/ }), '100.50');
    await userEvent.type(screen.getByRole('textbox', { name: /^Advance Amount/ }), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Create Purchase' }));
    expect(await screen.findByText(M.advanceTooLarge)).toBeTruthy();

    await userEvent.clear(screen.getByRole('textbox', { name: /^Advance Amount/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Advance Amount/ }), '20.25');
    await userEvent.type(screen.getByRole('textbox', { name: 'Referred By' }), tag);
    expect(screen.getByText('Remaining balance: ₹80.25')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Purchase' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/master-data/data-jabatan'));
    const row = (await screen.findByText(tag)).closest('tr')!;
    expect(within(row).getByText('₹80.25')).toBeTruthy();
  });
});

describe('purchase edit form', () => {
  it('shows the customer a purchase names by user id, and saving keeps naming them so', async () => {
    const customer = await createEmployee(uniqueName('Buyer '));
    const loan = await adminApi<Loan>('POST', '/api/loans', {
      customer_id: customer.user.user_id,
      loan_amount: '500.00',
      advance_amount: '0',
    });
    expect(loan).toMatchObject({ customer_id: customer.user.user_id, customer_row_id: customer.user.id });
    const { router } = renderApp(`/admin/master-data/lending/edit/${loan.loan_id}`, asAdmin());
    const select = await screen.findByRole('combobox', { name: /^Customer/ });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(customer.user.user_id));
    expect(within(select).getByRole('option', { selected: true }).textContent).toContain(customer.user.name);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Referred By' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Referred By' }), 'Agent Kept');
    await userEvent.click(screen.getByRole('button', { name: 'Update Purchase' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/master-data/data-jabatan'));
    expect(await adminApi<Loan>('GET', `/api/loans/${loan.loan_id}`)).toMatchObject({
      customer_id: customer.user.user_id,
      customer_row_id: customer.user.id,
      referred_by: 'Agent Kept',
    });
  });
});

describe('purchase detail', () => {
  it('refuses an amount above the balance on the form, and shows the closed message once paid', async () => {
    const loan = await adminApi<Loan>('POST', '/api/loans', {
      customer_id: ADMIN_USER.id,
      loan_amount: '10.00',
      advance_amount: '0',
    });
    renderApp(`/admin/lending/${loan.loan_id}`, asAdmin());
    const form = await screen.findByRole('form', { name: 'Add transaction' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Amount/ }), '10.01');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Transaction' }));
    expect(await screen.findByText(M.amountTooLarge('₹10.00'))).toBeTruthy();
    await userEvent.clear(within(form).getByRole('textbox', { name: /^Amount/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Amount/ }), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Transaction' }));
    expect(await screen.findByText(M.closed)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add transaction' })).toBeNull();
  });
});

describe('transaction report', () => {
  it('asks for both dates and for From not after To', async () => {
    renderApp('/admin/reports/transactions', asAdmin());
    await screen.findByRole('heading', { name: 'Transaction Report' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(M.bothDates)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('From'), '2026-05-02');
    await userEvent.type(screen.getByLabelText('To'), '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await screen.findByText(M.fromAfterTo)).toBeTruthy();
  });

  it('reads its range from the URL', async () => {
    renderApp('/admin/reports/transactions?fromDate=2026-05-01&toDate=2026-05-31', asAdmin());
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-01');
  });

  it('asks for a range when the URL has none that works', async () => {
    renderApp('/admin/reports/transactions?fromDate=2026-05-31&toDate=2026-05-01', asAdmin());
    await screen.findByRole('heading', { name: 'Transaction Report' });
    expect(screen.getByText('Choose From and To dates, then Search.')).toBeTruthy();
  });
});

describe('expense list', () => {
  it('shows the required search, type filter and columns', async () => {
    renderApp('/admin/expense/list', asAdmin());
    expect(await screen.findByPlaceholderText(M.searchExpenses)).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Expense type' });
    expect(within(filter).getAllByRole('option')[0]!.textContent).toBe('All Types');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Expense Name', 'Type', 'Amount', 'Date', 'Actions']);
  });
});

/** A 1×1 PNG: the server reads a receipt's first bytes, not its name. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** Adds an expense with a receipt through the API, as the form's multipart body. */
async function createExpenseWithReceipt(name: string): Promise<Expense> {
  const boundary = 'receipt-test-boundary';
  const enc = new TextEncoder();
  const field = (k: string, v: string) =>
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const parts = [
    field('expenseName', name),
    field('amount', '12.50'),
    field('expenseType', 'utilities'),
    field('expenseDate', '2026-05-01'),
    enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="expenseImage"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    enc.encode(`\r\n--${boundary}--\r\n`),
  ];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (body.set(p, at), at + p.length), 0);
  const res = await fetch(`${inject('apiBase')}/api/expenses`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('adminToken')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
  });
  if (!res.ok) throw new Error(`POST /api/expenses: ${res.status} ${await res.text()}`);
  return (await res.json()) as Expense;
}

describe('expense receipts', () => {
  it('an expense with a receipt has a link to view it, in the list and on its edit form', async () => {
    const name = uniqueTag('Receipt');
    const expense = await createExpenseWithReceipt(name);
    try {
      renderApp(`/admin/expense/list?search=${name}`, asAdmin());
      const link = await screen.findByRole('link', { name: `View receipt for ${name}` });
      expect(link.getAttribute('href')).toBe(expense.expenseImage);
      expect(link.getAttribute('target')).toBe('_blank');
      const opened = await fetch(`${inject('apiBase')}${expense.expenseImage}`, {
        headers: { authorization: `Bearer ${inject('adminToken')}` },
      });
      expect(opened.headers.get('content-type')).toContain('image/png');

      cleanup();
      renderApp(`/admin/expense/edit/${expense.uuid}`, asAdmin());
      expect(
        (await screen.findByRole('link', { name: `View receipt for ${name}` })).getAttribute('href'),
      ).toBe(expense.expenseImage);
    } finally {
      await adminApi('DELETE', `/api/expenses/${expense.uuid}`);
    }
  });
});

describe('purchase export', () => {
  it("says the purchase export's own words, not the transaction report's", async () => {
    const objectUrl = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:purchases';
    URL.revokeObjectURL = () => {};
    try {
      renderApp('/admin/master-data/data-jabatan', asAdmin());
      await userEvent.click(await screen.findByRole('button', { name: 'Export Excel' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('From'), '2020-01-01');
      await userEvent.type(within(dialog).getByLabelText('To'), '2030-12-31');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Download Excel' }));
      expect(await screen.findByText(M.purchasesDownloaded)).toBeTruthy();
      expect(screen.queryByText(M.downloaded)).toBeNull();
    } finally {
      URL.createObjectURL = objectUrl;
    }
  });
});
