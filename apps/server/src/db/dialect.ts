import type { Knex } from 'knex';

/**
 * What differs between the two databases the app runs on (SQLite embedded, MySQL in production), in one
 * place: feature code asks these helpers and never looks at the client's name itself.
 */

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

/**
 * The rows of a SELECT written as SQL text (`?` for values): for the hottest reads, where building the
 * query with knex's builder on every request costs more than running it. Each driver answers `raw`
 * differently (SQLite: the rows; MySQL: [rows, fields]).
 */
export async function selectRows(
  db: Knex | Knex.Transaction,
  sql: string,
  bindings: readonly Knex.Value[],
): Promise<Record<string, unknown>[]> {
  const result = await db.raw(sql, bindings as Knex.Value[]);
  return isSqlite(db as Knex) ? result : result[0];
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
