/**
 * The app of the bulk bench (candidates.ts `benchBulk`) in a process of its own, so that the bench measures
 * the app's memory apart from its client's. Run twice: first with BULK_APP_SEED_ONLY=1 it seeds the large
 * database and exits (seeding a hundred thousand rows would otherwise stay in the app's memory, which an app
 * a user starts never holds); then it opens that database, listens, reports its address, token and jobs to
 * the parent, and on "close" takes a kept database back to its seed, or drops one made for this run.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { backToSeed, seedMarks, seededApp } from './candidates.ts';

export type BulkAppReport =
  | { type: 'seeded' }
  | { type: 'ready'; address: string; token: string; jobIds: number[] }
  | { type: 'closed' };

const mysqlBase = process.env.BULK_APP_MYSQL || undefined;
const large = Number(process.env.BULK_APP_CANDIDATES);
const keep = process.env.BULK_APP_KEEP === '1';
/** The database's name: `cand` (kept between runs) or one of this run's. */
const label = process.env.BULK_APP_LABEL ?? 'cand';

if (process.env.BULK_APP_SEED_ONLY === '1') {
  const { close } = await seededApp(mysqlBase, label, large, true);
  await close();
  process.send!({ type: 'seeded' } satisfies BulkAppReport, () => process.exit(0));
  await new Promise(() => {});
}

const { db, close, jobIds, listen } = await seededApp(mysqlBase, label, large, true);
const seeded = await seedMarks(db);
const { address, token } = await listen();
process.send!({ type: 'ready', address, token, jobIds } satisfies BulkAppReport);
process.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'close') return;
  if (keep) await backToSeed(db, seeded);
  await close();
  if (!keep) await dropRunDatabase();
  process.send!({ type: 'closed' } satisfies BulkAppReport, () => process.exit(0));
});

/** Removes the database seeded for this run only, and its data folder (createBenchApp's names for a kept one). */
async function dropRunDatabase() {
  if (mysqlBase) {
    const server = knexFactory({ client: 'mysql2', connection: mysqlBase });
    await server.raw(`DROP DATABASE IF EXISTS \`portal_${label}_kept\``);
    await server.destroy();
  }
  rmSync(join(tmpdir(), `portal-${label}-kept`), { recursive: true, force: true });
}
