import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { APP_TIME_ZONE, SESSION_COOKIE, todayIn, type Loan, type LoginResponse } from '@portal/contracts';
import { employeeBody, makePng } from '../../../scripts/fixtures.ts';
import { ADMIN, auth, multipartForm, requester, setupTestApp, type FilePart } from './helper.ts';

/**
 * The portal's API table, call by call, with the bodies and queries exactly as the table documents them (field names,
 * multipart where it says multipart, dates as the date inputs send them), and the answer's fields the
 * screens read. Who acts comes from the session; identity and read-only fields are accepted and ignored.
 */
const ctx = setupTestApp();
const call = requester(ctx);
let png: FilePart;
let employee: LoginResponse;

beforeAll(async () => {
  png = { filename: 'photo.png', contentType: 'image/png', data: await makePng(16) };
  employee = await ctx.createUser({ name: 'Leela Nair', designation: 'Team Lead' });
});

const sendForm = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | FilePart>,
  token = ctx.adminToken,
) => {
  const form = multipartForm(fields);
  return ctx.app.inject({ method, url, headers: { ...form.headers, ...auth(token) }, payload: form.payload });
};

/** Today as the firm counts days (in India), as From/To read them. */
const today = () => todayIn(APP_TIME_ZONE);
const storedFiles = () => (existsSync(ctx.config.UPLOADS_DIR) ? readdirSync(ctx.config.UPLOADS_DIR) : []);

describe('the API table: sign-in, profile, dashboards', () => {
  it('POST /api/v2/login with username, password: the user object with role and username', async () => {
    const res = await call('POST', '/api/v2/login', undefined, {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: ADMIN.username, role: 'admin' });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
  });

  it('POST /api/v2/logout with no body ends the session on the server', async () => {
    const session = await ctx.login(employee.user.username, 'employee-pass');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/logout', headers: auth(session.token) });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/employee/profile', session.token)).statusCode).toBe(401);
  });

  it('GET /api/employee/profile: name, position, photo', async () => {
    const res = await call('GET', '/api/employee/profile', employee.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Leela Nair', position: 'Team Lead', photo: null });
  });

  it('GET /api/dashboard/recruitment: the fields the dashboard shows', async () => {
    const res = await call('GET', '/api/dashboard/recruitment', employee.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      activeJobs: expect.any(Number),
      totalCandidates: expect.any(Number),
      selectedCandidates: expect.any(Number),
      rejectedCandidates: expect.any(Number),
      candidateStatusData: expect.any(Array),
      sourceDistribution: expect.any(Array),
      recentActivities: expect.any(Array),
    });
  });

  it('GET /api/dashboard/employee-stats: user, stats, recentActivities, openPositions, candidateStats', async () => {
    const res = await call('GET', '/api/dashboard/employee-stats', employee.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { name: 'Leela Nair', email: employee.user.email, designation: 'Team Lead', department: 'HR' },
      stats: { totalJobs: 0, totalCandidates: 0, totalOpenPositions: 0 },
      recentActivities: [],
      openPositions: [],
      candidateStats: { total: 0, pending: 0, selected: 0, rejected: 0 },
    });
  });
});

describe('the API table: users', () => {
  it('POST /api/upload/photo then POST /api/users with the add form as sent: user_id, Male, User, url, permissions', async () => {
    const upload = await sendForm('POST', '/api/upload/photo', { photo: png });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url } = upload.json();
    expect((await call('GET', url, ctx.adminToken)).statusCode).toBe(200);

    const res = await call('POST', '/api/users', ctx.adminToken, {
      ...employeeBody('spec1-create'),
      user_id: 'USR1234',
      gender: 'Male',
      role: 'User',
      alt_mobile_number: '',
      status: 'active',
      permissions: { type: 'Limited', permissions: ['create', 'read', 'update'] },
      url,
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'employeespec1-create',
      gender: 'Male',
      role: 'user',
      photo: url,
      permissions: { type: 'Limited' },
    });
    expect(user.user_id).toMatch(/^USR\d{4}$/);

    const list = await call('GET', '/api/users?search=employeespec1-create', ctx.adminToken);
    expect(list.json().items.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect((await call('GET', `/api/users/${user.user_id}`, ctx.adminToken)).json()).toMatchObject({
      id: user.id,
      username: 'employeespec1-create',
      user_id: user.user_id,
    });

    const removed = await call('DELETE', `/api/users/${user.user_id}/photo`, ctx.adminToken);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/users/${user.user_id}`, ctx.adminToken)).json().photo).toBeNull();

    const deleted = await call('DELETE', `/api/users/${user.user_id}`, ctx.adminToken);
    expect(deleted.statusCode).toBe(200);
    const login = await call('POST', '/api/v2/login', undefined, {
      username: 'employeespec1-create',
      password: 'employee-pass',
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('the API table: purchases, transactions, reports', () => {
  let customer: LoginResponse['user'];
  let loan: Loan;
  beforeAll(async () => {
    customer = (await ctx.createUser({ name: 'Ravi Kumar' })).user;
  });

  it('POST /api/loans with the form fields loan_id, customer_name, remaining_balance, status, interest_amount', async () => {
    const res = await call('POST', '/api/loans', ctx.adminToken, {
      loan_id: 'LN123456789',
      customer_id: customer.user_id,
      customer_name: 'Ravi Kumar',
      loan_amount: 1_000_000,
      advance_amount: 200_000,
      remaining_balance: 800_000,
      referred_by: 'Agent Ravi',
      status: 'active',
      interest_amount: 10_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    loan = res.json();
    expect(loan).toMatchObject({
      customer_id: customer.user_id,
      customer_row_id: customer.id,
      customer_name: 'Ravi Kumar',
      loan_amount: 1_000_000,
      advance_amount: 200_000,
      remaining_balance: 800_000,
      status: 'active',
    });
    expect(loan.loan_id).toMatch(/^LN\d{9}$/);
  });

  it('GET /api/loans and GET /api/loans/{loan_id}: the list holds it, the detail reads it', async () => {
    const list = await call('GET', '/api/loans', ctx.adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((l: Loan) => l.loan_id)).toContain(loan.loan_id);
    const one = await call('GET', `/api/loans/${loan.loan_id}`, ctx.adminToken);
    expect(one.json()).toMatchObject({ loan_id: loan.loan_id, remaining_balance: 800_000 });
  });

  it('PUT /api/loans/{id} with the loan fields and a recalculated remaining_balance', async () => {
    const res = await call('PUT', `/api/loans/${loan.loan_id}`, ctx.adminToken, {
      ...loan,
      customer_id: customer.user_id,
      loan_amount: '1200000',
      advance_amount: '300000',
      remaining_balance: 900_000,
      interest_amount: 12_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ loan_amount: 1_200_000, remaining_balance: 900_000 });
  });

  it('POST /api/transactions as multipart: loan_id, customer_id, amount, transaction_type, date, comments, receipt', async () => {
    const before = storedFiles().length;
    const res = await sendForm('POST', '/api/transactions', {
      loan_id: loan.loan_id,
      customer_id: customer.user_id,
      amount: '50000',
      transaction_type: 'credit',
      date: today(),
      comments: 'First instalment',
      receipt: png,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().loan.remaining_balance).toBe(850_000);
    expect(res.json().transaction).toMatchObject({ amount: 50_000, comments: 'First instalment' });
    expect(storedFiles()).toHaveLength(before + 1);

    const ofLoan = await call('GET', `/api/loan-transactions/${loan.loan_id}`, ctx.adminToken);
    expect(ofLoan.json().items).toHaveLength(1);
    const all = await call('GET', '/api/transactions', ctx.adminToken);
    expect(all.json().items.map((t: { loan_id: string }) => t.loan_id)).toContain(loan.loan_id);
  });

  it('GET /api/transactions/report?fromDate&toDate and /download: the rows, and transactions_{from}_to_{to}.xlsx', async () => {
    const range = `fromDate=${today()}&toDate=${today()}`;
    const report = await call('GET', `/api/transactions/report?${range}`, ctx.adminToken);
    expect(report.statusCode).toBe(200);
    expect(report.json().items[0]).toMatchObject({
      loan_id: loan.loan_id,
      amount: 50_000,
      transaction_type: 'credit',
      status: 'Completed',
      customer: { username: expect.any(String) },
    });
    const file = await ctx.app.inject({
      url: `/api/transactions/download?${range}`,
      headers: auth(ctx.adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`transactions_${today()}_to_${today()}.xlsx`);
    const rows = XLSX.utils.sheet_to_json(
      XLSX.read(file.rawPayload).Sheets[XLSX.read(file.rawPayload).SheetNames[0]!]!,
    );
    expect(rows).toHaveLength(1);
  });

  it('DELETE /api/loans/{id}', async () => {
    const other = (
      await call('POST', '/api/loans', ctx.adminToken, {
        customer_id: customer.user_id,
        loan_amount: '500000',
        advance_amount: '0',
      })
    ).json();
    const res = await call('DELETE', `/api/loans/${other.loan_id}`, ctx.adminToken);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/loans/${other.loan_id}`, ctx.adminToken)).statusCode).toBe(404);
  });
});

describe('the API table: expenses', () => {
  it('POST /api/expenses as multipart with the add screen type (LAND_PURCHASE) and an expenseImage', async () => {
    const res = await sendForm('POST', '/api/expenses', {
      expenseName: 'Survey of plot 12',
      amount: '15000.50',
      expenseType: 'LAND_PURCHASE',
      comments: 'Surveyor fee',
      expenseDate: today(),
      expenseImage: png,
    });
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json();
    expect(expense).toMatchObject({
      expenseName: 'Survey of plot 12',
      amount: 15000.5,
      expenseType: 'land_purchase',
      comments: 'Surveyor fee',
      expenseDate: today(),
    });
    expect(expense.expenseImage).toBeTruthy();

    const list = await call('GET', '/api/expenses', ctx.adminToken);
    expect(list.json().items[0]).toMatchObject({
      uuid: expense.uuid,
      expenseName: 'Survey of plot 12',
      amount: 15000.5,
      expenseType: 'land_purchase',
      comments: 'Surveyor fee',
      createdAt: expect.any(String),
    });
    expect((await call('GET', `/api/expenses/${expense.uuid}`, ctx.adminToken)).json().uuid).toBe(
      expense.uuid,
    );
  });

  it('PUT /api/expenses/{uuid} as multipart without an image keeps the receipt; DELETE removes it', async () => {
    const created = (
      await sendForm('POST', '/api/expenses', {
        expenseName: 'Office rent',
        amount: '20000',
        expenseType: 'rent',
        comments: '',
        expenseDate: today(),
        expenseImage: png,
      })
    ).json();
    const res = await sendForm('PUT', `/api/expenses/${created.uuid}`, {
      expenseName: 'Office rent (March)',
      amount: '21000',
      expenseType: 'utilities',
      comments: 'Raised',
      expenseDate: today(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      expenseName: 'Office rent (March)',
      amount: 21000,
      expenseType: 'utilities',
      expenseImage: created.expenseImage,
    });
    expect((await call('DELETE', `/api/expenses/${created.uuid}`, ctx.adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/expenses/${created.uuid}`, ctx.adminToken)).statusCode).toBe(404);
  });
});

describe('the API table: contact', () => {
  it('POST /api/email/contact with name, email, phone, message: a success flag', async () => {
    const before = await ctx.count('contact_messages');
    const res = await call('POST', '/api/email/contact', undefined, {
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      message: 'Is plot 7 still available?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(await ctx.count('contact_messages')).toBe(before + 1);
  });
});
