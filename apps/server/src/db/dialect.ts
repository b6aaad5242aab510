/**
 * What differs between the two databases the app runs on (SQLite embedded, MySQL in production), in one
 * place: feature code asks these helpers and never looks at the client's name itself.
 */
import type { Knex } from 'knex';
import { escape as escapeSql, escapeId as escapeSqlId } from 'mysql2';
import { isSqliteBusy } from './sqlite-client.ts';
import { isSqlite, onSqliteConnection, sqliteValue, type SqliteConnection } from './statements.ts';

export { isSqlite, readRows, selectRows } from './statements.ts';

/**
 * Rows one multi-row INSERT carries: SQLite writes it as a compound SELECT of at most 500 terms; MySQL takes
 * a longer VALUES list (`mysqlRows`, chosen by the caller for its rows' width), and fewer round trips.
 */
export const rowsPerInsert = (db: Knex, mysqlRows: number) => (isSqlite(db) ? 500 : mysqlRows);

/** Values one `IN (…)` lookup carries. */
export const LOOKUP_BATCH = 1000;

/** `items` in lists of at most `size`, in order: a statement's worth each. */
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The time zone MySQL's driver writes dates in on this database: its connection's `timezone` (the driver's default, local). */
const timezoneOf = (db: Knex) =>
  (db.client.config.connection as { timezone?: string } | undefined)?.timezone ?? 'local';

/**
 * One multi-row INSERT into `table`: `rows` are lists of values in the order of `columns` (undefined is
 * written as NULL), built straight from the values rather than through knex's insert, which first copies
 * every row into lists of its own. On MySQL the values are written into the statement here, with the
 * driver's own escaping and time zone, each distinct date once: knex's and the driver's passes over a
 * statement's tens of thousands of placeholders made most of a 50,000-row import's garbage. SQLite binds
 * them (`bindings`, as knex hands values to SQLite: dates as milliseconds, booleans as 0/1), and the
 * statement runs on the connection itself (`onSqliteConnection`): knex's passes over the placeholders, a
 * new copy of the statement's text and of its values each, made most of the import's garbage there too.
 */
export function insertStatement(
  db: Knex | Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): { sql: string; bindings: Knex.RawBinding[] } {
  if (isSqlite(db as Knex)) {
    const bindings: Knex.RawBinding[] = [];
    for (const row of rows) for (const value of row) bindings.push(sqliteValue(value));
    const tuple = `(${placeholders(columns.length)})`;
    return {
      sql: `INSERT INTO ${sqliteId(table)} (${columns.map(sqliteId).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
      bindings,
    };
  }
  const timezone = timezoneOf(db as Knex);
  const dates = new Map<Date, string>();
  const literal = (value: unknown): string => {
    if (value === undefined || value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) {
      let written = dates.get(value);
      if (written === undefined) dates.set(value, (written = escapeSql(value, false, timezone)));
      return written;
    }
    return escapeSql(value as string, false, timezone);
  };
  const tuples = rows.map((row) => `(${row.map(literal).join(', ')})`);
  return {
    sql: `INSERT INTO ${escapeSqlId(table)} (${columns.map((c) => escapeSqlId(c)).join(', ')}) VALUES ${tuples.join(', ')}`,
    bindings: [],
  };
}

/** A name in SQLite's SQL text, quoted. */
const sqliteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Whether the database would take a write now. On SQLite, another process may hold the file's write lock:
 * a transaction is begun and rolled back at once, never waited for. MySQL takes writes while it answers.
 */
export async function takesWrites(db: Knex): Promise<boolean> {
  if (!isSqlite(db)) {
    await db.raw('select 1');
    return true;
  }
  const connection = (await db.client.acquireConnection()) as SqliteConnection;
  try {
    connection.prepare('BEGIN IMMEDIATE').run([]);
    connection.prepare('ROLLBACK').run([]);
    return true;
  } catch (error) {
    if (isSqliteBusy(error)) return false;
    throw error;
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** Runs a statement of `insertStatement` (MySQL's written out, SQLite's on the connection). */
const runInsert = async (
  trx: Knex | Knex.Transaction,
  { sql, bindings }: { sql: string; bindings: Knex.RawBinding[] },
) => {
  if (isSqlite(trx as Knex)) await onSqliteConnection(trx, (c) => c.prepare(sql).run(bindings));
  else await trx.raw(sql);
};

/**
 * Inserts `rows`, objects of column values, in one statement (see `insertStatement`). Rows that name
 * different columns go through knex's insert, which writes each dialect's default where one is left out.
 */
export async function insertAll(
  trx: Knex | Knex.Transaction,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const first = rows[0]!;
  const columns = Object.keys(first);
  const alike = rows.every((row) => {
    let n = 0;
    for (const column in row) if (++n > columns.length || !(column in first)) return false;
    return n === columns.length;
  });
  if (!alike) {
    await trx(table).insert(rows as Record<string, unknown>[]);
    return;
  }
  await runInsert(
    trx,
    insertStatement(
      trx,
      table,
      columns,
      rows.map((row) => columns.map((column) => row[column])),
    ),
  );
}

/** Whether MySQL numbers the rows of one multi-row INSERT one after the other (asked once per database). */
const consecutiveIds = new WeakMap<object, Promise<boolean>>();

function numbersConsecutively(trx: Knex): Promise<boolean> {
  const key = trx.client.config as object;
  let answer = consecutiveIds.get(key);
  if (!answer) {
    // Lock modes 0 and 1 (MariaDB's default) give a multi-row INSERT of known length a consecutive range
    // under the table's auto-increment lock; mode 2 (MySQL 8's default) may interleave concurrent inserts.
    answer = trx
      .raw('SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS step')
      .then(([rows]: [{ mode: number | string; step: number | string }[]]) => {
        const { mode, step } = rows[0]!;
        return Number(mode) <= 1 && Number(step) === 1;
      });
    consecutiveIds.set(key, answer);
  }
  return answer;
}

/**
 * Inserts `rows` (lists of values in the order of `columns`, as `insertStatement`) in one statement and
 * returns the id each was given, in their order. `unique` names a column whose values tell the rows apart
 * (a uuid). SQLite says the ids in the INSERT itself (RETURNING); MySQL says the first, and the rest follow
 * it where the server numbers a multi-row INSERT consecutively; elsewhere they are read back by `unique`.
 */
export async function insertReturningIds(
  trx: Knex | Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  unique: string,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const statement = insertStatement(trx, table, columns, rows);
  const at = columns.indexOf(unique);
  let idOf: Map<string, number>;
  if (isSqlite(trx as Knex)) {
    const returned = await onSqliteConnection(trx, (c) =>
      c.prepare(`${statement.sql} RETURNING id, ${sqliteId(unique)}`).all(statement.bindings),
    );
    idOf = new Map(returned.map((r) => [String(r[unique]), Number(r.id)]));
  } else {
    const [header] = (await trx.raw(statement.sql)) as [{ insertId: number }];
    if (await numbersConsecutively(trx as Knex)) return rows.map((_, i) => Number(header.insertId) + i);
    const read = (await trx(table)
      .whereIn(
        unique,
        rows.map((r) => r[at] as string),
      )
      .select('id', unique)) as Record<string, unknown>[];
    idOf = new Map(read.map((r) => [String(r[unique]), Number(r.id)]));
  }
  return rows.map((r) => idOf.get(String(r[at]))!);
}

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

/** `column` divided by `by` in whole numbers, in the dialect's words. */
export const integerDivision = (db: Knex | Knex.Transaction, column: string, by: number) =>
  isSqlite(db as Knex) ? `${column} / ${by}` : `${column} DIV ${by}`;

/**
 * The end of an INSERT that adds to the rows already there: where a row with the inserted key (`keys`, a
 * unique index) exists, each of `counts` grows by the inserted value instead of a second row being written.
 */
export const onConflictAdd = (
  db: Knex | Knex.Transaction,
  keys: readonly string[],
  counts: readonly string[],
) =>
  isSqlite(db as Knex)
    ? `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${counts.map((n) => `${n} = ${n} + excluded.${n}`).join(', ')}`
    : `ON DUPLICATE KEY UPDATE ${counts.map((n) => `${n} = ${n} + VALUES(${n})`).join(', ')}`;

/**
 * One SELECT as a term of a UNION ALL, read under a shared lock until the transaction ends. MySQL locks the
 * rows it read (each term in parentheses with its lock); SQLite's transaction holds the whole file's write
 * lock already, and takes an ordered, limited term only as a subquery.
 */
export const lockedForShare = (db: Knex | Knex.Transaction, select: string) =>
  isSqlite(db as Knex) ? `SELECT * FROM (${select})` : `(${select} LOCK IN SHARE MODE)`;

/**
 * Whether a search may match substrings by reading the whole table: SQLite holds a small firm's data on
 * the machine itself, where a scan is quick; on MySQL, with millions of rows, a search reads index ranges only.
 */
export const searchesByScan = (db: Knex) => isSqlite(db);

/**
 * Deletes at most `limit` of the rows of `table` that `where` picks; answers how many went. MySQL takes a
 * LIMIT on DELETE; SQLite (built without that option) picks the rows by rowid.
 */
export const deleteUpTo = (
  db: Knex,
  table: string,
  where: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  limit: number,
): Promise<number> =>
  isSqlite(db)
    ? db(table)
        .whereIn('rowid', where(db(table)).limit(limit).select('rowid'))
        .delete()
    : where(db(table)).limit(limit).delete();

/**
 * A JSON text as a value of a written statement. MySQL's driver escapes every `"` of a value, thousands in
 * a large payload, one piece of string at a time: for a 50,000-row import about a second of processor time
 * and ten times the payload's size in garbage. In JSON text only `\` and `'` need it (JSON writes control
 * characters as escapes), and they are rare, so the literal is written here. SQLite binds the text as it is.
 */
export function jsonValue(db: Knex | Knex.Transaction, json: string | null): unknown {
  if (json === null || isSqlite(db as Knex)) return json;
  return new SqlLiteral(`'${json.replace(/[\\']/g, '\\$&')}'`);
}

/** SQL text the MySQL driver puts in a statement as it is (`toSqlString`); a class, as knex writes plain objects as JSON. */
class SqlLiteral {
  constructor(private readonly sql: string) {}
  toSqlString() {
    return this.sql;
  }
}

/** `?, ?, ?` for a list of `n` values in SQL text. */
export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

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
