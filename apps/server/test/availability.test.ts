import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GENERAL_MESSAGES } from '@portal/contracts';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/connection.ts';
import { prepareDatabase } from '../src/seed/bootstrap.ts';
import { ADMIN, TEST_DIALECT, auth, setupTestApp, type TestContext } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody } from './candidate-fixtures.ts';

/** Builds the app on a database URL without migrating (the database may not be there at all). */
async function appOn(databaseUrl: string): Promise<{ app: App; dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-avail-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    WEB_DIST: join(dataDir, 'no-web'),
  });
  const db = createDb(config.DATABASE_URL);
  const app = await buildApp({ config, db, logger: false });
  app.addHook('onClose', async () => db.destroy());
  await app.ready();
  return {
    app,
    dispose: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('health and readiness', () => {
  const ctx = setupTestApp();
  it('GET /api/health says the process is up; GET /api/ready that the database answers', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
  });
});

describe('a database that cannot be reached', () => {
  let app: App;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ app, dispose } = await appOn(`mysql://root@127.0.0.1:${await closedPort()}/portal`));
  });
  afterAll(() => dispose());

  it('answers 503 with a clear message and Retry-After, never 500; health still says up', async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    expect(ready.headers['retry-after']).toBe('5');

    const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ code: 'UNAVAILABLE', message: GENERAL_MESSAGES.unavailable });
    expect(login.headers['retry-after']).toBe('5');

    const token = app.jwt.sign({ sub: 1, sid: 'any', role: 'admin' });
    const list = await app.inject({ url: '/api/skills', headers: auth(token) });
    expect(list.statusCode).toBe(503);
  });
});

/**
 * A TCP relay in front of MariaDB that the test can cut and restore, as a database restart or a
 * network cut would: open connections are torn down and new ones refused while it is down.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

describe.skipIf(TEST_DIALECT !== 'mysql')('the database going away under a stream of writes', () => {
  // The MySQL server of this run (a container, or MYSQL_URL): only the mysql project provides it.
  const MYSQL_URL = TEST_DIALECT === 'mysql' ? new URL(inject('mysqlServer').url) : new URL('mysql://x');
  const dbName = `portal_avail_${Date.now()}`;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let app: App;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const admin = knexFactory({ client: 'mysql2', connection: MYSQL_URL.href });
    await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.destroy();
    relay = await startRelay({ host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306) });
    // The same account as the run's server (user and password), reached through the relay.
    const through = new URL(MYSQL_URL.href);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    through.pathname = `/${dbName}`;
    ({ app, dispose } = await appOn(through.href));
    await prepareDatabase(app.db, { ...loadConfig({ ADMIN_PASSWORD: ADMIN.password }) }, app.services.users, {
      info() {},
      warn() {},
    });
  });
  afterAll(async () => {
    await dispose();
    await relay.close();
    const admin = knexFactory({ client: 'mysql2', connection: MYSQL_URL.href });
    await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.destroy();
  });

  it(
    'answers 503 (not 500) while it is gone, recovers by itself, and loses no acknowledged write',
    { timeout: 60_000 },
    async () => {
      const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
      const token = login.json().token as string;
      const statuses: number[] = [];
      const acknowledged: string[] = [];
      const write = async (name: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/skills',
          headers: auth(token),
          payload: { name },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 201) acknowledged.push(name);
        return res;
      };
      for (let i = 0; i < 10; i++) await write(`before ${i}`);
      relay.cut();
      const during = [];
      for (let i = 0; i < 10; i++) {
        const res = await write(`during ${i}`);
        during.push(res.statusCode);
        if (res.statusCode === 503) expect(res.headers['retry-after']).toBe('5');
      }
      expect(during.every((s) => s === 503)).toBe(true);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
      relay.restore();
      // Back by itself: the next writes succeed without a restart (the session cache may take a moment).
      const deadline = Date.now() + 15_000;
      let after = await write('after 0');
      for (let i = 1; after.statusCode !== 201 && Date.now() < deadline; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = await write(`after ${i}`);
      }
      expect(after.statusCode).toBe(201);
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
      const stored = (await app.db('skills').pluck('name')) as string[];
      for (const name of acknowledged) expect(stored).toContain(name);
    },
  );

  it(
    'answers 503 with Retry-After, never 500, to writes whose transaction loses its connection',
    { timeout: 60_000 },
    async () => {
      const admin = await app.inject({ method: 'POST', url: '/api/v2/login', payload: ADMIN });
      const ctx = { app, adminToken: admin.json().token as string } as TestContext;
      const skills = await createSkills(ctx, ['Failover']);
      const job = await createJob(ctx, ctx.adminToken, jobBody(Object.values(skills)));
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/api/candidates',
          headers: auth(ctx.adminToken),
          payload: candidateBody(job.id),
        });
      // The database goes away the instant a candidate's INSERT is sent, inside its transaction.
      const cutOnInsert = (query: { sql: string }) => {
        if (!/^insert into `candidates`/i.test(query.sql)) return;
        app.db.off('query', cutOnInsert);
        relay.cut();
      };
      app.db.on('query', cutOnInsert);
      const answers = [await create()];
      // Then writes on what the pool holds and on the connections it tries to open.
      for (let i = 0; i < 5; i++) answers.push(await create());
      relay.restore();
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(503);
        expect(a.headers['retry-after']).toBe('5');
        expect(a.json().message).toBe(GENERAL_MESSAGES.unavailable);
      }
    },
  );
});
