import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode, GENERAL_MESSAGES } from '@portal/contracts';
import { UNAVAILABLE_RETRY_SECONDS } from '../src/errors.ts';
import { TEST_DIALECT, auth, setupTestApp } from './helper.ts';

/**
 * Another process holding the SQLite file's write lock, as a backup, `npm run analytics:rebuild` or a sqlite3
 * shell does: a separate Node process with its own better-sqlite3 connection, in a transaction it commits
 * when told to.
 */
async function holdWriteLock(file: string) {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = require('better-sqlite3')(process.env.LOCKED_FILE);
       db.exec('BEGIN IMMEDIATE');
       process.stdout.write('locked\\n');
       process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`,
    ],
    { env: { ...process.env, LOCKED_FILE: file }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await once(holder.stdout, 'data');
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      holder.stdin.write('release\n');
      await once(holder, 'exit');
    },
  };
}

const MESSAGE = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98450 12345',
  message: 'We need 5 Java developers.',
};

describe.skipIf(TEST_DIALECT === 'mysql')('the SQLite file locked by another process', () => {
  const ctx = setupTestApp({ CONTACT_TO: 'office@example.com' });
  let lock: Awaited<ReturnType<typeof holdWriteLock>> | undefined;
  const lockTheFile = async () => {
    lock = await holdWriteLock(ctx.config.DATABASE_URL.slice('sqlite:'.length));
  };
  afterEach(async () => lock?.release());
  const stored = async () => ({
    messages: await ctx.count('contact_messages'),
    mails: await ctx.count('mail_outbox'),
  });
  const sendMessage = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress: '10.1.0.1',
      payload: MESSAGE,
    });

  it('keeps answering while a contact message waits, then answers 503 with Retry-After and keeps nothing', async () => {
    const before = await stored();
    await lockTheFile();

    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'locked' } });

    let answered = false;
    const pending = sendMessage().finally(() => (answered = true));
    // The wait for the lock leaves the process free: the health check is answered while the message waits.
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(answered).toBe(false);

    const refused = await pending;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_SECONDS));
    expect(refused.json()).toMatchObject({
      code: ErrorCode.UNAVAILABLE,
      message: GENERAL_MESSAGES.unavailable,
    });
    expect(await stored()).toEqual(before);

    await lock!.release();
    const sent = await sendMessage();
    expect(sent.statusCode).toBe(200);
    expect(await stored()).toEqual({ messages: before.messages + 1, mails: before.mails + 1 });
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('still reads while locked, and a write that waits goes through once the lock is let go', async () => {
    await lockTheFile();
    const skills = await ctx.app.inject({ url: '/api/skills', headers: auth(ctx.adminToken) });
    expect(skills.statusCode).toBe(200);

    const pending = ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: auth(ctx.adminToken),
    });
    await ctx.app.inject({ url: '/api/health' });
    await lock!.release();
    const marked = await pending;
    expect(marked.statusCode).toBeLessThan(300);
  });
});
