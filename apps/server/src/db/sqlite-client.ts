import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';

/**
 * How long a statement waits, in all, for a write lock that another process holds (a backup,
 * `npm run analytics:rebuild`, a sqlite3 shell) before the request is answered 503 with Retry-After.
 */
export const SQLITE_LOCK_WAIT_MS = 5000;

/** The pauses between tries while the file is locked: short at first, then every 100 ms. */
const LOCK_RETRY_PAUSES_MS = [2, 5, 10, 20, 50, 100];

/**
 * Is this SQLite saying another connection holds the lock it needs (SQLITE_BUSY and its extended codes)?
 * SQLITE_BUSY_SNAPSHOT is not among them: a transaction whose snapshot went stale cannot succeed by trying
 * the same statement again (and cannot arise here: transactions take the write lock when they begin).
 */
export const isSqliteBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY') && code !== 'SQLITE_BUSY_SNAPSHOT';
};

/**
 * Runs `statement` (a better-sqlite3 call, or knex's query around one) and, while SQLite answers that the file is locked,
 * tries it again after a pause in which the event loop serves other requests, for up to
 * SQLITE_LOCK_WAIT_MS. Then the last SQLITE_BUSY is thrown, which the error handler answers with 503.
 */
export async function whileLocked<T>(statement: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const pause = LOCK_RETRY_PAUSES_MS[Math.min(attempt, LOCK_RETRY_PAUSES_MS.length - 1)]!;
      if (!isSqliteBusy(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

// knex's own better-sqlite3 client and SQLite transaction, extended below. Neither is in knex's typings.
const require = createRequire(import.meta.url);
type QueryObject = { sql?: string; response?: unknown };
type ClientClass = new (config: Knex.Config) => Knex.Client & {
  _query(connection: unknown, obj: QueryObject): Promise<QueryObject>;
};
type TransactionClass = new (...args: unknown[]) => { query(conn: unknown, sql: string): Promise<unknown> };
const BetterSqliteClient = require('knex/lib/dialects/better-sqlite3/index.js') as ClientClass;
const SqliteTransaction =
  require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as TransactionClass;

/**
 * A transaction takes the write lock when it begins (BEGIN IMMEDIATE), so that it is the BEGIN that waits
 * for a lock another process holds, and may be tried again. A deferred transaction that has read and then
 * finds the lock taken can only fail: its snapshot is stale once the other process commits.
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

/**
 * knex's better-sqlite3 client, for a database file another process may lock. better-sqlite3 is
 * synchronous: SQLite's own busy handler would sleep inside the call and hold the whole process (health
 * checks, sockets, every request) for as long as it waits. The connection sets busy_timeout = 0 and each
 * statement waits for the lock with `whileLocked`, between turns of the event loop.
 */
export class LockTolerantSqliteClient extends BetterSqliteClient {
  override _query(connection: unknown, obj: QueryObject) {
    return whileLocked(() => super._query(connection, obj));
  }

  override transaction(...args: unknown[]) {
    return new ImmediateTransaction(this, ...args) as unknown as Knex.Transaction;
  }
}
