/**
 * The pipeline figures kept with every change, in the change's transaction, and rebuilt from the history
 * (`npm run analytics:rebuild`). A change takes back everything the candidate counted for as last counted
 * (`analytics_candidates`: its job, source, creator and status then, and the history entries counted) and
 * adds what it counts for now: both come from `candidateFigures`, so the kept sums always equal a rebuild.
 */
import type { Knex } from 'knex';
import { isSqlite, rowsPerInsert } from '../../db/dialect.ts';
import { toDate } from '../../lib/dates.ts';
import {
  ACTIVITY_FIGURES,
  candidateFigures,
  type Contribution,
  type CountedCandidate,
  type HistoryEntry,
} from './definitions.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/** Groupings of (job, source, creator): bit 1 keeps the job, 2 the source, 4 the creator; 0 sums all. */
export const GROUPINGS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const GROUP_JOB = 1;
export const GROUP_SOURCE = 2;
export const GROUP_CREATOR = 4;
/** Activity is read for everyone (0), or over an employee's jobs (job) and own candidates (job, creator). */
export const ACTIVITY_GROUPINGS = [0, GROUP_JOB, GROUP_JOB | GROUP_CREATOR] as const;

const KEY_COLUMNS = ['grouping', 'figure', 'job_id', 'source', 'creator_id', 'day', 'stage', 'detail'];
const SEP = '\u0000';

/** Adds a candidate's contributions (times `sign`) to `sums`, once per grouping, keyed in column order. */
function addContributions(
  sums: Map<string, number>,
  candidate: CountedCandidate,
  contributions: readonly Contribution[],
  sign: number,
) {
  for (const grouping of GROUPINGS) {
    const dims = [
      grouping & GROUP_JOB ? candidate.jobId : 0,
      grouping & GROUP_SOURCE ? candidate.source : '',
      grouping & GROUP_CREATOR ? candidate.creatorId : 0,
    ].join(SEP);
    const activity = (ACTIVITY_GROUPINGS as readonly number[]).includes(grouping);
    for (const c of contributions) {
      if (!activity && ACTIVITY_FIGURES.has(c.figure)) continue;
      const key = [grouping, c.figure, dims, c.day, c.stage, c.detail].join(SEP);
      sums.set(key, (sums.get(key) ?? 0) + sign);
    }
  }
}

/**
 * Adds the sums to analytics_daily, in key order (two changes lock shared rows in the same order, so
 * they never wait on each other in a circle); sums that cancel out are skipped.
 */
async function applySums(trx: Db, sums: Map<string, number>, upsert = true) {
  const keys = [...sums.keys()].filter((k) => sums.get(k) !== 0).sort();
  if (keys.length === 0) return;
  const onConflict = !upsert
    ? ''
    : isSqlite(trx as Knex)
      ? `ON CONFLICT (${KEY_COLUMNS.join(', ')}) DO UPDATE SET n = n + excluded.n`
      : 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)';
  const tuple = `(${[...KEY_COLUMNS, 'n'].map(() => '?').join(', ')})`;
  const batch = rowsPerInsert(trx as Knex, 2000);
  for (let i = 0; i < keys.length; i += batch) {
    const slice = keys.slice(i, i + batch);
    const values = slice.flatMap((key) => {
      const [grouping, figure, job, source, creator, day, stage, detail] = key.split(SEP);
      return [
        Number(grouping),
        figure,
        Number(job),
        source,
        Number(creator),
        day,
        stage,
        detail,
        sums.get(key),
      ];
    });
    await trx.raw(
      `INSERT INTO analytics_daily (${KEY_COLUMNS.join(', ')}, n) VALUES ${slice.map(() => tuple).join(', ')} ${onConflict}`,
      values as Knex.RawBinding[],
    );
  }
}

const toCandidate = (row: Row): CountedCandidate => ({
  jobId: Number(row.job_id),
  source: String(row.source),
  creatorId: row.created_by_id === null || row.created_by_id === undefined ? 0 : Number(row.created_by_id),
  appliedAt: toDate(row.created_at),
  status: String(row.status),
});

const toEntry = (row: Row): HistoryEntry => ({
  id: Number(row.id),
  from_status: row.from_status === null ? null : String(row.from_status),
  to_status: String(row.to_status),
  changed_by_id: row.changed_by_id === null ? null : Number(row.changed_by_id),
  changed_at: toDate(row.changed_at),
  reason: row.reason === null || row.reason === undefined ? null : String(row.reason),
  stage: row.stage === null || row.stage === undefined ? null : String(row.stage),
});

const HISTORY_COLUMNS = [
  'id',
  'candidate_id',
  'from_status',
  'to_status',
  'changed_by_id',
  'changed_at',
  'reason',
  'stage',
];
const CANDIDATE_COLUMNS = ['id', 'job_id', 'source', 'created_by_id', 'created_at', 'status'];

/** The stored row of a counted candidate. */
const factsRow = (
  id: number,
  candidate: CountedCandidate,
  stageSince: Date | null,
  countedThrough: number,
) => ({
  candidate_id: id,
  job_id: candidate.jobId,
  source: candidate.source,
  creator_id: candidate.creatorId,
  applied_at: candidate.appliedAt,
  status: candidate.status,
  stage_since: stageSince,
  counted_through: countedThrough,
});

/** History entries grouped per candidate, in the order they were written. */
function byCandidate(rows: Row[]): Map<number, HistoryEntry[]> {
  const map = new Map<number, HistoryEntry[]>();
  for (const row of rows) {
    const id = Number(row.candidate_id);
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    list.push(toEntry(row));
  }
  for (const list of map.values()) list.sort((a, b) => a.id - b.id);
  return map;
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
    const [before, rows, history] = await Promise.all([
      trx('analytics_candidates').whereIn('candidate_id', chunk).select('*') as Promise<Row[]>,
      deleted
        ? Promise.resolve([] as Row[])
        : (trx('candidates').whereIn('id', chunk).select(CANDIDATE_COLUMNS) as Promise<Row[]>),
      trx('candidate_history').whereIn('candidate_id', chunk).select(HISTORY_COLUMNS) as Promise<Row[]>,
    ]);
    const entries = byCandidate(history);
    const sums = new Map<string, number>();
    for (const row of before) {
      const id = Number(row.candidate_id);
      const counted: CountedCandidate = {
        jobId: Number(row.job_id),
        source: String(row.source),
        creatorId: Number(row.creator_id),
        appliedAt: toDate(row.applied_at),
        status: String(row.status),
      };
      const through = Number(row.counted_through);
      const old = (entries.get(id) ?? []).filter((e) => e.id <= through);
      addContributions(sums, counted, candidateFigures(counted, old).contributions, -1);
    }
    const facts = [];
    for (const row of rows) {
      const id = Number(row.id);
      const candidate = toCandidate(row);
      const list = entries.get(id) ?? [];
      const { contributions, stageSince } = candidateFigures(candidate, list);
      addContributions(sums, candidate, contributions, 1);
      facts.push(factsRow(id, candidate, stageSince, list.length ? list[list.length - 1]!.id : 0));
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
 * Reads the candidates in id order, a chunk at a time; the sums are written when they grow large.
 */
export async function rebuildAnalytics(db: Knex, { chunk = 5000, flushAt = 400_000 } = {}) {
  await db('analytics_daily').delete();
  await db('analytics_candidates').delete();
  const sums = new Map<string, number>();
  let flushed = false;
  let after = 0;
  let candidates = 0;
  for (;;) {
    const rows = (await db('candidates')
      .where('id', '>', after)
      .orderBy('id')
      .limit(chunk)
      .select(CANDIDATE_COLUMNS)) as Row[];
    if (rows.length === 0) break;
    const first = Number(rows[0]!.id);
    after = Number(rows[rows.length - 1]!.id);
    const entries = byCandidate(
      (await db('candidate_history')
        .whereBetween('candidate_id', [first, after])
        .select(HISTORY_COLUMNS)) as Row[],
    );
    const facts = [];
    for (const row of rows) {
      const id = Number(row.id);
      const candidate = toCandidate(row);
      const list = entries.get(id) ?? [];
      const { contributions, stageSince } = candidateFigures(candidate, list);
      addContributions(sums, candidate, contributions, 1);
      facts.push(factsRow(id, candidate, stageSince, list.length ? list[list.length - 1]!.id : 0));
    }
    const batch = rowsPerInsert(db, 2000);
    for (let i = 0; i < facts.length; i += batch)
      await db('analytics_candidates').insert(facts.slice(i, i + batch));
    candidates += rows.length;
    if (sums.size >= flushAt) {
      await applySums(db, sums, flushed);
      sums.clear();
      flushed = true;
    }
  }
  await applySums(db, sums, flushed);
  return { candidates };
}

/** Whether some candidate is not counted yet (rows written around the service, or a database from before). */
export async function needsRebuild(db: Knex): Promise<boolean> {
  const counted = await db('analytics_candidates').first('candidate_id');
  if (counted) return false;
  return Boolean(await db('candidates').first('id'));
}
