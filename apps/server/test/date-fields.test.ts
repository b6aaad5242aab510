import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { APP_TIME_ZONE, LEDGER_MESSAGES, todayIn, type Loan } from '@portal/contracts';
import { auth, multipartForm, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createPurchase, sendLedgerForm } from './ledger-fixtures.ts';

/** Every route as the app adds it, with its schemas and the multipart form it reads. */
const routes: RouteOptions[] = [];
const ctx = setupTestApp({}, { onRoute: (route) => void routes.push(route) });

/** Days that cannot be: a month or a day out of range, a day the month does not have, all zeros. */
const MALFORMED_DATES = [
  '2026-13-45',
  '2026-00-10',
  '2026-99-10',
  '2026-01-00',
  '2026-01-32',
  '0000-00-00',
  '2026-02-30',
];
/** Today in India: a deadline may be today, and today's purchase falls in a From/To of today. */
const GOOD_DAY = todayIn(APP_TIME_ZONE);

interface Schema {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  format?: string;
}
type Part = 'params' | 'query' | 'body' | 'form';
interface DateField {
  method: string;
  url: string;
  part: Part;
  name: string;
  /** Accepted and ignored (a record's timestamps echoed back): the server must only not fail on it. */
  ignored: boolean;
}

/** A field is a date by its format, or by its name for those checked by the service rather than the schema. */
const isDateField = (name: string, schema: Schema): boolean =>
  /(^|_)date(_|$)|Date$|^deadline$/.test(name) ||
  schema.format === 'date' ||
  schema.format === 'date-time' ||
  (schema.anyOf ?? []).some((option) => isDateField(name, option));

/** The identity and echoed fields' schema: any short value, never read. */
const isIgnored = (schema: Schema) =>
  JSON.stringify(schema.anyOf?.map((o) => (o as { type?: string }).type)) ===
  JSON.stringify(['string', 'number', 'boolean', 'null']);

function dateFields(): DateField[] {
  const found: DateField[] = [];
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = (route.schema ?? {}) as Record<string, Schema | undefined>;
      const parts: Record<Part, Schema | undefined> = {
        params: schema.params,
        query: schema.querystring,
        body: schema.body,
        form: route.config?.form?.fields as Schema | undefined,
      };
      for (const [part, partSchema] of Object.entries(parts) as [Part, Schema | undefined][]) {
        for (const [name, field] of Object.entries(partSchema?.properties ?? {})) {
          if (isDateField(name, field)) {
            found.push({ method, url: route.url, part, name, ignored: isIgnored(field) });
          }
        }
      }
    }
  }
  return found;
}

let loan: Loan;
let fill: Record<string, string>;
/** A body each route with a date in its body accepts when its dates are good: the date alone is then wrong. */
let validBodies: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Date Fuzzing']);
  const job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills['Date Fuzzing']!]), questions: [] });
  const customer = await ctx.createUser();
  loan = await createPurchase(ctx, customer.user.id);
  const expense = await sendLedgerForm(ctx, 'POST', '/api/expenses', {
    expenseName: 'Stamp duty',
    amount: '500',
    expenseType: 'LEGAL_FEES',
    expenseDate: GOOD_DAY,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  fill = {
    id: String(job.id),
    jobId: String(job.id),
    loanId: loan.loan_id,
    uuid: expense.json().uuid,
    userId: String(customer.user.id),
    name: 'x.png',
    stateCode: 'KA',
  };
  validBodies = {
    'POST /api/jobs': { ...jobBody([skills['Date Fuzzing']!]), questions: [] },
    'PUT /api/jobs/:id': { ...jobBody([skills['Date Fuzzing']!]), questions: [] },
    'POST /api/transactions': { loan_id: loan.loan_id, amount: '100', date: GOOD_DAY },
    'POST /api/expenses': { expenseName: 'Court fee', amount: '100', expenseType: 'LEGAL_FEES' },
    'PUT /api/expenses/:uuid': { expenseName: 'Court fee', amount: '100', expenseType: 'LEGAL_FEES' },
  };
});

/** The request for one route with every date field good but `field`, which holds `value`. */
function requestFor(field: DateField, value: string, all: DateField[]) {
  const same = all.filter((f) => f.method === field.method && f.url === field.url && f.part === field.part);
  const dates = Object.fromEntries(same.map((f) => [f.name, f.name === field.name ? value : GOOD_DAY]));
  const url = field.url.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(field.part === 'params' && param === field.name ? value : (fill[param] ?? '1')),
  );
  const key = `${field.method} ${field.url}`;
  const method = field.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  if (field.part === 'query') {
    return { method, url: `${url}?${new URLSearchParams(dates)}`, headers: auth(ctx.adminToken) };
  }
  if (field.part === 'form') {
    const form = multipartForm({ ...(validBodies[key] as Record<string, string>), ...dates });
    return { method, url, headers: { ...form.headers, ...auth(ctx.adminToken) }, payload: form.payload };
  }
  const payload = field.part === 'body' ? { ...validBodies[key], ...dates } : undefined;
  return { method, url, headers: auth(ctx.adminToken), payload };
}

describe('malformed dates', () => {
  it('finds the date fields of the ledger, the jobs and the candidate lists', () => {
    const names = dateFields().map((f) => `${f.method} ${f.url} ${f.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/transactions date',
        'GET /api/transactions/report fromDate',
        'GET /api/transactions/download toDate',
        'GET /api/loans/download fromDate',
        'POST /api/expenses expenseDate',
        'POST /api/jobs deadline',
        'GET /api/candidates/export appliedFrom',
      ]),
    );
  });

  it('are refused with a 4xx by every route that reads a date, never a 500', async () => {
    const fields = dateFields();
    const failures: string[] = [];
    for (const field of fields) {
      const key = `${field.method} ${field.url}`;
      if ((field.part === 'body' || field.part === 'form') && !field.ignored) {
        expect(validBodies, `a valid body for ${key}`).toHaveProperty([key]);
      }
      // The same request with a good day passes, so that a refusal below is the date's.
      if (!field.ignored) {
        const good = await ctx.app.inject(requestFor(field, GOOD_DAY, fields));
        if (good.statusCode >= 400) failures.push(`${key} with good dates: ${good.statusCode} ${good.body}`);
      }
      for (const value of MALFORMED_DATES) {
        const res = await ctx.app.inject(requestFor(field, value, fields));
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        if (res.statusCode >= 500 || (!field.ignored && !refused)) {
          failures.push(`${key} ${field.part}.${field.name}=${value}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("say which field is wrong in the ledger's words", async () => {
    const fields = dateFields();
    const cases = [
      ['POST /api/transactions', 'date', LEDGER_MESSAGES.dateRequired],
      ['GET /api/transactions/report', 'fromDate', LEDGER_MESSAGES.bothDates],
      ['GET /api/transactions/download', 'toDate', LEDGER_MESSAGES.bothDates],
      ['GET /api/loans/download', 'fromDate', LEDGER_MESSAGES.bothDates],
    ] as const;
    for (const [route, name, message] of cases) {
      const field = fields.find((f) => `${f.method} ${f.url}` === route && f.name === name)!;
      for (const value of MALFORMED_DATES) {
        const res = await ctx.app.inject(requestFor(field, value, fields));
        expect(res.statusCode, `${route} ${name}=${value}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
  });
});
