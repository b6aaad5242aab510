import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection.ts';

type Db = Knex | Knex.Transaction;

/** How many candidates one (job, status, source) group gains (positive) or loses (negative). */
export interface CountDelta {
  job_id: number;
  status: string;
  source: string;
  n: number;
}

/** Adds up deltas of the same group, dropping those that cancel out. */
export function mergeDeltas(deltas: CountDelta[]): CountDelta[] {
  const byKey = new Map<string, CountDelta>();
  for (const d of deltas) {
    const key = `${d.job_id}\u0000${d.status}\u0000${d.source}`;
    const seen = byKey.get(key);
    if (seen) seen.n += d.n;
    else byKey.set(key, { ...d });
  }
  return [...byKey.values()].filter((d) => d.n !== 0);
}

/**
 * Applies count deltas inside the caller's transaction (the candidate_counts table, migration
 * candidate-counts): one upsert per batch of groups, in the dialect's words. The rows stay locked until the
 * transaction ends, so concurrent changes add up.
 */
export async function bumpCounts(trx: Db, deltas: CountDelta[]): Promise<void> {
  const merged = mergeDeltas(deltas);
  for (let i = 0; i < merged.length; i += 500) {
    const batch = merged.slice(i, i + 500);
    const values = batch.map(() => '(?, ?, ?, ?)').join(', ');
    const bindings = batch.flatMap((d) => [d.job_id, d.status, d.source, d.n]);
    const upsert = isSqlite(trx as Knex)
      ? 'ON CONFLICT (job_id, status, source) DO UPDATE SET n = n + excluded.n'
      : 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)';
    await trx.raw(
      `INSERT INTO candidate_counts (job_id, status, source, n) VALUES ${values} ${upsert}`,
      bindings,
    );
  }
}

/** Recounts every group from the candidates table (after rows were written around the service: seeds, benchmarks). */
export async function rebuildCandidateCounts(db: Db): Promise<void> {
  await db('candidate_counts').delete();
  await db.raw(
    'INSERT INTO candidate_counts (job_id, status, source, n) SELECT job_id, status, source, COUNT(*) FROM candidates GROUP BY job_id, status, source',
  );
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
