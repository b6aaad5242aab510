/**
 * Statements run on the connection knex lends, without knex's query runner, for the hottest reads and the
 * largest writes: the SQL text and its values go to the driver as they are.
 */
import type { Knex } from 'knex';
import { isSqliteBusy, whileLocked } from './sqlite-client.ts';

/** Whether `db` is SQLite (better-sqlite3); else MySQL (mysql2). */
export const isSqlite = (db: Knex) => db.client.driverName === 'better-sqlite3';

/** A value as knex binds it for SQLite (undefined as NULL). */
export const sqliteValue = (value: unknown): Knex.RawBinding =>
  value === undefined || value === null
    ? null
    : value instanceof Date
      ? value.getTime()
      : typeof value === 'boolean'
        ? Number(value)
        : (value as Knex.RawBinding);

/** The better-sqlite3 connection's side this module uses. */
export interface SqliteConnection {
  prepare(sql: string): {
    all(bindings: readonly unknown[]): Record<string, unknown>[];
    run(bindings: readonly unknown[]): unknown;
  };
}

/** What this module reads of knex's pool (tarn): whether its one SQLite connection is lent out or waited for. */
interface SqlitePool {
  free?: { resource: SqliteConnection }[];
  numUsed?(): number;
  numPendingAcquires?(): number;
}

/**
 * The pool's SQLite connection when nothing holds it (no transaction, no statement) and nobody waits for it.
 * A statement run on it at once, synchronously, cannot interleave with anything: JavaScript runs nothing
 * else until it returns. Borrowing it from the pool costs more than a small query (a promise, a timer for
 * the acquire timeout, the queue): the lists run a few statements on every request.
 */
function idleSqliteConnection(db: Knex | Knex.Transaction): SqliteConnection | undefined {
  if ((db as Knex.Transaction).isTransaction) return undefined;
  const pool = db.client.pool as SqlitePool | undefined;
  if (!pool?.free || pool.numUsed?.() !== 0 || pool.numPendingAcquires?.() !== 0) return undefined;
  return pool.free[0]?.resource;
}

/**
 * Runs `work` (synchronous, as better-sqlite3 is) on the SQLite connection knex lends for `db`: the pool's,
 * or the transaction's own (knex's transaction hands out its connection), as knex's query runner would run
 * a statement, without the runner. An idle pool's connection is used where it lies (idleSqliteConnection);
 * a locked file is waited for as usual.
 */
export async function onSqliteConnection<T>(
  db: Knex | Knex.Transaction,
  work: (connection: SqliteConnection) => T,
): Promise<T> {
  const idle = idleSqliteConnection(db);
  if (idle) {
    try {
      return work(idle);
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
    }
  }
  const connection = (await db.client.acquireConnection()) as SqliteConnection;
  try {
    return await whileLocked(() => work(connection));
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * The rows of a SELECT written as SQL text (`?` for values): for the hottest reads (the job list on every
 * request), where knex's builder and query runner cost more than the query itself. On SQLite the statement
 * runs straight on the connection knex lends (the pool's, or the transaction's own), as knex's runner would
 * run it; MySQL answers `raw` with [rows, fields].
 */
export async function selectRows<T = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  sql: string,
  bindings: readonly (string | number)[],
): Promise<T[]> {
  if (!isSqlite(db as Knex))
    return onMysqlConnection(db, (connection) => queryRows<T>(connection, sql, bindings));
  return onSqliteConnection(db, (connection) => connection.prepare(sql).all(bindings) as T[]);
}

/** The part of mysql2's connection this module uses. */
interface MysqlConnection {
  query(
    options: { sql: string },
    values: readonly unknown[],
    done: (error: Error | null, rows: unknown) => void,
  ): void;
}

/** The rows of one statement on a MySQL connection (`?` for values, filled in by the driver as knex has it do). */
const queryRows = <T>(connection: MysqlConnection, sql: string, bindings: readonly unknown[]) =>
  new Promise<T[]>((resolve, reject) =>
    connection.query({ sql }, bindings, (error, rows) => (error ? reject(error) : resolve(rows as T[]))),
  );

/**
 * Runs `work` on the MySQL connection knex lends for `db` (the pool's, or the transaction's own), without
 * knex's query runner: its parse of the SQL text for bindings and its bookkeeping around the driver's call
 * cost more than a small query's answer on the hottest reads.
 */
async function onMysqlConnection<T>(
  db: Knex | Knex.Transaction,
  work: (connection: MysqlConnection) => Promise<T>,
): Promise<T> {
  const connection = (await db.client.acquireConnection()) as MysqlConnection;
  try {
    return await work(connection);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * A list's page from a query built with knex, run as `selectRows` runs SQL text (on SQLite, without knex's
 * query runner). Values are handed to SQLite as knex hands them: dates as milliseconds, booleans as 0/1.
 */
export async function readRows<T = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  query: Knex.QueryBuilder,
): Promise<T[]> {
  if (!isSqlite(db as Knex)) return (await query) as T[];
  const { sql, bindings } = query.toSQL();
  return selectRows<T>(db, sql, bindings.map(sqliteValue) as (string | number)[]);
}
