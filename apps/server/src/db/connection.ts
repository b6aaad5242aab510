import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../../../../migrations/index.ts';

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** Connections each app node keeps to MySQL at most. */
const MYSQL_POOL_MAX = 30;

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
 * The knex connection for a DATABASE_URL. Every dialect difference lives here, never in feature code:
 * SQLite enforces foreign keys and uses NULL defaults; MySQL talks UTC, utf8mb4 and real numbers.
 */
export function createDb(databaseUrl: string): Knex {
  const migrations: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') createPrivateFile(file);
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
      migrations,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          reusePreparedStatements(conn);
          done(null, conn);
        },
      },
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

export const isSqlite = (db: Knex) => db.client.config.client === 'better-sqlite3';

/**
 * Rows one multi-row INSERT carries: SQLite writes it as a compound SELECT of at most 500 terms; MySQL takes
 * a longer VALUES list (`mysqlRows`, chosen by the caller for its rows' width), and fewer round trips.
 */
export const rowsPerInsert = (db: Knex, mysqlRows: number) => (isSqlite(db) ? 500 : mysqlRows);

/**
 * Adds to several counter rows of `table` at once (`by`: key → amount; a missing row starts at its amount)
 * and returns their new values, in one upsert a batch of keys. The keys are written in sorted order, so two
 * transactions that share counters lock them in the same order and never wait on each other in a circle;
 * the rows stay locked until `trx` ends: concurrent transactions take their turns and never read the same
 * value.
 */
export async function incrementCounters(
  trx: Knex.Transaction,
  {
    table,
    keyColumn,
    column,
    by,
  }: { table: string; keyColumn: string; column: string; by: Map<string, number> },
): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  const keys = [...by.keys()].sort();
  for (let i = 0; i < keys.length; i += 500) {
    const batch = keys.slice(i, i + 500);
    const tuples = batch.map(() => '(?, ?)').join(', ');
    const bindings = [table, keyColumn, column, ...batch.flatMap((key) => [key, by.get(key)!])];
    if (isSqlite(trx)) {
      const rows = (await trx.raw(
        `INSERT INTO ?? (??, ??) VALUES ${tuples} ON CONFLICT (??) DO UPDATE SET ?? = ?? + excluded.?? RETURNING ?? AS k, ?? AS v`,
        [...bindings, keyColumn, column, column, column, keyColumn, column],
      )) as { k: string; v: number | bigint }[];
      for (const row of rows) values.set(String(row.k), Number(row.v));
    } else {
      await trx.raw(`INSERT INTO ?? (??, ??) VALUES ${tuples} ON DUPLICATE KEY UPDATE ?? = ?? + VALUES(??)`, [
        ...bindings,
        column,
        column,
        column,
      ]);
      // MySQL has no INSERT … RETURNING: the rows are this transaction's (locked), read as it left them.
      const rows = (await trx(table)
        .whereIn(keyColumn, batch)
        .forUpdate()
        .select(keyColumn, column)) as Record<string, unknown>[];
      for (const row of rows) values.set(String(row[keyColumn]), Number(row[column]));
    }
  }
  return values;
}

/** Unique-index violations look different on each dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number };
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return (
    e?.code === 'ER_ROW_IS_REFERENCED_2' ||
    e?.code === 'ER_ROW_IS_REFERENCED' ||
    e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
  );
}
