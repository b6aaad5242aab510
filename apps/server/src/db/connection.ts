import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { RENAMED_MIGRATIONS, migrationSource } from '../../../../migrations/index.ts';
import { LockTolerantSqliteClient, SQLITE_LOCK_WAIT_MS } from './sqlite-client.ts';

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** Connections each app node keeps to MySQL at most. */
export const MYSQL_POOL_MAX = 30;

/** How many distinct SQL texts a SQLite connection keeps compiled. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * knex compiles every query anew on better-sqlite3 (`prepare` on each call), which costs as much as
 * running a small query. Statements are kept per SQL text and reused: knex only runs them to the end
 * (`all` / `run`, synchronously), and SQLite recompiles a kept statement itself when the schema changes.
 */
function reusePreparedStatements(conn: SqliteConnection) {
  const prepare = conn.prepare.bind(conn);
  const statements = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/**
 * The database file, readable by its owner only (it holds password hashes and identity numbers); SQLite
 * gives its -wal and -shm files the same mode. A folder it creates is private too.
 */
function createPrivateFile(file: string) {
  mkdirSync(dirname(resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * The knex connection for a DATABASE_URL. How each database is connected to differs here (what queries
 * must say differently is in dialect.ts):
 * SQLite enforces foreign keys and uses NULL defaults; MySQL talks UTC, utf8mb4 and real numbers.
 */
export function createDb(databaseUrl: string): Knex {
  const migrations: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') createPrivateFile(file);
    return knexFactory({
      // knex's typings know its own client classes only.
      client: LockTolerantSqliteClient as unknown as typeof Knex.Client,
      connection: { filename: file },
      useNullAsDefault: true,
      migrations,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          // A lock is waited for between turns of the event loop (sqlite-client.ts), never inside SQLite.
          conn.pragma('busy_timeout = 0');
          reusePreparedStatements(conn);
          done(null, conn);
        },
      },
      // The one connection may be held by a statement waiting for another process's lock: requests queued
      // behind it are answered 503 after a bounded wait too (a few such waits), not after knex's default minute,
      // and after the longest work that holds it in normal use (a bulk import's one transaction of hundreds of rows).
      acquireConnectionTimeout: 4 * SQLITE_LOCK_WAIT_MS,
    });
  }
  const url = new URL(databaseUrl.replace(/^mysql2:/, 'mysql:'));
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      timezone: 'Z',
      charset: 'utf8mb4',
      decimalNumbers: true,
      dateStrings: false,
      connectTimeout: 3000,
    },
    // Requests that queue on a locked row (instalments against one purchase) each hold a connection
    // while they wait; with 10, a burst of them left none for the queries around it (sessions, upload
    // accounting), and the row's queue ran dry while those waited. MySQL allows 151 by default.
    pool: { min: 0, max: MYSQL_POOL_MAX },
    // While the server is down, a request is answered 503 within seconds rather than hanging a minute.
    acquireConnectionTimeout: 5000,
    migrations,
  });
}

/** Brings a database's record of applied migrations up to their current names (see RENAMED_MIGRATIONS). */
export async function recordRenamedMigrations(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable('knex_migrations'))) return;
  for (const [before, after] of Object.entries(RENAMED_MIGRATIONS)) {
    await db('knex_migrations').where('name', before).update({ name: after });
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  await recordRenamedMigrations(db);
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
