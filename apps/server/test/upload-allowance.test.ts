import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import {
  auth,
  multipartFile,
  multipartForm,
  setupTestApp,
  type FormPart,
  type TestContext,
} from './helper.ts';

const storedFiles = (ctx: TestContext) =>
  existsSync(ctx.config.UPLOADS_DIR) ? readdirSync(ctx.config.UPLOADS_DIR).sort() : [];

async function uploadPhoto(ctx: TestContext, token: string) {
  const body = multipartFile('photo', 'me.png', 'image/png', await makePng(16));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/photo',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

describe('the per-user upload allowance', () => {
  const ctx = setupTestApp({ UPLOAD_FILES_PER_HOUR: '3' });
  it('refuses the upload past the hourly allowance with 429, Retry-After and nothing on disk', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 3; i++) expect((await uploadPhoto(ctx, user.token)).statusCode).toBe(201);
    const before = storedFiles(ctx);
    const refused = await uploadPhoto(ctx, user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.quotaReached);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(storedFiles(ctx)).toEqual(before);

    // Another user's allowance is their own.
    const other = await ctx.createUser();
    expect((await uploadPhoto(ctx, other.token)).statusCode).toBe(201);
  });
});

describe('the sweeper of uploads never attached', () => {
  const ctx = setupTestApp({ UPLOAD_GRACE_MINUTES: '0', UPLOAD_SWEEP_SECONDS: '1' });
  // With no grace, any upload is the sweeper's from the moment it is stored: which file is kept because a record
  // points at it is shown below, by a sweep run at a chosen moment (the timer could take a file between its
  // upload and the request that attaches it).
  it('removes, from inside the running app, a file no record points at', { timeout: 20_000 }, async () => {
    const user = await ctx.createUser();
    const abandoned = (await uploadPhoto(ctx, user.token)).json().url as string;
    const name = abandoned.split('/').pop()!;
    const deadline = Date.now() + 10_000;
    while (storedFiles(ctx).includes(name) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(storedFiles(ctx)).toEqual([]);
  });
});

describe('the sweeper and its grace period', () => {
  const ctx = setupTestApp();
  it('leaves a fresh upload alone while the form that sent it may still be filled in', async () => {
    const url = (await uploadPhoto(ctx, ctx.adminToken)).json().url as string;
    expect(await ctx.app.uploadLedger.sweep(24 * 3_600_000)).toBe(0);
    expect(storedFiles(ctx)).toEqual([url.split('/').pop()]);
    // The same file a day and a minute later, still unattached: gone.
    expect(
      await ctx.app.uploadLedger.sweep(24 * 3_600_000, new Date(Date.now() + 24 * 3_600_000 + 60_000)),
    ).toBe(1);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('keeps the files a record points at, and removes the others', async () => {
    const user = await ctx.createUser();
    const attached = (await uploadPhoto(ctx, user.token)).json().url as string;
    const abandoned = (await uploadPhoto(ctx, user.token)).json().url as string;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.user.id}`,
      headers: auth(user.token),
      payload: { url: attached },
    });
    expect(saved.statusCode).toBe(200);
    const name = (url: string) => url.split('/').pop()!;
    expect(storedFiles(ctx)).toEqual([name(attached), name(abandoned)].sort());

    expect(await ctx.app.uploadLedger.sweep(0)).toBe(1);
    expect(storedFiles(ctx)).toEqual([name(attached)]);
    const photo = await ctx.app.inject({ url: attached, headers: auth(user.token) });
    expect(photo.statusCode).toBe(200);
  });
});

describe('receipts and the upload allowance', () => {
  const ctx = setupTestApp({ UPLOAD_FILES_PER_HOUR: '2' });
  it('counts instalment and expense receipts; past the allowance nothing is stored or written', async () => {
    const customer = await ctx.createUser();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: auth(ctx.adminToken),
      payload: { customer_id: customer.user.id, loan_amount: '100.00', advance_amount: '0' },
    });
    const loan = created.json() as { loan_id: string };
    const receipt = { filename: 'r.png', contentType: 'image/png', data: await makePng(16) };
    const today = new Date().toISOString().slice(0, 10);
    const post = (url: string, fields: Record<string, FormPart>) => {
      const body = multipartForm(fields);
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...auth(ctx.adminToken), ...body.headers },
        payload: body.payload,
      });
    };
    const pay = (withReceipt: boolean) =>
      post('/api/transactions', {
        loan_id: loan.loan_id,
        amount: '10.00',
        date: today,
        ...(withReceipt ? { receipt } : {}),
      });

    expect((await pay(true)).statusCode).toBe(201);
    expect((await pay(true)).statusCode).toBe(201);
    const files = storedFiles(ctx);
    const instalments = await ctx.count('loan_transactions');

    const refused = await pay(true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.quotaReached);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const expense = await post('/api/expenses', {
      expenseName: 'Stamp paper',
      amount: '500.00',
      expenseType: 'supplies',
      expenseDate: today,
      expenseImage: receipt,
    });
    expect(expense.statusCode).toBe(429);
    expect(storedFiles(ctx)).toEqual(files);
    expect(await ctx.count('loan_transactions')).toBe(instalments);
    expect(await ctx.count('expenses')).toBe(0);

    // An instalment without a receipt stores nothing and needs no allowance.
    const plain = await pay(false);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().loan.remaining_balance).toBe(70);
  });
});
