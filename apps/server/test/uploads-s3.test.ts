// Uploads with S3_URL set: the files live in a bucket (an S3 server started here, s3rver), and the app
// serves them at the same addresses with the same checks as from the local folder.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES } from '@portal/contracts';
import { makePng } from '../../../scripts/fixtures.ts';
import { startS3Server, type RunningS3Server } from '../../../scripts/s3-server.mjs';
import { auth, floorAboveFreeDisk, multipartFile, setupTestApp } from './helper.ts';

// The free-disk floor guards the local folder only: above what this machine has free, a bucket still takes files.
const env: Record<string, string> = { MIN_FREE_DISK_MB: floorAboveFreeDisk() };
let s3: RunningS3Server;
// Before the app's own setup, which reads `env` when it starts the app.
beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'portal-uploads' });
  env.S3_URL = s3.url;
});
afterAll(async () => s3?.close());

const ctx = setupTestApp(env);
let png: Buffer;
beforeAll(async () => {
  png = await makePng(24);
});

const upload = () => {
  const form = multipartFile('photo', 'me.png', 'image/png', png);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/photo',
    headers: { ...form.headers, ...auth(ctx.adminToken) },
    payload: form.payload,
  });
};

const nameOf = (url: string) => url.split('/').pop()!;
/** The objects in the bucket, as s3rver keeps them on disk. */
const inBucket = (name: string) => existsSync(join(s3.directory, 'portal-uploads', `${name}._S3rver_object`));

describe('uploads in an S3 bucket', () => {
  it('stores an upload in the bucket and serves it back to signed-in users with the same headers', async () => {
    const res = await upload();
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    expect(inBucket(nameOf(url))).toBe(true);
    // Nothing on the node's own disk.
    const local = ctx.config.UPLOADS_DIR;
    expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);

    const served = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(png.length);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = url.replace(/[0-9a-f]{12}\.png$/, '000000000000.png');
    expect(
      (await ctx.app.inject({ method: 'GET', url: missing, headers: auth(ctx.adminToken) })).statusCode,
    ).toBe(404);
  });

  it('sweeps an upload no record points at from the bucket', async () => {
    const { url } = (await upload()).json();
    expect(inBucket(nameOf(url))).toBe(true);
    const swept = await ctx.app.uploadLedger.sweep(0, new Date(Date.now() + 60_000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(inBucket(nameOf(url))).toBe(false);
  });

  it('answers 503 while the S3 server is down, keeps no row for a file it could not store, and recovers', async () => {
    const kept = (await upload()).json().url as string;
    const rows = await ctx.count('uploads');
    await s3.stop();
    try {
      const res = await upload();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toBe(GENERAL_MESSAGES.unavailable);
      expect(await ctx.count('uploads')).toBe(rows);
      const read = await ctx.app.inject({ method: 'GET', url: kept, headers: auth(ctx.adminToken) });
      expect(read.statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    expect((await upload()).statusCode).toBe(201);
    const read = await ctx.app.inject({ method: 'GET', url: kept, headers: auth(ctx.adminToken) });
    expect(read.statusCode).toBe(200);
  });
});
