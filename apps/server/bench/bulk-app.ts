/**
 * The app of the bulk bench (candidates.ts `benchBulk`) in a process of its own, so that the bench measures
 * the app's memory apart from its client's: seeds (or reuses) the large database, listens, reports its
 * address, token and jobs to the parent, and on "close" takes a kept database back to its seed and exits.
 */
import { backToSeed, seededApp } from './candidates.ts';

export type BulkAppReport =
  { type: 'ready'; address: string; token: string; jobIds: number[] } | { type: 'closed' };

const mysqlBase = process.env.BULK_APP_MYSQL || undefined;
const large = Number(process.env.BULK_APP_CANDIDATES);
const keep = process.env.BULK_APP_KEEP === '1';

const { db, close, jobIds, listen } = await seededApp(mysqlBase, 'cand', large, keep);
const seededUpTo = Number((await db('candidates').max({ id: 'id' }))[0]!.id ?? 0);
const { address, token } = await listen();
process.send!({ type: 'ready', address, token, jobIds } satisfies BulkAppReport);
process.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'close') return;
  if (keep) await backToSeed(db, seededUpTo);
  await close();
  process.send!({ type: 'closed' } satisfies BulkAppReport, () => process.exit(0));
});
