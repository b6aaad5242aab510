import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  APP_TIME_ZONE,
  todayIn,
  LEDGER_MESSAGES as M,
  PURCHASES_EXPORT,
  TRANSACTIONS_EXPORT,
  USER_MESSAGES,
  type Loan,
  type TransactionAnswer,
} from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import { auth, multipartForm, requester, setupTestApp, unknownUserId, type FormPart } from './helper.ts';

const ctx = setupTestApp();
const call = requester(ctx);
let png: Buffer;
let customerId: number;

beforeAll(async () => {
  png = await makePng(16);
  customerId = (await ctx.createUser()).user.id;
});

const send = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, FormPart>,
  token = ctx.adminToken,
) => {
  const body = multipartForm(fields);
  return ctx.app.inject({ method, url, headers: { ...body.headers, ...auth(token) }, payload: body.payload });
};

/** Today as the firm counts days (in India), as From/To read them. */
const today = () => todayIn(APP_TIME_ZONE);

async function createLoan(loan_amount: number | string, advance_amount: number | string = 0): Promise<Loan> {
  const res = await call('POST', '/api/loans', ctx.adminToken, {
    customer_id: customerId,
    loan_amount,
    advance_amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const pay = (loan: Loan, amount: string, extra: Record<string, FormPart> = {}) =>
  send('POST', '/api/transactions', {
    loan_id: loan.loan_id,
    customer_id: String(loan.customer_id),
    amount,
    transaction_type: 'credit',
    date: today(),
    comments: 'instalment',
    ...extra,
  });

const stored = () => (existsSync(ctx.config.UPLOADS_DIR) ? readdirSync(ctx.config.UPLOADS_DIR).length : 0);

describe('purchases', () => {
  it('takes the required body, makes the LN id, the customer name and the balance itself', async () => {
    const res = await call('POST', '/api/loans', ctx.adminToken, {
      loan_id: 'LN000000001',
      customer_id: String(customerId),
      customer_name: 'Somebody Else',
      loan_amount: '1500000.75',
      advance_amount: 250000.25,
      remaining_balance: 1,
      referred_by: 'Agent Ravi',
      status: 'closed',
      interest_amount: 15000,
      created_by: 'mallory',
    });
    expect(res.statusCode, res.body).toBe(201);
    const loan: Loan = res.json();
    expect(loan.loan_id).toMatch(/^LN\d{9}$/);
    expect(loan.loan_id).not.toBe('LN000000001');
    expect(loan.customer_name).not.toBe('Somebody Else');
    expect(loan).toMatchObject({
      loan_amount: 1500000.75,
      advance_amount: 250000.25,
      remaining_balance: 1250000.5,
      total_paid: 250000.25,
      interest_amount: 15000.01,
      status: 'active',
      referred_by: 'Agent Ravi',
    });
    expect((await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json()).toEqual(loan);
  });

  it('recalculates the balance on edit from the new amounts and what was paid', async () => {
    const loan = await createLoan('1000.00', '100.00');
    expect((await pay(loan, '200.10')).statusCode).toBe(201);
    const res = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      ...loan,
      loan_amount: '1200.00',
      advance_amount: '150.00',
      remaining_balance: 999,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ remaining_balance: 849.9, total_paid: 350.1, status: 'active' });
    const below = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      customer_id: customerId,
      loan_amount: '300.00',
      advance_amount: '150.00',
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(M.amountBelowPaid);
  });

  it('refuses an advance above the amount and an amount that is not money', async () => {
    for (const [amount, advance, message] of [
      ['100', '101', M.advanceTooLarge],
      ['12.345', '0', M.invalidAmount],
      ['abc', '0', M.invalidAmount],
      ['0', '0', M.amountPositive],
    ]) {
      const res = await call('POST', '/api/loans', ctx.adminToken, {
        customer_id: customerId,
        loan_amount: amount,
        advance_amount: advance,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('lists 5 a page, newest change first, searched by name and filtered by status', async () => {
    const page = (await call('GET', '/api/loans', ctx.adminToken)).json();
    expect(page.pageSize).toBe(5);
    const stamps = page.items.map((l: Loan) => l.updated_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const closed = (await call('GET', '/api/loans?status=closed', ctx.adminToken)).json();
    expect(closed.items.every((l: Loan) => l.status === 'closed')).toBe(true);
    const none = (await call('GET', '/api/loans?search=zzz-nobody', ctx.adminToken)).json();
    expect(none.total).toBe(0);
    const sorted = await call('GET', '/api/loans?sort=customer_name&order=asc', ctx.adminToken);
    expect(sorted.statusCode).toBe(200);
  });

  it('takes the customer by user id (USR1234), by number or by digits, and answers with both', async () => {
    const customer = (await ctx.createUser({ name: 'Named Twice' })).user;
    const other = (await ctx.createUser()).user;
    for (const ref of [customer.user_id, customer.id, String(customer.id)]) {
      const res = await call('POST', '/api/loans', ctx.adminToken, {
        customer_id: ref,
        loan_amount: '500.00',
        advance_amount: '0',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        customer_id: customer.user_id,
        customer_row_id: customer.id,
        customer_name: 'Named Twice',
      });
    }
    const loan: Loan = (
      await call('GET', `/api/loans?customer_id=${customer.user_id}`, ctx.adminToken)
    ).json().items[0];
    const moved = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      ...loan,
      customer_id: other.user_id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ customer_id: other.user_id, customer_row_id: other.id });
    for (const filter of [customer.user_id, String(customer.id)]) {
      const page = (await call('GET', `/api/loans?customer_id=${filter}`, ctx.adminToken)).json();
      expect(page.total, filter).toBe(2);
      expect(page.items.every((l: Loan) => l.customer_id === customer.user_id)).toBe(true);
    }
    const nobody = await unknownUserId(ctx);
    expect((await call('GET', `/api/loans?customer_id=${nobody}`, ctx.adminToken)).json().total).toBe(0);
  });

  it('names the customer as the request did (USR…) on create, read, list, instalments and the report', async () => {
    const customer = (await ctx.createUser({ name: 'Named Alike' })).user;
    const created = await call('POST', '/api/loans', ctx.adminToken, {
      customer_id: customer.user_id,
      loan_amount: '900.00',
      advance_amount: '0',
    });
    expect(created.statusCode, created.body).toBe(201);
    const loan: Loan = created.json();
    const named = { customer_id: customer.user_id, customer_row_id: customer.id };
    expect(loan).toMatchObject(named);
    expect((await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json()).toMatchObject(named);
    const listed = (await call('GET', `/api/loans?search=${loan.loan_id}`, ctx.adminToken)).json();
    expect(listed.items).toEqual([expect.objectContaining({ loan_id: loan.loan_id, ...named })]);

    const paid = await pay(loan, '100.00');
    expect(paid.statusCode, paid.body).toBe(201);
    const answer: TransactionAnswer = paid.json();
    expect(answer.loan).toMatchObject(named);
    expect(answer.transaction).toMatchObject(named);
    const history = (await call('GET', `/api/loan-transactions/${loan.loan_id}`, ctx.adminToken)).json();
    expect(history.items).toEqual([expect.objectContaining(named)]);
    const report = (
      await call(
        'GET',
        `/api/transactions/report?fromDate=${today()}&toDate=${today()}&pageSize=100`,
        ctx.adminToken,
      )
    ).json();
    const line = report.items.find(
      (t: TransactionAnswer['transaction']) => t.transaction_id === answer.transaction.transaction_id,
    );
    expect(line).toMatchObject(named);
  });

  it.each([
    ['a user id that names nobody', 'unknown', 400, M.customerNotFound],
    ['neither a number nor a user id', 'Ravi', 400, USER_MESSAGES.refInvalid('Customer')],
    ['no customer at all', undefined, 400, 'Customer is required'],
  ])('refuses a purchase for %s and writes nothing', async (_what, ref, status, message) => {
    const before = await ctx.count('loans');
    const res = await call('POST', '/api/loans', ctx.adminToken, {
      customer_id: ref === 'unknown' ? await unknownUserId(ctx) : ref,
      loan_amount: '500.00',
      advance_amount: '0',
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await ctx.count('loans')).toBe(before);
  });

  it("keeps a deleted customer's purchase editable, but does not give a purchase to a deleted user", async () => {
    const customer = (await ctx.createUser()).user;
    const gone = (await ctx.createUser()).user;
    // Paid in full by its advance: closed from the start, so the customer may be deleted.
    const loan: Loan = (
      await call('POST', '/api/loans', ctx.adminToken, {
        customer_id: customer.user_id,
        loan_amount: '100.00',
        advance_amount: '100.00',
      })
    ).json();
    for (const user of [customer, gone])
      expect((await call('DELETE', `/api/users/${user.user_id}`, ctx.adminToken)).statusCode).toBe(200);
    const kept = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      ...loan,
      customer_id: customer.user_id,
      referred_by: 'Agent Kept',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ customer_id: customer.user_id, referred_by: 'Agent Kept' });
    const given = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      ...loan,
      customer_id: gone.user_id,
    });
    expect(given.statusCode).toBe(400);
    expect(given.json().message).toBe(M.customerNotFound);
  });

  it('is for admins only', async () => {
    const employee = await ctx.createUser();
    expect((await call('GET', '/api/loans', employee.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/admin', employee.token)).statusCode).toBe(403);
  });

  it('refuses to delete a customer with an active purchase (the users service asks the ledger)', async () => {
    const customer = await ctx.createUser();
    const res = await call('POST', '/api/loans', ctx.adminToken, {
      customer_id: customer.user.id,
      loan_amount: 10,
      advance_amount: 0,
    });
    const loan: Loan = res.json();
    const refused = await call('DELETE', `/api/users/${customer.user.id}`, ctx.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_MESSAGES.activePurchases);
    expect((await pay(loan, '10')).statusCode).toBe(201);
    expect((await call('DELETE', `/api/users/${customer.user.id}`, ctx.adminToken)).statusCode).toBe(200);
  });
});

describe('instalments', () => {
  it('keeps the balance exact over 1,000 instalments of 0.10 (no float drift), then closes at 0', async () => {
    const loan = await createLoan('100.20', '0.20');
    const actor = { id: 1, role: 'admin' as const };
    // Straight through the service: 1,000 HTTP round trips add nothing the other tests do not check.
    for (let i = 0; i < 1000; i++) {
      await ctx.app.services.ledger.addTransaction(
        { loan_id: loan.loan_id, amount: '0.10', date: today(), receipt_url: null },
        actor,
      );
    }
    const after = (await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json();
    expect(after).toMatchObject({ remaining_balance: 0, total_paid: 100.2, status: 'closed' });
    const history = (await call('GET', `/api/loan-transactions/${loan.loan_id}`, ctx.adminToken)).json();
    expect(history).toMatchObject({ total: 1000, pageSize: 5 });
  }, 120_000);

  it('takes receipts checked by content, and refuses the rest leaving nothing behind', async () => {
    const loan = await createLoan('500.00');
    const ok = await pay(loan, '100.50', {
      receipt: { filename: 'r.png', contentType: 'image/png', data: png },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const answer: TransactionAnswer = ok.json();
    expect(answer.transaction).toMatchObject({
      amount: 100.5,
      transaction_type: 'credit',
      status: 'Completed',
    });
    expect(answer.loan.remaining_balance).toBe(399.5);
    const file = await ctx.app.inject({
      method: 'GET',
      url: answer.transaction.receipt_url!,
      headers: auth(ctx.adminToken),
    });
    expect(file.statusCode).toBe(200);

    const before = stored();
    const fake = await pay(loan, '1', {
      receipt: { filename: 'r.png', contentType: 'image/png', data: Buffer.from('not an image') },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(M.receiptType);
    const pdf = await pay(loan, '1', {
      receipt: { filename: 'r.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 x') },
    });
    expect(pdf.statusCode).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const large = await pay(loan, '1', {
      receipt: { filename: 'r.png', contentType: 'image/png', data: big },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(M.receiptTooLarge);
    // A receipt sent with a refused payment is not kept.
    const tooMuch = await pay(loan, '1000', {
      receipt: { filename: 'r.png', contentType: 'image/png', data: png },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(M.amountTooLarge('₹399.50'));
    expect(stored()).toBe(before);
    expect((await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json().remaining_balance).toBe(
      399.5,
    );
  });

  it('answers with the instalment and the purchase exactly as they read back afterwards', async () => {
    const loan = await createLoan('1000.00', '100.25');
    const res = await pay(loan, '250.50', {
      receipt: { filename: 'r.png', contentType: 'image/png', data: png },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer: TransactionAnswer = res.json();
    const history = (await call('GET', `/api/loan-transactions/${loan.loan_id}`, ctx.adminToken)).json();
    expect(history.items).toEqual([answer.transaction]);
    expect(answer.transaction.customer.name).toBe(loan.customer_name);
    const readBack: Loan = (await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json();
    expect(answer.loan).toEqual(readBack);
    expect(readBack).toMatchObject({ remaining_balance: 649.25, total_paid: 350.75, status: 'active' });
  });

  it('refuses a closed purchase and a paid-off one with the required words', async () => {
    const loan = await createLoan('50.00', '0');
    expect((await pay(loan, '50')).json().loan.status).toBe('closed');
    const closed = await pay(loan, '1');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(M.closed);

    const open = await createLoan('80.00');
    await call('PUT', `/api/loans/${open.loan_id}`, ctx.adminToken, { ...open, status: 'closed' });
    expect((await pay(open, '1')).json().message).toBe(M.closed);

    // Older data: an active purchase whose balance is already 0.
    const legacy = await createLoan('30.00');
    await ctx.app
      .db('loans')
      .where({ id: legacy.id })
      .update({ remaining_balance: '0.00', status: 'active' });
    const paidOff = await pay(legacy, '1');
    expect(paidOff.statusCode).toBe(409);
    expect(paidOff.json().message).toBe(M.paidOff);
  });

  it('refuses a form without amount or date, and a debit', async () => {
    const loan = await createLoan('10.00');
    expect(
      (await send('POST', '/api/transactions', { loan_id: loan.loan_id, date: today() })).json().message,
    ).toBe('Amount is required');
    expect(
      (await send('POST', '/api/transactions', { loan_id: loan.loan_id, amount: '1' })).json().message,
    ).toBe(M.dateRequired);
    expect((await pay(loan, '1', { transaction_type: 'debit' })).statusCode).toBe(400);
    expect((await pay({ ...loan, loan_id: 'LN999999999' }, '1')).statusCode).toBe(404);
  });

  it('100 payments at once never overdraw: accepted ones add up to the balance change', async () => {
    const loan = await createLoan('50.00');
    const answers = await Promise.all(Array.from({ length: 100 }, () => pay(loan, '1.00')));
    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(50);
    for (const r of refused) {
      expect([400, 409]).toContain(r.statusCode);
      expect([M.closed, M.paidOff]).toContain(r.json().message);
    }
    const after: Loan = (await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken)).json();
    expect(after).toMatchObject({ remaining_balance: 0, status: 'closed' });
    const history = (
      await call('GET', `/api/loan-transactions/${loan.loan_id}?pageSize=1000`, ctx.adminToken)
    ).json();
    const sum = history.items.reduce((s: number, t: { amount: number }) => s + Math.round(t.amount * 100), 0);
    expect(sum).toBe(5000);
  }, 60_000);
});

describe('reports and exports', () => {
  const sheetOf = (body: Buffer) => {
    const book = XLSX.read(body, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  };

  it.each([
    ['/api/transactions/report', ''],
    ['/api/transactions/download', ''],
    ['/api/loans/download', ''],
  ])('%s needs both dates, From not after To', async (url) => {
    for (const [query, message] of [
      ['', M.bothDates],
      [`?fromDate=${today()}`, M.bothDates],
      ['?fromDate=2026-02-30&toDate=2026-03-01', M.bothDates],
      ['?fromDate=2026-05-02&toDate=2026-05-01', M.fromAfterTo],
    ]) {
      const res = await call('GET', `${url}${query}`, ctx.adminToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('says so when a range holds nothing', async () => {
    const q = '?fromDate=2001-01-01&toDate=2001-01-31';
    expect((await call('GET', `/api/transactions/download${q}`, ctx.adminToken)).json().message).toBe(
      M.noTransactions,
    );
    expect((await call('GET', `/api/loans/download${q}`, ctx.adminToken)).json().message).toBe(M.noPurchases);
    expect((await call('GET', `/api/transactions/report${q}`, ctx.adminToken)).json().total).toBe(0);
  });

  it('reports 7 a page newest first, To inclusive to the end of the day, and downloads both files', async () => {
    const loan = await createLoan('900.00', '100.00');
    await pay(loan, '12.34');
    const day = today();
    const report = (
      await call('GET', `/api/transactions/report?fromDate=${day}&toDate=${day}`, ctx.adminToken)
    ).json();
    expect(report.pageSize).toBe(7);
    expect(report.items[0]).toMatchObject({ loan_id: loan.loan_id, amount: 12.34, status: 'Completed' });
    const stamps = report.items.map((t: { created_at: string }) => t.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    const file = await call(
      'GET',
      `/api/transactions/download?fromDate=${day}&toDate=${day}`,
      ctx.adminToken,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(TRANSACTIONS_EXPORT.fileName(day, day));
    const rows = sheetOf(file.rawPayload);
    expect(rows[0]).toEqual([...TRANSACTIONS_EXPORT.columns]);
    expect(rows.length - 1).toBe(report.total);
    expect(rows[1]).toEqual([
      report.items[0].transaction_id,
      loan.loan_id,
      expect.any(String),
      12.34,
      'credit',
      'Completed',
      'instalment',
      expect.any(String),
    ]);

    const purchases = await call('GET', `/api/loans/download?fromDate=${day}&toDate=${day}`, ctx.adminToken);
    expect(purchases.headers['content-disposition']).toContain(PURCHASES_EXPORT.fileName(day, day));
    const prow = sheetOf(purchases.rawPayload);
    expect(prow[0]).toEqual([...PURCHASES_EXPORT.columns]);
    const mine = prow.find((r) => r[1] === 900 && r[4] === 112.34);
    expect(mine).toEqual([expect.any(String), 900, 100, 787.66, 112.34, 'N/A', 'active', day]);
  });
});

describe('expenses and the dashboard', () => {
  it('adds, lists with totals per type, edits and deletes expenses; both type readings are one type', async () => {
    const before = (await call('GET', '/api/dashboard/admin', ctx.adminToken)).json();
    const created = await send('POST', '/api/expenses', {
      expenseName: 'Stamp duty',
      amount: '1000.10',
      expenseType: 'LEGAL_FEES',
      expenseDate: today(),
      comments: 'registry office',
      created_by: 'mallory',
      expenseImage: { filename: 'e.png', contentType: 'image/png', data: png },
    });
    expect(created.statusCode, created.body).toBe(201);
    const expense = created.json();
    expect(expense).toMatchObject({
      expenseType: 'legal_fees',
      expenseTypeLabel: 'Legal Fees',
      amount: 1000.1,
    });
    expect(expense.expenseImage).toMatch(/^\/api\/files\//);
    await send('POST', '/api/expenses', {
      expenseName: 'Power',
      amount: '0.20',
      expenseType: 'utilities',
      expenseDate: today(),
    });

    const list = (await call('GET', '/api/expenses?search=stamp', ctx.adminToken)).json();
    expect(list).toMatchObject({ total: 1, pageSize: 5 });
    const all = (await call('GET', '/api/expenses', ctx.adminToken)).json();
    expect(all.totals).toEqual(
      expect.arrayContaining([{ type: 'legal_fees', label: 'Legal Fees', amount: 1000.1 }]),
    );
    expect(all.totalAmount).toBe(1000.3);
    expect((await call('GET', '/api/expenses?type=utilities', ctx.adminToken)).json().total).toBe(1);

    const bad = await send('POST', '/api/expenses', {
      expenseName: 'x',
      amount: '1',
      expenseType: 'bribes',
      expenseDate: today(),
    });
    expect(bad.json().message).toBe(M.expenseTypeInvalid);

    const edited = await send('PUT', `/api/expenses/${expense.uuid}`, {
      expenseName: 'Stamp duty (revised)',
      amount: '999.90',
      expenseType: 'legal_fees',
      expenseDate: today(),
      comments: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      amount: 999.9,
      expenseImage: expense.expenseImage,
      comments: null,
    });

    const after = (await call('GET', '/api/dashboard/admin', ctx.adminToken)).json();
    expect(Math.round((after.totalExpenses - before.totalExpenses) * 100)).toBe(100010);
    expect(Math.round((after.monthlyExpenses - before.monthlyExpenses) * 100)).toBe(100010);
    expect(Math.round((before.totalAvailableFunds - after.totalAvailableFunds) * 100)).toBe(100010);
    expect(after.months).toHaveLength(6);

    expect((await call('DELETE', `/api/expenses/${expense.uuid}`, ctx.adminToken)).json().message).toBe(
      M.expenseDeleted,
    );
    expect((await call('GET', `/api/expenses/${expense.uuid}`, ctx.adminToken)).statusCode).toBe(404);
  });

  it('counts funds as advances and instalments received less expenses', async () => {
    const before = (await call('GET', '/api/dashboard/admin', ctx.adminToken)).json();
    const loan = await createLoan('1000.00', '300.05');
    await pay(loan, '99.95');
    const after = (await call('GET', '/api/dashboard/admin', ctx.adminToken)).json();
    expect(Math.round((after.totalAvailableFunds - before.totalAvailableFunds) * 100)).toBe(40000);
    expect(Math.round((after.monthlyIncome - before.monthlyIncome) * 100)).toBe(40000);
    expect(after.activeLoans).toBe(before.activeLoans + 1);
    expect(after.totalAdmins).toBeGreaterThanOrEqual(1);
  });
});
