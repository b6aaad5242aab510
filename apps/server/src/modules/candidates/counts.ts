import type { Knex } from 'knex';
import { integerDivision, onConflictAdd, placeholders } from '../../db/dialect.ts';
import { int, total, type DbInt } from '../../lib/rows.ts';

/** Candidates' ids are counted per block of this many consecutive numbers (`candidate_id_blocks`). */
export const ID_BLOCK = 1024;

/** The block of each candidate's id, in the dialect's integer division. */
const idBlockOf = (db: Knex, column = 'id') => integerDivision(db, column, ID_BLOCK);

type Db = Knex | Knex.Transaction;

/**
 * How many candidates one group gains (positive) or loses (negative): the candidate (`id`), their job,
 * status and source, and who added them. Each table of counts groups them its own way (GROUPINGS).
 */
export interface CountDelta {
  id: number;
  job_id: number;
  status: string;
  source: string;
  created_by_id: number | null;
  n: number;
}

type GroupValue = string | number;

/**
 * The tables of maintained counts: the columns each groups by, a delta's group (null: not counted there),
 * and the same grouping in SQL, to recount from the candidates table.
 */
const GROUPINGS: {
  table: string;
  columns: string[];
  groupOf: (d: CountDelta) => GroupValue[] | null;
  recount: (db: Db) => string;
}[] = [
  // The firm-wide figures and the list's totals.
  {
    table: 'candidate_counts',
    columns: ['job_id', 'status', 'source'],
    groupOf: (d) => [d.job_id, d.status, d.source],
    recount: () => 'SELECT job_id, status, source, COUNT(*) FROM candidates GROUP BY job_id, status, source',
  },
  // Each user's own figures.
  {
    table: 'candidate_creator_counts',
    columns: ['created_by_id', 'status'],
    groupOf: (d) => (d.created_by_id === null ? null : [d.created_by_id, d.status]),
    recount: () =>
      'SELECT created_by_id, status, COUNT(*) FROM candidates WHERE created_by_id IS NOT NULL GROUP BY created_by_id, status',
  },
  // Ids per block, to find a deep page of the whole list (idsAt).
  {
    table: 'candidate_id_blocks',
    columns: ['block'],
    groupOf: (d) => [Math.floor(d.id / ID_BLOCK)],
    recount: (db) =>
      `SELECT ${idBlockOf(db as Knex)}, COUNT(*) FROM candidates GROUP BY ${idBlockOf(db as Knex)}`,
  },
];

/**
 * Adds up the deltas of each group, dropping those that cancel out (a move between statuses leaves the
 * id's block as it was), in the order of their keys: two transactions that move counts both ways
 * (applied -> screening and back) lock the same rows in the same order, and never wait on each other in a
 * circle.
 */
function mergeDeltas(deltas: CountDelta[], groupOf: (d: CountDelta) => GroupValue[] | null) {
  const byKey = new Map<string, { group: GroupValue[]; n: number }>();
  for (const d of deltas) {
    const group = groupOf(d);
    if (!group) continue;
    const key = group.join('\u0000');
    const seen = byKey.get(key);
    if (seen) seen.n += d.n;
    else byKey.set(key, { group, n: d.n });
  }
  return [...byKey.keys()]
    .sort()
    .map((key) => byKey.get(key)!)
    .filter((d) => d.n !== 0);
}

/**
 * Applies count deltas inside the caller's transaction, to every table of counts: one upsert per batch of
 * groups, in the dialect's words. The rows stay locked until the transaction ends, so concurrent changes
 * add up. Every candidate write of the service passes its deltas here; rows written around it (seeds) are
 * recounted by rebuildCandidateCounts.
 */
export async function bumpCounts(trx: Db, deltas: CountDelta[]): Promise<void> {
  for (const { table, columns, groupOf } of GROUPINGS) {
    const merged = mergeDeltas(deltas, groupOf);
    const upsert = onConflictAdd(trx, columns, ['n']);
    const tuple = `(${placeholders(columns.length + 1)})`;
    for (let i = 0; i < merged.length; i += 500) {
      const batch = merged.slice(i, i + 500);
      await trx.raw(
        `INSERT INTO ${table} (${columns.join(', ')}, n) VALUES ${batch.map(() => tuple).join(', ')} ${upsert}`,
        batch.flatMap(({ group, n }) => [...group, n]),
      );
    }
  }
}

/** Recounts every group from the candidates table (after rows were written around the service: seeds, benchmarks). */
export async function rebuildCandidateCounts(db: Db): Promise<void> {
  for (const { table, columns, recount } of GROUPINGS) {
    await db(table).delete();
    await db.raw(`INSERT INTO ${table} (${columns.join(', ')}, n) ${recount(db)}`);
  }
}

/**
 * The ids of the whole list (no filter) from `offset` on, `take` of them, newest (highest id) or oldest
 * first: the blocks' counts are added up to the block the offset falls in, and at most that block's ids
 * are skipped. What `ORDER BY id LIMIT take OFFSET offset` answers, without walking `offset` index entries.
 */
export async function idsAt(
  db: Db,
  { offset, take, newestFirst }: { offset: number; take: number; newestFirst: boolean },
): Promise<number[]> {
  const order = newestFirst ? 'desc' : 'asc';
  const blocks: { block: DbInt; n: DbInt }[] = await db('candidate_id_blocks')
    .where('n', '>', 0)
    .orderBy('block', order)
    .select('block', 'n');
  let before = 0;
  for (const row of blocks) {
    const [block, n] = [int(row.block), int(row.n)];
    if (before + n <= offset) {
      before += n;
      continue;
    }
    const q = db('candidates')
      .orderBy('id', order)
      .limit(take)
      .offset(offset - before);
    if (newestFirst) q.where('id', '<', (block + 1) * ID_BLOCK);
    else q.where('id', '>=', block * ID_BLOCK);
    return ((await q.pluck('id')) as DbInt[]).map(int);
  }
  return [];
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
  const row: { total?: DbInt | null } | undefined = await q.sum({ total: 'n' }).first();
  return total(row?.total);
}
