/**
 * The pipeline figures kept with every change, in the change's transaction, and rebuilt from the history
 * (`npm run analytics:rebuild`). A change takes back everything the candidate counted for as last counted
 * (`analytics_candidates`: its job, source, creator and status then, and the history entries counted) and
 * adds what it counts for now: both come from `candidateFigures`, so the kept sums always equal a rebuild.
 * The sums go to analytics_daily for the groupings many candidates share, as day and month rows; each
 * candidate's own figures go to its analytics_candidates row, which the filters naming jobs or a creator sum.
 */
import type { Knex } from 'knex';
import { onConflictAdd, rowsPerInsert } from '../../db/dialect.ts';
import { ANALYTICS_STAGES } from '@portal/contracts';
import {
  ACTIVITY_FIGURES,
  candidateFigures,
  stageIndex,
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
/**
 * Kept as month rows only: one (job, source) a day is a row a hire (most of the table); the days of a
 * range's partial months sum that source's candidates who applied on them.
 */
export const MONTHS_ONLY_GROUPING = GROUP_JOB | GROUP_SOURCE;
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

/** Sums per row of analytics_daily (keyed by its key columns, in order): the key's values and its lanes. */
type Sum = { key: [number, string, string, Grain, string, number, number, string, string]; lanes: number[] };
type Sums = Map<string, Sum>;

/** The sum of a row of analytics_daily in `sums`, new (all lanes zero) if it has none yet. */
function sumOf(sums: Sums, key: Sum['key']): Sum {
  // The key's columns as one string (a rebuild makes millions of them).
  const id = key.join(SEP);
  let sum = sums.get(id);
  if (!sum) sums.set(id, (sum = { key, lanes: new Array<number>(LANES).fill(0) }));
  return sum;
}

/**
 * Adds a candidate's contributions (times `sign`) to `sums`, as day rows per grouping; `withMonths` adds
 * the month rows they make up.
 */
function addContributions(
  sums: Sums,
  candidate: CountedCandidate,
  contributions: readonly Contribution[],
  sign: number,
) {
  for (const c of contributions) {
    const activity = ACTIVITY_FIGURES.has(c.figure);
    const groupings = activity ? ACTIVITY_GROUPINGS : c.figure === 'hire' ? HIRE_GROUPINGS : COHORT_GROUPINGS;
    const histogram = HISTOGRAM_FIGURES.has(c.figure);
    const bucket = histogram ? Number(c.detail) : 0;
    const detail = histogram ? String(Math.floor(bucket / LANES)) : c.detail;
    for (const grouping of groupings) {
      const source = grouping & GROUP_SOURCE ? candidate.source : '';
      const job = grouping & GROUP_JOB ? candidate.jobId : 0;
      const creator = grouping & GROUP_CREATOR ? candidate.creatorId : 0;
      const key: Sum['key'] = [grouping, c.figure, source, 'day', c.day, job, creator, c.stage, detail];
      sumOf(sums, key).lanes[bucket % LANES]! += sign;
    }
  }
}

/**
 * The day rows' sums with the month rows they make up (activity keeps day rows only, and the grouping of
 * months only drops its day rows).
 */
function withMonths(sums: Sums): Sums {
  const all: Sums = new Map();
  for (const [id, sum] of sums) {
    const [grouping, figure, source, , day, job, creator, stage, detail] = sum.key;
    if (!ACTIVITY_FIGURES.has(figure as Figure)) {
      const month = sumOf(all, [
        grouping,
        figure,
        source,
        'month',
        monthOf(day),
        job,
        creator,
        stage,
        detail,
      ]);
      for (let lane = 0; lane < LANES; lane++) month.lanes[lane]! += sum.lanes[lane]!;
      if (grouping === MONTHS_ONLY_GROUPING) continue;
    }
    all.set(id, sum);
  }
  return all;
}

/**
 * Adds the day sums and the month sums they make up to analytics_daily, in one statement a batch, in key
 * order (two changes lock shared rows in the same order, so they never wait on each other in a circle);
 * sums that cancel out are skipped. Without `upsert` (a rebuild's first write into an empty table) the
 * rows are plain inserts. The numbers (computed here) are written into the statement, the strings bound.
 */
async function applySums(trx: Db, daySums: Sums, upsert = true) {
  const sums = withMonths(daySums);
  const ids = [...sums.keys()].filter((id) => sums.get(id)!.lanes.some((n) => n !== 0)).sort();
  if (ids.length === 0) return;
  const onConflict = !upsert ? '' : onConflictAdd(trx, KEY_COLUMNS, COUNT_COLUMNS);
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new Error(`analytics_daily: ${n} is not a whole number`);
    return n;
  };
  const batch = rowsPerInsert(trx as Knex, 2000);
  for (let i = 0; i < ids.length; i += batch) {
    const tuples: string[] = [];
    const values: string[] = [];
    for (const id of ids.slice(i, i + batch)) {
      const { key, lanes } = sums.get(id)!;
      const [grouping, figure, source, grain, day, job, creator, stage, detail] = key;
      tuples.push(
        `(${int(grouping)}, ?, ?, ?, ?, ${int(job)}, ${int(creator)}, ?, ?, ${lanes.map(int).join(', ')})`,
      );
      values.push(figure, source, grain, day, stage, detail);
    }
    await trx.raw(
      `INSERT INTO analytics_daily (${[...KEY_COLUMNS, ...COUNT_COLUMNS].join(', ')}) VALUES ${tuples.join(', ')} ${onConflict}`,
      values,
    );
  }
}

/** The figures' letters in a candidate's `figures` (kept short: a job's figures read all its candidates). */
export const FIGURE_LETTERS: Record<'top' | 'current' | 'rejected' | 'stay' | 'hire', string> = {
  top: 't',
  current: 'c',
  rejected: 'r',
  stay: 's',
  hire: 'h',
};
const LETTER_FIGURES = new Map(Object.entries(FIGURE_LETTERS).map(([figure, letter]) => [letter, figure]));

/**
 * A candidate's own figures as analytics_candidates keeps them (`figures`): its applied day, then one entry
 * a contribution other than activity, `letter,stage,detail` (the figure's letter, the stage's place in the
 * order), with `,day` for time in stage (the others count on the applied day).
 */
function encodeFigures(applied: string, contributions: readonly Contribution[]): string {
  const entries = contributions
    .filter((c) => !ACTIVITY_FIGURES.has(c.figure))
    .map(
      (c) =>
        `${FIGURE_LETTERS[c.figure as keyof typeof FIGURE_LETTERS]},${stageIndex(c.stage)},${c.detail}${c.figure === 'stay' ? `,${c.day}` : ''}`,
    );
  return [applied, ...entries].join(';');
}

/** One entry of a candidate's `figures` (see encodeFigures); `day` is a stay's end, else `applied`. */
export function decodeEntry(entry: string, applied = ''): Contribution {
  const [letter, stage, detail, day] = entry.split(',');
  return {
    figure: LETTER_FIGURES.get(letter!) as Figure,
    stage: ANALYTICS_STAGES[Number(stage)]!,
    detail: detail!,
    day: day ?? applied,
  };
}

/** The contributions a candidate's `figures` holds (those of `encodeFigures`). */
export function decodeFigures(figures: string): Contribution[] {
  const [applied, ...entries] = figures.split(';');
  return entries.map((entry) => decodeEntry(entry, applied));
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

const COUNTED_COLUMNS = ['job_id', 'source', 'creator_id', 'applied_at', 'status', 'counted_through'];

/**
 * What a recount reads: the candidates as last counted (`before`: analytics_candidates), as they are now
 * (`rows`: candidates, none when deleted) and their history. One query for a change's candidates (a row
 * per history entry, each with its candidate's columns); those it does not find (a candidate counted but
 * gone) are read as counted alone.
 */
async function readForRecount(trx: Db, ids: number[], deleted: boolean) {
  if (deleted) {
    const before = (await trx('analytics_candidates')
      .whereIn('candidate_id', ids)
      .select('candidate_id', ...COUNTED_COLUMNS)) as Row[];
    const history = (await trx('candidate_history')
      .whereIn('candidate_id', ids)
      .select(HISTORY_COLUMNS)) as Row[];
    return { before, rows: [] as Row[], history };
  }
  const joined = (await trx('candidates as c')
    .leftJoin('analytics_candidates as a', 'a.candidate_id', 'c.id')
    .leftJoin('candidate_history as h', 'h.candidate_id', 'c.id')
    .whereIn('c.id', ids)
    .select(
      ...CANDIDATE_COLUMNS.map((column) => `c.${column}`),
      'a.candidate_id as counted_id',
      ...COUNTED_COLUMNS.map((column) => `a.${column} as counted_${column}`),
      ...HISTORY_COLUMNS.map((column) => `h.${column} as history_${column}`),
    )) as Row[];
  const rows = new Map<number, Row>();
  const before: Row[] = [];
  const history: Row[] = [];
  const columnsOf = (row: Row, prefix: string, columns: string[]) =>
    Object.fromEntries(columns.map((column) => [column, row[`${prefix}${column}`]]));
  for (const row of joined) {
    const id = Number(row.id);
    if (!rows.has(id)) {
      rows.set(id, row);
      if (row.counted_id !== null && row.counted_id !== undefined)
        before.push({ candidate_id: id, ...columnsOf(row, 'counted_', COUNTED_COLUMNS) });
    }
    if (row.history_id !== null && row.history_id !== undefined)
      history.push(columnsOf(row, 'history_', HISTORY_COLUMNS));
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
 * Reads the candidates in id order, a chunk at a time, and writes their rows as it goes; the sums are
 * written when they grow large (the first time as plain inserts into the emptied table, in key order).
 */
export async function rebuildAnalytics(db: Knex, { chunk = 5000, flushAt = 2_000_000 } = {}) {
  await db('analytics_daily').truncate();
  await db('analytics_candidates').truncate();
  /** The next chunk of candidates after `after`, with their history. */
  const read = async (after: number) => {
    const rows = (await db('candidates')
      .where('id', '>', after)
      .orderBy('id')
      .limit(chunk)
      .select(CANDIDATE_COLUMNS)) as Row[];
    if (rows.length === 0) return null;
    const history = (await db('candidate_history')
      .whereBetween('candidate_id', [Number(rows[0]!.id), Number(rows[rows.length - 1]!.id)])
      .select(HISTORY_COLUMNS)) as Row[];
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
    next = read(Number(current.rows[current.rows.length - 1]!.id));
    next.catch(() => {}); // awaited in the next round; a failure is thrown there
    const facts = [];
    for (const row of current.rows) {
      const id = Number(row.id);
      const candidate = toCandidate(row);
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
