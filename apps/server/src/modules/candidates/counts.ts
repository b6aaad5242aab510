import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection.ts';

type Db = Knex | Knex.Transaction;

/**
 * How many candidates one group gains (positive) or loses (negative): the group of their job, status and
 * source (the firm-wide figures), and of who added them and their status (each user's own figures).
 */
export interface CountDelta {
  job_id: number;
  status: string;
  source: string;
  created_by_id: number | null;
  n: number;
}

/** The two tables of maintained counts and the columns each groups by. */
const GROUPINGS = [
  { table: 'candidate_counts', by: ['job_id', 'status', 'source'] },
  { table: 'candidate_creator_counts', by: ['created_by_id', 'status'] },
] as const;
type Grouping = (typeof GROUPINGS)[number];

/**
 * Adds up the deltas of each group of `grouping`, dropping those that cancel out (and a creator unknown),
 * in the order of their keys: two transactions that move counts both ways (applied -> screening and back)
 * lock the same rows in the same order, and never wait on each other in a circle.
 */
function mergeDeltas(deltas: CountDelta[], { by }: Grouping): Record<string, string | number>[] {
  const byKey = new Map<string, Record<string, string | number> & { n: number }>();
  for (const d of deltas) {
    if (by.some((column) => d[column] === null)) continue;
    const key = by.map((column) => d[column]).join('\u0000');
    const seen = byKey.get(key);
    if (seen) seen.n += d.n;
    else byKey.set(key, { ...Object.fromEntries(by.map((column) => [column, d[column]!])), n: d.n });
  }
  return [...byKey.keys()]
    .sort()
    .map((key) => byKey.get(key)!)
    .filter((d) => d.n !== 0);
}

/**
 * Applies count deltas inside the caller's transaction, to both tables of counts (migrations
 * candidate-counts, candidate-creator-counts): one upsert per batch of groups, in the dialect's words. The
 * rows stay locked until the transaction ends, so concurrent changes add up. Every candidate write of the
 * service passes its deltas here; rows written around it (seeds) are recounted by rebuildCandidateCounts.
 */
export async function bumpCounts(trx: Db, deltas: CountDelta[]): Promise<void> {
  for (const grouping of GROUPINGS) {
    const merged = mergeDeltas(deltas, grouping);
    const columns = [...grouping.by, 'n'];
    const upsert = isSqlite(trx as Knex)
      ? `ON CONFLICT (${grouping.by.join(', ')}) DO UPDATE SET n = n + excluded.n`
      : 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)';
    for (let i = 0; i < merged.length; i += 500) {
      const batch = merged.slice(i, i + 500);
      const values = batch.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
      await trx.raw(
        `INSERT INTO ${grouping.table} (${columns.join(', ')}) VALUES ${values} ${upsert}`,
        batch.flatMap((group) => columns.map((column) => group[column]!)),
      );
    }
  }
}

/** Recounts every group from the candidates table (after rows were written around the service: seeds, benchmarks). */
export async function rebuildCandidateCounts(db: Db): Promise<void> {
  for (const { table, by } of GROUPINGS) {
    const columns = by.join(', ');
    await db(table).delete();
    await db.raw(
      `INSERT INTO ${table} (${columns}, n) SELECT ${columns}, COUNT(*) FROM candidates ` +
        `WHERE ${by.map((column) => `${column} IS NOT NULL`).join(' AND ')} GROUP BY ${columns}`,
    );
  }
}

/** The number of candidates in the given statuses, sources and job (each optional), summed from the counts. */
export async function countFromCounters(
  db: Db,
  { statuses, sources, jobId }: { statuses: string[]; sources: string[]; jobId?: number | undefined },
): Promise<number> {
  const q = db('candidate_counts');
  if (statuses.length > 0) q.whereIn('status', statuses);
  if (sources.length > 0) q.whereIn('source', sources);
  if (jobId !== undefined) q.where('job_id', jobId);
  const row = (await q.sum({ total: 'n' }).first()) as { total: number | string | null } | undefined;
  return Number(row?.total ?? 0);
}
