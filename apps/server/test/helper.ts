import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import * as XLSX from 'xlsx';
import type { LoginResponse, UserCreate } from '@portal/contracts';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb } from '../src/db/connection.ts';
import { XLSX_TYPE } from '../src/lib/xlsx-writer.ts';
import { prepareDatabase } from '../src/seed/bootstrap.ts';
import { countRows } from '../src/lib/paging.ts';
import { employeeBody } from '../../../scripts/fixtures.ts';

/**
 * `TEST_DB=mysql` runs the same suite on MySQL: the server the project's global setup provides (a container,
 * or MYSQL_URL; test/global-servers.ts), a database of its own per test file. Otherwise SQLite.
 */
export const TEST_DIALECT = process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';

export const ADMIN = { username: 'admin', password: 'admin-secret-1' };

export interface TestContext {
  app: App;
  config: Config;
  /** Signs in and returns the bearer token and user. */
  login(username: string, password: string): Promise<LoginResponse>;
  /** Creates an account through the admin API and signs it in. */
  createUser(overrides?: Partial<UserCreate>): Promise<LoginResponse & { password: string }>;
  adminToken: string;
  /** Counts rows of a table, to prove a refused write left nothing behind. */
  count(table: string): Promise<number>;
}

let seq = 0;

/** A fresh database and app per test file; torn down after it. */
export function setupTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'logger' | 'onRoute'> = {},
): TestContext {
  const ctx = {} as TestContext;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const dbName = `portal_test_${randomBytes(5).toString('hex')}`;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let databaseUrl = `sqlite:${join(dataDir, 'test.sqlite')}`;
    if (TEST_DIALECT === 'mysql') {
      const MYSQL_URL = inject('mysqlServer').url;
      const admin = knexFactory({ client: 'mysql2', connection: MYSQL_URL });
      await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.destroy();
      databaseUrl = `${MYSQL_URL}/${dbName}`;
      dropDb = async () => {
        const a = knexFactory({ client: 'mysql2', connection: MYSQL_URL });
        await a.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
        await a.destroy();
      };
    }
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT: '1000',
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    });
    const db = createDb(config.DATABASE_URL);
    const app = await buildApp({ config, db, logger: options.logger ?? false, onRoute: options.onRoute });
    await prepareDatabase(db, config, app.services.users, { info() {}, warn() {} });
    app.addHook('onClose', async () => db.destroy());
    await app.ready();

    ctx.app = app;
    ctx.config = config;
    ctx.login = async (username, password) => {
      const res = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
      return res.json();
    };
    ctx.adminToken = (await ctx.login(ADMIN.username, ADMIN.password)).token;
    ctx.createUser = async (overrides = {}) => {
      const n = ++seq;
      const body = employeeBody(String(n), overrides);
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: auth(ctx.adminToken),
        payload: body,
      });
      if (res.statusCode !== 201) throw new Error(`create user failed: ${res.body}`);
      return { ...(await ctx.login(body.username, body.password)), password: body.password };
    };
    ctx.count = async (table) => {
      return countRows(db(table));
    };
  });

  afterAll(async () => {
    await ctx.app?.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return ctx;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A user id that names nobody in this test's database: USR9999, or, when the random draw gave that one to
 * a user of this file, another free one.
 */
export async function unknownUserId(ctx: TestContext): Promise<string> {
  if (!(await ctx.app.db('users').where({ user_id: 'USR9999' }).first('id'))) return 'USR9999';
  const next = await ctx.app.inject({ url: '/api/users/next-id', headers: auth(ctx.adminToken) });
  return next.json().user_id as string;
}

/** A JSON call to the test app, signed in with `token` when given. */
export const requester =
  (ctx: TestContext) =>
  (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? auth(token) : {},
      payload: payload as object | undefined,
    });

/** A file part of a multipart form (application/octet-stream when no type is given). */
export interface FilePart {
  filename: string;
  contentType?: string;
  data: Buffer;
}
/** A part of a multipart form: a text value or a file. */
export type FormPart = string | FilePart;

/** A multipart/form-data body of text fields and files, in the given order, as the browser's FormData sends it. */
export function multipartForm(fields: Record<string, FormPart>) {
  const boundary = `----portal-form-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  return multipartForm({ [field]: { filename, contentType, data } });
}

/**
 * A MIN_FREE_DISK_MB a gigabyte above what the disk of the tests' folders has free: every upload to the
 * local folder is then refused.
 */
export function floorAboveFreeDisk(): string {
  const disk = statfsSync(tmpdir());
  return String(Math.floor((disk.bavail * disk.bsize) / 1_048_576) + 1024);
}

/** The Redis server of this run (server-redis project): a container, REDIS_URL, or the local one. */
export const redisServer = () => inject('redisServer');
export const redisUrl = () => redisServer().url;

/** GETs a workbook download as `token`: checks it is an .xlsx named `fileName`, and reads it. */
export async function downloadedWorkbook(ctx: TestContext, url: string, token: string, fileName: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  return XLSX.read(res.rawPayload, { type: 'buffer' });
}
