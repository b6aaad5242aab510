/**
 * The pipeline figures kept with every change, in the change's transaction, and rebuilt from the history
 * (`npm run analytics:rebuild`). A change takes back everything the candidate counted for as last counted
 * (`analytics_candidates`: its job, source, creator and status then, and the history entries counted) and
 * adds what it counts for now: both come from `candidateFigures`, so the kept sums always equal a rebuild.
 */
import type { Knex } from 'knex';
import { isSqlite, rowsPerInsert } from '../../db/dialect.ts';
import {
  ACTIVITY_FIGURES,
  candidateFigures,
  type Contribution,
  type CountedCandidate,
  type Figure,
  type HistoryEntry,
} from './definitions.ts';
import { firmDayOf, toDate } from '../../lib/dates.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/** Groupings of (job, source, creator): bit 1 keeps the job, 2 the source, 4 the creator; 0 sums all. */
export const GROUP_JOB = 1;
export const GROUP_SOURCE = 2;
export const GROUP_CREATOR = 4;
/**
 * The groupings analytics_daily keeps, per figure. Stage counts and time in stage: all candidates and each
 * source, the groupings many candidates share (a filter naming jobs or a creator sums those candidates'
 * own rows in analytics_candidates instead). Time to hire also per job and per (job, source): the table of
 * every job's time to hire. Activity: for everyone, and over an employee's jobs and own candidates.
 */
const COHORT_GROUPINGS = [0, GROUP_SOURCE] as const;
const HIRE_GROUPINGS = [0, GROUP_JOB, GROUP_SOURCE, GROUP_JOB | GROUP_SOURCE] as const;
export const ACTIVITY_GROUPINGS = [0, GROUP_JOB, GROUP_JOB | GROUP_CREATOR] as const;
/** The groupings a filter can read from analytics_daily (stage counts and time in stage). */
export const DAILY_GROUPINGS: ReadonlySet<number> = new Set(COHORT_GROUPINGS);

/**
 * Time grains: 'day' rows ('YYYY-MM-DD') and 'month' rows ('YYYY-MM') of the same sums. Activity is read by
 * week, so it keeps day rows only.
 */
export type Grain = 'day' | 'month';
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * Durations (time in stage, time to hire) are histograms: a row holds LANES adjacent buckets, `detail` is
 * the bucket divided by LANES and `n0`…`n15` the counts, so that a month of one job's durations is a few
 * rows rather than one a bucket. The other figures count in `n0`.
 */
export const LANES = 16;
export const COUNT_COLUMNS = Array.from({ length: LANES }, (_, lane) => `n${lane}`);
const HISTOGRAM_FIGURES: ReadonlySet<string> = new Set(['stay', 'hire']);

const KEY_COLUMNS = [
  'grouping',
  'figure',
  'source',
  'grain',
  'day',
  'job_id',
  'creator_id',
  'stage',
  'detail',
];
const SEP = '\u0000';

/** Adds a candidate's contributions (times `sign`) to `sums`, per grouping and grain, keyed in column order. */
function addContributions(
  sums: Map<string, number>,
  candidate: CountedCandidate,
  contributions: readonly Contribution[],
  sign: number,
) {
  const sourceOf = (grouping: number) => (grouping & GROUP_SOURCE ? candidate.source : '');
  const jobAndCreator = (grouping: number) =>
    [grouping & GROUP_JOB ? candidate.jobId : 0, grouping & GROUP_CREATOR ? candidate.creatorId : 0].join(
      SEP,
    );
  const bump = (key: string) => sums.set(key, (sums.get(key) ?? 0) + sign);
  for (const c of contributions) {
    const activity = ACTIVITY_FIGURES.has(c.figure);
    const groupings = activity ? ACTIVITY_GROUPINGS : c.figure === 'hire' ? HIRE_GROUPINGS : COHORT_GROUPINGS;
    for (const grouping of groupings) {
      const histogram = HISTOGRAM_FIGURES.has(c.figure);
      const detail = histogram ? String(Math.floor(Number(c.detail) / LANES)) : c.detail;
      const lane = histogram ? Number(c.detail) % LANES : 0;
      const key = (grain: Grain, day: string) =>
        [
          grouping,
          c.figure,
          sourceOf(grouping),
          grain,
          day,
          jobAndCreator(grouping),
          c.stage,
          detail,
          lane,
        ].join(SEP);
      bump(key('day', c.day));
      if (!activity) bump(key('month', monthOf(c.day)));
    }
  }
}

/**
 * Adds the sums to analytics_daily in one statement a batch, in key order (two changes lock shared rows in
 * the same order, so they never wait on each other in a circle); sums that cancel out are skipped. Without
 * `upsert` (a rebuild's first write into an empty table) the rows are plain inserts.
 */
async function applySums(trx: Db, sums: Map<string, number>, upsert = true) {
  // The sums are kept per lane (the key's last part): a row's lanes side by side.
  const rows = new Map<string, number[]>();
  for (const [key, n] of sums) {
    if (n === 0) continue;
    const cut = key.lastIndexOf(SEP);
    const row = key.slice(0, cut);
    let lanes = rows.get(row);
    if (!lanes) rows.set(row, (lanes = new Array<number>(LANES).fill(0)));
    lanes[Number(key.slice(cut + 1))]! += n;
  }
  const keys = [...rows.keys()].sort();
  if (keys.length === 0) return;
  const onConflict = !upsert
    ? ''
    : isSqlite(trx as Knex)
      ? `ON CONFLICT (${KEY_COLUMNS.join(', ')}) DO UPDATE SET ${COUNT_COLUMNS.map((n) => `${n} = ${n} + excluded.${n}`).join(', ')}`
      : `ON DUPLICATE KEY UPDATE ${COUNT_COLUMNS.map((n) => `${n} = ${n} + VALUES(${n})`).join(', ')}`;
  const tuple = `(${[...KEY_COLUMNS, ...COUNT_COLUMNS].map(() => '?').join(', ')})`;
  const batch = rowsPerInsert(trx as Knex, 2000);
  for (let i = 0; i < keys.length; i += batch) {
    const slice = keys.slice(i, i + batch);
    const values = slice.flatMap((key) => {
      const [grouping, figure, source, grain, day, job, creator, stage, detail] = key.split(SEP);
      return [
        Number(grouping),
        figure,
        source,
        grain,
        day,
        Number(job),
        Number(creator),
        stage,
        detail,
        ...rows.get(key)!,
      ];
    });
    await trx.raw(
      `INSERT INTO analytics_daily (${[...KEY_COLUMNS, ...COUNT_COLUMNS].join(', ')}) VALUES ${slice.map(() => tuple).join(', ')} ${onConflict}`,
      values as Knex.RawBinding[],
    );
  }
}

/**
 * A candidate's own figures as analytics_candidates keeps them (`figures`): its applied day, then one entry
 * a contribution other than activity, `figure,stage,detail`, with `,day` for time in stage (the others
 * count on the applied day).
 */
function encodeFigures(applied: string, contributions: readonly Contribution[]): string {
  const entries = contributions
    .filter((c) => !ACTIVITY_FIGURES.has(c.figure))
    .map((c) => `${c.figure},${c.stage},${c.detail}${c.figure === 'stay' ? `,${c.day}` : ''}`);
  return [applied, ...entries].join(';');
}

/** The contributions a candidate's `figures` holds (those of `encodeFigures`). */
export function decodeFigures(figures: string): Contribution[] {
  const [applied, ...entries] = figures.split(';');
  return entries.map((entry) => {
    const [figure, stage, detail, day] = entry.split(',');
    return { figure: figure as Figure, stage: stage!, detail: detail!, day: day ?? applied! };
  });
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
  { contributions, stageSince }: { contributions: Contribution[]; stageSince: Date | null },
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
  figures: encodeFigures(firmDayOf(candidate.appliedAt), contributions),
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
 * Reads the candidates in id order, a chunk at a time; the sums are written when they grow large (the
 * first time as plain inserts into the emptied table), and the candidates' rows at the end, in the
 * table's order (by job), so that each insert appends rather than splits pages of a large table.
 */
export async function rebuildAnalytics(db: Knex, { chunk = 5000, flushAt = 2_000_000 } = {}) {
  await db('analytics_daily').truncate();
  await db('analytics_candidates').truncate();
  const sums = new Map<string, number>();
  const facts: ReturnType<typeof factsRow>[] = [];
  let flushed = false;
  let after = 0;
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
    for (const row of rows) {
      const id = Number(row.id);
      const candidate = toCandidate(row);
      const list = entries.get(id) ?? [];
      const figures = candidateFigures(candidate, list);
      addContributions(sums, candidate, figures.contributions, 1);
      facts.push(factsRow(id, candidate, figures, list.length ? list[list.length - 1]!.id : 0));
    }
    if (sums.size >= flushAt) {
      await applySums(db, sums, flushed);
      sums.clear();
      flushed = true;
    }
  }
  await applySums(db, sums, flushed);
  facts.sort((a, b) => a.job_id - b.job_id || a.candidate_id - b.candidate_id);
  const batch = rowsPerInsert(db, 2000);
  for (let i = 0; i < facts.length; i += batch)
    await db('analytics_candidates').insert(facts.slice(i, i + batch));
  return { candidates: facts.length };
}

/** Whether some candidate is not counted yet (rows written around the service, or a database from before). */
export async function needsRebuild(db: Knex): Promise<boolean> {
  const counted = await db('analytics_candidates').first('candidate_id');
  if (counted) return false;
  return Boolean(await db('candidates').first('id'));
}
