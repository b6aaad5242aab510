import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_TIME_ZONE, PHOTO_MAX_BYTES, UPLOAD_MESSAGES, todayIn, type User } from '@portal/contracts';
import { employeeBody, makePng } from '../../../scripts/fixtures.ts';
import { auth, multipartFile, setupTestApp } from './helper.ts';
import { createPurchase, sendLedgerForm } from './ledger-fixtures.ts';
import { createCandidate, FILES } from './candidate-fixtures.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';

const ctx = setupTestApp();
let png: Buffer;
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200),
]);

beforeAll(async () => {
  png = await makePng(24);
});

/** What is in the uploads folder (nothing before the first upload). */
const stored = () => (existsSync(ctx.config.UPLOADS_DIR) ? readdirSync(ctx.config.UPLOADS_DIR).sort() : []);

const upload = (file: ReturnType<typeof multipartFile>, token = ctx.adminToken) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/upload/photo',
    headers: { ...file.headers, ...auth(token) },
    payload: file.payload,
  });

const nameOf = (url: string) => url.split('/').pop()!;

describe('photo upload: checked by content, not by name', () => {
  it('accepts a PNG named .txt, stores it under a random name and serves it to signed-in users only', async () => {
    const res = await upload(multipartFile('photo', 'holiday.txt', 'text/plain', png));
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    expect(stored()).toContain(nameOf(url));
    const served = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('accepts a JPEG from any signed-in user', async () => {
    const employee = await ctx.createUser();
    const res = await upload(multipartFile('photo', 'me.jpeg', 'image/jpeg', JPEG), employee.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/\.jpg$/);
  });

  it.each<[string, ReturnType<typeof multipartFile>, number, string]>([
    [
      'a text file named .png',
      multipartFile('photo', 'cat.png', 'image/png', Buffer.from('just some text, honestly')),
      415,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'a GIF (an image, but not JPG or PNG)',
      multipartFile('photo', 'anim.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')),
      415,
      UPLOAD_MESSAGES.photoFormat,
    ],
    [
      'an empty file',
      multipartFile('photo', 'empty.png', 'image/png', Buffer.alloc(0)),
      415,
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'a file over 2 MB',
      multipartFile('photo', 'big.png', 'image/png', Buffer.concat([Buffer.alloc(PHOTO_MAX_BYTES + 1, 0)])),
      413,
      UPLOAD_MESSAGES.photoTooLarge,
    ],
    [
      'a file in another field',
      multipartFile('avatar', 'me.png', 'image/png', Buffer.from([0x89, 0x50])),
      400,
      UPLOAD_MESSAGES.noFile,
    ],
  ])('refuses %s and leaves nothing on disk', async (_case, file, status, message) => {
    const before = stored();
    const res = await upload(file);
    expect(res.json()).toMatchObject({ statusCode: status, message });
    expect(stored()).toEqual(before);
  });

  it('refuses a PNG header followed by more than 2 MB', async () => {
    const before = stored();
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await upload(multipartFile('photo', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(stored()).toEqual(before);
  });

  it('accepts a photo of exactly 2 MB', async () => {
    const exact = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES - png.length)]);
    expect((await upload(multipartFile('photo', 'exact.png', 'image/png', exact))).statusCode).toBe(201);
  });

  it('refuses a request that is not multipart with 415, and one without a session with 401', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/photo',
      headers: auth(ctx.adminToken),
      payload: { photo: 'x' },
    });
    expect(json.json()).toMatchObject({ statusCode: 415, message: UPLOAD_MESSAGES.notMultipart });
    const file = multipartFile('photo', 'me.png', 'image/png', png);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/photo',
      headers: file.headers,
      payload: file.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves only names the store made: no paths, no strangers', async () => {
    for (const url of [
      '/api/files/..%2F..%2Fetc%2Fpasswd',
      '/api/files/test.sqlite',
      '/api/files/jwt-secret',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
      expect(res.statusCode).toBe(400);
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/files/00000000-0000-0000-0000-000000000000.png',
      headers: auth(ctx.adminToken),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('user photos', () => {
  const uploadPng = async () =>
    (await upload(multipartFile('photo', 'p.png', 'image/png', png))).json().url as string;

  it('sets the photo at creation, replaces it on edit and removes it, deleting files no one uses', async () => {
    const first = await uploadPng();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(ctx.adminToken),
      payload: employeeBody('photo1', { url: first }),
    });
    const user = created.json() as User;
    expect(user.photo).toBe(first);

    const second = await uploadPng();
    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: auth(ctx.adminToken),
      payload: { url: second },
    });
    expect(replaced.json().photo).toBe(second);
    expect(stored()).not.toContain(nameOf(first));
    expect(stored()).toContain(nameOf(second));

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/photo`,
      headers: auth(ctx.adminToken),
    });
    expect(removed.json().photo).toBeNull();
    expect(stored()).not.toContain(nameOf(second));
  });

  it('lets a user change their own photo, which the header then shows', async () => {
    const employee = await ctx.createUser();
    const url = await uploadPng();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${employee.user.id}`,
      headers: auth(employee.token),
      payload: { url },
    });
    expect(res.statusCode).toBe(200);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/employee/profile',
      headers: auth(employee.token),
    });
    expect(profile.json().photo).toBe(url);
  });

  it("does not let a user remove someone else's photo", async () => {
    const employee = await ctx.createUser();
    const other = await ctx.createUser();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${other.user.id}/photo`,
      headers: auth(employee.token),
    });
    expect(res.statusCode).toBe(403);
  });
});

/** An instalment of a purchase for `customerId` and an expense, each with a receipt: the two receipts' addresses. */
async function storeLedgerReceipts(customerId: number): Promise<string[]> {
  const loan = await createPurchase(ctx, customerId);
  const receipt = { filename: 'receipt.png', contentType: 'image/png', data: png };
  const paid = await sendLedgerForm(ctx, 'POST', '/api/transactions', {
    loan_id: loan.loan_id,
    amount: '1000',
    date: todayIn(APP_TIME_ZONE),
    receipt,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const expense = await sendLedgerForm(ctx, 'POST', '/api/expenses', {
    expenseName: 'Registration',
    amount: '250',
    expenseType: 'LEGAL_FEES',
    expenseDate: todayIn(APP_TIME_ZONE),
    expenseImage: receipt,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  return [paid.json().transaction.receipt_url as string, expense.json().expenseImage as string];
}

describe('who may download a stored file', () => {
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  it("serves the ledger's receipts to admins only", async () => {
    const employee = await ctx.createUser();
    for (const url of await storeLedgerReceipts(employee.user.id)) {
      expect(url).toMatch(/^\/api\/files\//);
      const refused = await get(url, employee.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(UPLOAD_MESSAGES.fileNotFound);
      const served = await get(url, ctx.adminToken);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    }
  });

  it('serves an upload no record holds yet to its uploader alone, and a user photo to everyone signed in', async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    const res = await upload(multipartFile('photo', 'me.png', 'image/png', png), owner.token);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect((await get(url, owner.token)).statusCode).toBe(200);
    expect((await get(url, other.token)).statusCode).toBe(404);
    expect((await get(url, ctx.adminToken)).statusCode).toBe(404);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${owner.user.id}`,
      headers: auth(owner.token),
      payload: { url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(url, other.token)).statusCode).toBe(200);
    expect((await get(url, ctx.adminToken)).statusCode).toBe(200);
  });
});

describe('how long a browser keeps a stored file', () => {
  const cacheControlOf = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
    expect(res.statusCode, url).toBe(200);
    return res.headers['cache-control'];
  };

  it('keeps a user photo a day in that browser only, and nothing of a candidate, the ledger or an unattached upload', async () => {
    const photo = (await upload(multipartFile('photo', 'p.png', 'image/png', png))).json().url as string;
    expect(await cacheControlOf(photo)).toBe('no-store');
    const employee = await ctx.createUser();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${employee.user.id}`,
      headers: auth(ctx.adminToken),
      payload: { url: photo },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await cacheControlOf(photo)).toBe('private, max-age=86400');

    const skills = await createSkills(ctx, ['Cache Control']);
    const job = await createJob(ctx, ctx.adminToken, jobBody([skills['Cache Control']!]));
    const candidate = await createCandidate(ctx, ctx.adminToken, job.id);
    const candidateFiles = [
      ['resume', multipartFile('resume', 'cv.pdf', 'application/pdf', FILES.pdf)],
      ['image', multipartFile('image', 'face.png', 'image/png', png)],
    ] as const;
    for (const [path, file] of candidateFiles) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/candidates/${candidate.uuid}/upload/${path}`,
        headers: { ...file.headers, ...auth(ctx.adminToken) },
        payload: file.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await cacheControlOf(res.json().url), path).toBe('no-store');
    }

    for (const url of await storeLedgerReceipts(employee.user.id)) {
      expect(await cacheControlOf(url), url).toBe('no-store');
    }
  });
});
