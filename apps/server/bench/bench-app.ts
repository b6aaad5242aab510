import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { REDACTED_PATHS, buildApp } from '../src/app.ts';
import { createAppLogger } from '../src/lib/logger.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/connection.ts';
import { prepareDatabase } from '../src/seed/bootstrap.ts';

const ADMIN_PASSWORD = 'bench-admin';

/**
 * The app on a fresh, migrated database: a new MySQL database on `mysqlBase` (a server URL without a
 * database), else a SQLite file in a temporary folder. `close` removes both.
 * With `keep`, the database is `portal_<label>_kept` (or a SQLite file in `<tmp>/portal-<label>-kept`):
 * opened again if it is there (migrations run as usual), and left in place by `close`, so that a large
 * seed serves many runs. Drop it by hand when done (`DROP DATABASE portal_cand_kept`).
 */
export async function createBenchApp(
  mysqlBase: string | undefined,
  label: string,
  { env = {}, keep = false }: { env?: Record<string, string>; keep?: boolean } = {},
) {
  const keptDir = join(tmpdir(), `portal-${label}-kept`);
  if (keep) mkdirSync(keptDir, { recursive: true });
  const dataDir = keep ? keptDir : mkdtempSync(join(tmpdir(), `portal-${label}-`));
  const dbName = keep ? `portal_${label}_kept` : `portal_${label}_${Date.now()}`;
  const onServer = async (sql: string) => {
    const admin = knexFactory({ client: 'mysql2', connection: mysqlBase });
    await admin.raw(sql);
    await admin.destroy();
  };
  if (mysqlBase) {
    await onServer(
      `CREATE DATABASE ${keep ? 'IF NOT EXISTS ' : ''}\`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  }
  const config = loadConfig({
    DATABASE_URL: mysqlBase ? `${mysqlBase}/${dbName}` : `sqlite:${join(dataDir, `${label}.sqlite`)}`,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    WEB_DIST: join(dataDir, 'none'),
    ...env,
  });
  const db = createDb(config.DATABASE_URL);
  // The app logs as it does when a user starts it, at BENCH_LOG_LEVEL (info, as LOG_LEVEL's default), into
  // a file beside the database rather than over the bench's own output. BENCH_LOG_LEVEL=silent turns it off.
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  const logged = logLevel !== 'silent';
  const loggerOf = (file: string) =>
    logged
      ? createAppLogger({ level: logLevel, destination: join(dataDir, file), redact: REDACTED_PATHS })
      : undefined;
  const appLogger = loggerOf('app.log');
  const app = await buildApp(
    appLogger ? { config, db, loggerInstance: appLogger.logger } : { config, db, logger: false },
  );
  await prepareDatabase(db, config, app.services.users, { info() {}, warn() {} });
  const nodes: { app: typeof app; db: typeof db; logger: typeof appLogger }[] = [];
  return {
    app,
    db,
    /** Another app node on the same database (and Redis, when REDIS_URL is set), listening on a free port. */
    async addNode() {
      const nodeDb = createDb(config.DATABASE_URL);
      const nodeLogger = loggerOf(`node-${nodes.length + 2}.log`);
      const node = await buildApp(
        nodeLogger
          ? { config, db: nodeDb, loggerInstance: nodeLogger.logger }
          : { config, db: nodeDb, logger: false },
      );
      nodes.push({ app: node, db: nodeDb, logger: nodeLogger });
      return node.listen({ port: 0, host: '127.0.0.1' });
    },
    /** Listens on a free port and signs in as the admin: the address and a bearer token. */
    async listen() {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const login = await fetch(`${address}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      return { address, token };
    },
    /**
     * Opens every node's database connections up to its pool's largest, as a burst of requests would.
     * They stay open while used and for a while after (the pool's idle timeout), so that memory measured
     * across a burst (thousands of sockets joining a room, each join a query) is not the pool's growth.
     */
    async fillPools() {
      for (const pool of [db, ...nodes.map((node) => node.db)]) {
        const max = (pool.client as { pool?: { max: number } }).pool?.max ?? 1;
        await Promise.all(Array.from({ length: max }, () => pool.raw('SELECT 1')));
      }
    },
    async close() {
      for (const node of nodes) {
        await node.app.close();
        node.logger?.flush();
        await node.db.destroy();
      }
      await app.close();
      appLogger?.flush();
      await db.destroy();
      if (keep) return;
      if (mysqlBase) await onServer(`DROP DATABASE IF EXISTS \`${dbName}\``);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
