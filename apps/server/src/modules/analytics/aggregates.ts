/**
 * The pipeline figures kept with every change, in the change's transaction, and rebuilt from the history
 * (`npm run analytics:rebuild`). A change takes back everything the candidate counted for as last counted
 * (`analytics_candidates`: its job, source, creator and status then, and the history entries counted) and
 * adds what it counts for now: both come from `candidateFigures`, so the kept sums always equal a rebuild.
 * The sums go to analytics_daily for the groupings many candidates share, as day and month rows
 * (daily-sums.ts); each candidate's own figures go to its analytics_candidates row, which the filters naming
 * jobs or a creator sum (candidate-figures.ts).
 */
import type { Knex } from 'knex';
import { rowsPerInsert } from '../../db/dialect.ts';
import { int } from '../../lib/rows.ts';
import { candidateFigures, type HistoryEntry } from './definitions.ts';
import { addContributions, applySums, type Sums } from './daily-sums.ts';
import { factsRow } from './candidate-figures.ts';
import {
  countedOf,
  historyOf,
  toCountedCandidate,
  toHistoryEntry,
  toLastCounted,
  type CountedRow,
  type FactsCandidateRow,
  type HistoryRow,
  type RecountRow,
} from './model.ts';

type Db = Knex | Knex.Transaction;

const HISTORY_COLUMNS = [
  'id',
  'candidate_id',
  'from_status',
  'to_status',
  'changed_by_id',
  'changed_at',
  'reason',
  'stage',
] satisfies (keyof HistoryRow)[];
const CANDIDATE_COLUMNS = [
  'id',
  'job_id',
  'source',
  'created_by_id',
  'created_at',
  'status',
] satisfies (keyof FactsCandidateRow)[];

/** History entries grouped per candidate, in the order they were written. */
function byCandidate(rows: HistoryRow[]): Map<number, HistoryEntry[]> {
  const map = new Map<number, HistoryEntry[]>();
  for (const row of rows) {
    const id = int(row.candidate_id);
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    list.push(toHistoryEntry(row));
  }
  for (const list of map.values()) list.sort((a, b) => a.id - b.id);
  return map;
}

const COUNTED_COLUMNS = [
  'job_id',
  'source',
  'creator_id',
  'applied_at',
  'status',
  'counted_through',
] satisfies (keyof CountedRow)[];

/**
 * What a recount reads: the candidates as last counted (`before`: analytics_candidates), as they are now
 * (`rows`: candidates, none when deleted) and their history. One query for a change's candidates (a row
 * per history entry, each with its candidate's columns); those it does not find (a candidate counted but
 * gone) are read as counted alone.
 */
async function readForRecount(
  trx: Db,
  ids: number[],
  deleted: boolean,
): Promise<{ before: CountedRow[]; rows: FactsCandidateRow[]; history: HistoryRow[] }> {
  if (deleted) {
    const before: CountedRow[] = await trx('analytics_candidates')
      .whereIn('candidate_id', ids)
      .select('candidate_id', ...COUNTED_COLUMNS);
    const history: HistoryRow[] = await trx('candidate_history')
      .whereIn('candidate_id', ids)
      .select(HISTORY_COLUMNS);
    return { before, rows: [], history };
  }
  const joined: RecountRow[] = await trx('candidates as c')
    .leftJoin('analytics_candidates as a', 'a.candidate_id', 'c.id')
    .leftJoin('candidate_history as h', 'h.candidate_id', 'c.id')
    .whereIn('c.id', ids)
    .select(
      ...CANDIDATE_COLUMNS.map((column) => `c.${column}`),
      'a.candidate_id as counted_id',
      ...COUNTED_COLUMNS.map((column) => `a.${column} as counted_${column}`),
      ...HISTORY_COLUMNS.map((column) => `h.${column} as history_${column}`),
    );
  const rows = new Map<number, FactsCandidateRow>();
  const before: CountedRow[] = [];
  const history: HistoryRow[] = [];
  for (const row of joined) {
    const id = int(row.id);
    if (!rows.has(id)) {
      rows.set(id, row);
      const counted = countedOf(row);
      if (counted) before.push(counted);
    }
    const entry = historyOf(row);
    if (entry) history.push(entry);
  }
  const missing = ids.filter((id) => !rows.has(id));
  if (missing.length > 0) {
    const gone = await readForRecount(trx, missing, true);
    before.push(...gone.before);
    history.push(...gone.history);
  }
  return { before, rows: [...rows.values()], history };
}

/**
 * Counts the candidates again after a change (a status move, an insert, a change of job or source):
 * what each counted for before is taken back and what it counts for now is added, in the caller's
 * transaction. With `deleted`, the candidates leave the figures (called before their rows go).
 */
export async function recountCandidates(trx: Db, candidateIds: number[], { deleted = false } = {}) {
  const ids = [...new Set(candidateIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const { before, rows, history } = await readForRecount(trx, chunk, deleted);
    const entries = byCandidate(history);
    const sums: Sums = new Map();
    for (const row of before) {
      const id = int(row.candidate_id);
      const { candidate: counted, through } = toLastCounted(row);
      const old = (entries.get(id) ?? []).filter((e) => e.id <= through);
      addContributions(sums, counted, candidateFigures(counted, old).contributions, -1);
    }
    const facts = [];
    for (const row of rows) {
      const id = int(row.id);
      const candidate = toCountedCandidate(row);
      const list = entries.get(id) ?? [];
      const figures = candidateFigures(candidate, list);
      addContributions(sums, candidate, figures.contributions, 1);
      facts.push(factsRow(id, candidate, figures, list.length ? list[list.length - 1]!.id : 0));
    }
    await applySums(trx, sums);
    if (deleted) await trx('analytics_candidates').whereIn('candidate_id', chunk).delete();
    else if (facts.length > 0)
      await trx('analytics_candidates').insert(facts).onConflict('candidate_id').merge();
  }
}

/** The candidates leave the figures (before their rows are deleted). */
export const forgetCandidates = (trx: Db, candidateIds: number[]) =>
  recountCandidates(trx, candidateIds, { deleted: true });

/**
 * Recomputes every figure from the candidates and their history: what `npm run analytics:rebuild` runs,
 * and what the app runs on start when candidates were written around the service (seeds, an upgrade).
 * Reads the candidates in id order, a chunk at a time, and writes their rows as it goes; the sums are
 * written when they grow large (the first time as plain inserts into the emptied table, in key order).
 */
export async function rebuildAnalytics(db: Knex, { chunk = 5000, flushAt = 2_000_000 } = {}) {
  await db('analytics_daily').truncate();
  await db('analytics_candidates').truncate();
  /** The next chunk of candidates after `after`, with their history. */
  const read = async (after: number) => {
    const rows: FactsCandidateRow[] = await db('candidates')
      .where('id', '>', after)
      .orderBy('id')
      .limit(chunk)
      .select(CANDIDATE_COLUMNS);
    if (rows.length === 0) return null;
    const history: HistoryRow[] = await db('candidate_history')
      .whereBetween('candidate_id', [int(rows[0]!.id), int(rows[rows.length - 1]!.id)])
      .select(HISTORY_COLUMNS);
    return { rows, entries: byCandidate(history) };
  };
  const sums: Sums = new Map();
  let flushed = false;
  let candidates = 0;
  const batch = rowsPerInsert(db, 2000);
  // The database reads the next chunk and writes the last one's rows while this one is counted.
  let writing: Promise<unknown> = Promise.resolve();
  let next = read(0);
  for (;;) {
    const current = await next;
    if (!current) break;
    next = read(int(current.rows[current.rows.length - 1]!.id));
    next.catch(() => {}); // awaited in the next round; a failure is thrown there
    const facts = [];
    for (const row of current.rows) {
      const id = int(row.id);
      const candidate = toCountedCandidate(row);
      const list = current.entries.get(id) ?? [];
      const figures = candidateFigures(candidate, list);
      addContributions(sums, candidate, figures.contributions, 1);
      facts.push(factsRow(id, candidate, figures, list.length ? list[list.length - 1]!.id : 0));
    }
    candidates += facts.length;
    await writing;
    // In id order: each job's rows (the table's order) grow at their end.
    writing = (async () => {
      for (let i = 0; i < facts.length; i += batch)
        await db('analytics_candidates').insert(facts.slice(i, i + batch));
    })();
    writing.catch(() => {}); // awaited before the next write; a failure is thrown there
    if (sums.size >= flushAt) {
      await writing;
      await applySums(db, sums, flushed);
      sums.clear();
      flushed = true;
    }
  }
  await writing;
  await applySums(db, sums, flushed);
  return { candidates };
}

/** Whether some candidate is not counted yet (rows written around the service, or a database from before). */
export async function needsRebuild(db: Knex): Promise<boolean> {
  const counted = await db('analytics_candidates').first('candidate_id');
  if (counted) return false;
  return Boolean(await db('candidates').first('id'));
}
