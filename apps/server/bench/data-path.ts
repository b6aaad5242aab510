/**
 * The floor a list request stands on: a bare Fastify server (no auth, no hooks, no schemas, no logger)
 * whose routes run the skills page's and the jobs page's own SQL on the app's database, with the driver
 * alone: better-sqlite3 on the app's SQLite file, or mysql2 on its MySQL database. What the app answers
 * per second divided by what this answers is the share of a request's cost that is the data itself. The
 * statements are the app's own (exported by the modules), with the bindings of a first page.
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { PAGE_SIZES } from '@portal/contracts';
import { isSqlite, placeholders } from '../src/db/dialect.ts';
import { MYSQL_POOL_MAX } from '../src/db/connection.ts';
import { DEFAULT_PROBE_LIMIT, NEWEST_JOBS_SQL } from '../src/modules/jobs/list.ts';
import { JOB_LINKS_SQL, JOBS_BY_ID_SQL } from '../src/modules/jobs/reads.ts';
import { SKILL_PAGE_SQL } from '../src/modules/skills/service.ts';

/** The part of better-sqlite3 used here (the package ships no types; the app reaches it through knex). */
interface SqliteStatement {
  all(...bindings: unknown[]): Record<string, unknown>[];
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  close(): void;
}
const SqliteDatabaseOf = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string,
) => SqliteDatabase;

/** Runs one statement and answers its rows. */
type Select = (sql: string, bindings: readonly (string | number)[]) => Promise<Record<string, unknown>[]>;

export interface DataPath {
  address: string;
  close(): Promise<void>;
}

/** Where the app's data is: its SQLite file, or the settings of its MySQL connections (as knex has them). */
export type DataPlace = { sqliteFile: string } | { mysql: mysql.ConnectionOptions; connections: number };

/** Where the bench app keeps its data, for the data path to read it with the driver alone. */
export function dataPlaceOf(db: Knex): DataPlace {
  const connection = db.client.config.connection as { filename?: string } & mysql.ConnectionOptions;
  if (isSqlite(db)) return { sqliteFile: connection.filename! };
  // knex hides the password (not enumerable): named here, or a copy of the settings would lose it.
  return { mysql: { ...connection, password: connection.password }, connections: MYSQL_POOL_MAX };
}

/** The driver alone on the app's database. */
function selector(where: DataPlace): { select: Select; end(): Promise<void> } {
  if ('mysql' in where) {
    // The app's driver settings (time zone, character set, numbers) and as many connections as its pool.
    const pool = mysql.createPool({ ...where.mysql, connectionLimit: where.connections });
    return {
      select: async (sql, bindings) => (await pool.query(sql, [...bindings]))[0] as Record<string, unknown>[],
      end: () => pool.end(),
    };
  }
  const sqlite = new SqliteDatabaseOf(where.sqliteFile);
  const statements = new Map<string, SqliteStatement>();
  return {
    select: async (sql, bindings) => {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
      return statement.all(...bindings);
    },
    end: async () => void sqlite.close(),
  };
}

export async function startDataPath(where: DataPlace): Promise<DataPath> {
  const { select, end } = selector(where);
  const server = Fastify({ logger: false });
  server.get('/skills', async () => {
    const items = await select(SKILL_PAGE_SQL, [PAGE_SIZES.skills, 0]);
    return { items, total: Number(items[0]?.total ?? 0), page: 1, pageSize: PAGE_SIZES.skills };
  });
  server.get('/jobs', async () => {
    const probe = await select(NEWEST_JOBS_SQL, [DEFAULT_PROBE_LIMIT + 1]);
    const ids = probe.slice(0, PAGE_SIZES.jobs).map((row) => Number(row.id));
    const list = placeholders(ids.length);
    const [items, links] = await Promise.all([
      select(JOBS_BY_ID_SQL(list), ids),
      select(JOB_LINKS_SQL(list), [...ids, ...ids]),
    ]);
    return { items, links, total: probe.length, page: 1, pageSize: PAGE_SIZES.jobs };
  });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    async close() {
      await server.close();
      await end();
    },
  };
}
