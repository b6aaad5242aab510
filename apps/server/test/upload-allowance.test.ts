import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import { auth, multipartFile, setupTestApp, type TestContext } from './helper.ts';

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
  it(
    'removes, from inside the running app, files no record points at, and keeps attached ones',
    { timeout: 20_000 },
    async () => {
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

      const deadline = Date.now() + 10_000;
      while (storedFiles(ctx).includes(name(abandoned)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(storedFiles(ctx)).toEqual([name(attached)]);
      const photo = await ctx.app.inject({ url: attached, headers: auth(user.token) });
      expect(photo.statusCode).toBe(200);
    },
  );
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
});
