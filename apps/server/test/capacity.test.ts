// What the public forms and the uploads take before they refuse: an hourly ceiling for all addresses
// together (applications, contact messages), above each address's own limit, and a free-disk floor below
// which no upload is written.
import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CONTACT_MESSAGES, GENERAL_MESSAGES, PUBLIC_MESSAGES } from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import {
  auth,
  floorAboveFreeDisk,
  multipartForm,
  setupTestApp,
  type FormPart,
  type TestContext,
} from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { FILES } from './candidate-fixtures.ts';

let applicants = 0;
/** A careers application with a resume, from `remoteAddress`, with its own name and e-mail. */
function apply(ctx: TestContext, jobId: number, remoteAddress: string) {
  const n = ++applicants;
  const form = multipartForm({
    name: `Ceiling Applicant ${n}`,
    email: `ceiling.${n}.${process.pid}@example.com`,
    resume: { filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/jobs/${jobId}/apply`,
    remoteAddress,
    payload: form.payload,
    headers: form.headers,
  });
}

/** Files in the uploads folder, `.part` files of a write that stopped half-way included. */
const storedFiles = (ctx: TestContext) =>
  existsSync(ctx.config.UPLOADS_DIR) ? readdirSync(ctx.config.UPLOADS_DIR) : [];

/** What a refused form must leave as it was. */
async function leftovers(ctx: TestContext) {
  return {
    candidates: await ctx.count('candidates'),
    history: await ctx.count('candidate_history'),
    uploads: await ctx.count('uploads'),
    files: storedFiles(ctx).length,
  };
}

function expectCeiling(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message });
  // The hour began with the first request of this test: the wait is the rest of it.
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('the hourly ceiling of applications', () => {
  // Each address stays far within its own limit (10 in ten minutes): only the ceiling can refuse.
  const ctx = setupTestApp({ APPLICATIONS_PER_HOUR: '3', APPLY_RATE_LIMIT: '10' });
  let jobId: number;
  beforeAll(async () => {
    const skills = await createSkills(ctx, ['Ceilings']);
    jobId = (await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Ceilings!]), questions: [] })).id;
  });

  it('takes the hour’s applications from several addresses, then answers 429 with Retry-After to a new one and keeps nothing of it', async () => {
    for (const address of ['10.20.0.1', '10.20.0.2', '10.20.0.3']) {
      const res = await apply(ctx, jobId, address);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const before = await leftovers(ctx);
    expect(before).toMatchObject({ candidates: 3, files: 3 });

    const fourth = await apply(ctx, jobId, '10.20.0.4');
    expectCeiling(fourth, PUBLIC_MESSAGES.applicationsBusy);
    expect(await leftovers(ctx)).toEqual(before);
    // An address that has sent nothing yet is refused the same way while the hour lasts.
    expectCeiling(await apply(ctx, jobId, '10.20.0.5'), PUBLIC_MESSAGES.applicationsBusy);
  });
});

describe('the hourly ceiling of contact messages', () => {
  // Behind a proxy the client's address comes from X-Forwarded-For: every message seems to come from
  // another client, and the ceiling still counts them together.
  const ctx = setupTestApp({ CONTACT_MESSAGES_PER_HOUR: '2', TRUST_PROXY: 'loopback' });
  const send = (client: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
      payload: {
        name: 'Asha Verma',
        email: 'asha@example.com',
        phone: '+91 98450 12345',
        message: 'We would like to hire five engineers.',
      },
    });

  it('takes the hour’s messages from several clients, then answers 429 with Retry-After and stores nothing more', async () => {
    expect((await send('203.0.113.1')).statusCode).toBe(200);
    expect((await send('203.0.113.2')).statusCode).toBe(200);
    const stored = await ctx.count('contact_messages');
    const mails = await ctx.count('mail_outbox');
    expect(stored).toBe(2);

    expectCeiling(await send('203.0.113.3'), CONTACT_MESSAGES.busy);
    expect(await ctx.count('contact_messages')).toBe(stored);
    expect(await ctx.count('mail_outbox')).toBe(mails);
  });
});

describe('what the contact ceiling counts', () => {
  const ctx = setupTestApp({ CONTACT_MESSAGES_PER_HOUR: '1' });
  const send = (remoteAddress: string, message: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress,
      payload: { name: 'Asha Verma', email: 'asha@example.com', phone: '+91 98450 12345', message },
    });

  it('counts only messages that pass their check: a refused one leaves the hour’s allowance as it was', async () => {
    expect((await send('10.40.0.1', '')).statusCode).toBe(400);
    expect((await send('10.40.0.2', 'Please call me.')).statusCode).toBe(200);
    expectCeiling(await send('10.40.0.3', 'Please call me too.'), CONTACT_MESSAGES.busy);
  });
});

describe('the free-disk floor of uploads', () => {
  const ctx = setupTestApp({ MIN_FREE_DISK_MB: floorAboveFreeDisk() });
  let jobId: number;
  let png: Buffer;
  beforeAll(async () => {
    png = await makePng(8);
    const skills = await createSkills(ctx, ['Floors']);
    jobId = (await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Floors!]), questions: [] })).id;
  });

  const expectStorageFull = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({
      statusCode: 507,
      code: 'INSUFFICIENT_STORAGE',
      message: GENERAL_MESSAGES.storageFull,
    });
  };

  it('answers an application with a resume 507 and keeps no candidate, history, upload row or file', async () => {
    const before = await leftovers(ctx);
    expectStorageFull(await apply(ctx, jobId, '10.30.0.1'));
    expect(await leftovers(ctx)).toEqual(before);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('answers a signed-in photo upload and an expense with its receipt 507, keeping nothing', async () => {
    const before = { ...(await leftovers(ctx)), expenses: await ctx.count('expenses') };
    /** A form sent as the admin. */
    const postForm = (url: string, fields: Record<string, FormPart>) => {
      const form = multipartForm(fields);
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...form.headers, ...auth(ctx.adminToken) },
        payload: form.payload,
      });
    };
    expectStorageFull(
      await postForm('/api/upload/photo', {
        photo: { filename: 'me.png', contentType: 'image/png', data: png },
      }),
    );
    expectStorageFull(
      await postForm('/api/expenses', {
        expenseName: 'Stamp duty',
        amount: '1000.10',
        expenseType: 'LEGAL_FEES',
        expenseDate: '2026-01-15',
        expenseImage: { filename: 'e.png', contentType: 'image/png', data: png },
      }),
    );
    expect({ ...(await leftovers(ctx)), expenses: await ctx.count('expenses') }).toEqual(before);
    expect(storedFiles(ctx)).toEqual([]);
  });
});
