import { describe, expect, it } from 'vitest';
import type { AdminDashboard, ExpensePage, LoanPage, TransactionPage } from '@portal/contracts';
import { seedDemoData } from '../src/seed/demo-seed.ts';
import { requester, setupTestApp } from './helper.ts';

const ctx = setupTestApp();
const call = requester(ctx);
const quiet = { info() {} };
const paise = (rupees: number) => Math.round(rupees * 100);

describe('demo data (SEED_DEMO=1)', () => {
  it('fills the ledger with purchases, instalments and expenses whose figures add up exactly', async () => {
    await seedDemoData(ctx.app.db, quiet);
    const loans: LoanPage = (await call('GET', '/api/loans?pageSize=50', ctx.adminToken)).json();
    expect(loans.total).toBe(4);
    for (const loan of loans.items) {
      const history: TransactionPage = (
        await call('GET', `/api/loan-transactions/${loan.loan_id}?pageSize=50`, ctx.adminToken)
      ).json();
      const paid = history.items.reduce((sum, t) => sum + paise(t.amount), 0);
      expect(paise(loan.remaining_balance)).toBe(paise(loan.loan_amount) - paise(loan.advance_amount) - paid);
      expect(loan.status).toBe(loan.remaining_balance > 0 ? 'active' : 'closed');
      expect(loan.loan_id).toMatch(/^LN\d{9}$/);
      expect(loan.customer_name).not.toBe('');
    }
    expect(loans.items.find((l) => l.customer_name === 'Rajesh Kumar')).toMatchObject({
      loan_amount: 2500000,
      remaining_balance: 1574999.25,
      status: 'active',
    });
    expect(loans.items.filter((l) => l.status === 'closed')).toHaveLength(1);

    const expenses: ExpensePage = (await call('GET', '/api/expenses', ctx.adminToken)).json();
    expect(expenses.total).toBe(6);
    expect(expenses.totalAmount).toBe(142866.64);

    const dashboard: AdminDashboard = (await call('GET', '/api/dashboard/admin', ctx.adminToken)).json();
    expect(dashboard).toMatchObject({ activeLoans: 3, totalExpenses: 142866.64 });
  });

  it("a demo customer's record can be saved as the edit form sends it (no department or designation to invent)", async () => {
    const customer = await ctx.app.db('users').where({ username: 'rajesh.kumar' }).first();
    expect(customer).toMatchObject({ department: null, designation: null });
    // What the edit form sends for a record it leaves as it was: its fields that have values.
    const res = await call('PUT', `/api/users/${customer.id}`, ctx.adminToken, {
      name: customer.name,
      username: customer.username,
      email: customer.email,
      role: 'user',
      mobile_number: customer.mobile_number,
      address: 'Plot 14, Green Meadows Layout, Mysuru Road, Bengaluru 560026',
      permissions: { type: 'Read' },
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ department: null, designation: null });
  });

  it('gives every demo candidate a person in the talent pool', async () => {
    const candidates = await ctx.count('candidates');
    expect(candidates).toBeGreaterThan(0);
    expect(await ctx.app.db('candidates').whereNull('person_id').first()).toBeUndefined();
    const pool = (await call('GET', '/api/people', ctx.adminToken)).json();
    expect(pool.total).toBe(candidates);
    const [first] = pool.items;
    expect(first.applications).toHaveLength(1);
    const application = (
      await call('GET', `/api/candidates/${first.applications[0].uuid}`, ctx.adminToken)
    ).json();
    expect(application).toMatchObject({ person_id: first.id, name: first.name, email: first.email });
  });

  it('leaves an existing ledger alone when seeded again', async () => {
    const before = [await ctx.count('loans'), await ctx.count('loan_transactions'), await ctx.count('users')];
    await seedDemoData(ctx.app.db, quiet);
    expect([
      await ctx.count('loans'),
      await ctx.count('loan_transactions'),
      await ctx.count('users'),
    ]).toEqual(before);
  });
});
