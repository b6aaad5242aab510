/**
 * The rows the pipeline figures read, and their decoders: the candidates and history a recount reads, the
 * sums of analytics_daily and the candidates' own figures (analytics_candidates) the answers add up.
 */
import type { CountedCandidate, HistoryEntry } from './definitions.ts';
import { toDate } from '../../lib/dates.ts';
import { int, intOrNull, total, type DbInt, type DbTime } from '../../lib/rows.ts';
import { LANES } from './daily-sums.ts';
import type { CandidateHistoryRow } from '../candidates/model.ts';

// ------------------------------------------------------------------ what a recount and a rebuild read

/** A row of `candidates`, the columns the figures group it by. */
export interface FactsCandidateRow {
  id: DbInt;
  job_id: DbInt;
  source: string;
  created_by_id: DbInt | null;
  created_at: DbTime;
  status: string;
}

/** A candidate as the figures count it now; added by no account (the careers pages), its creator is 0. */
export const toCountedCandidate = (row: FactsCandidateRow): CountedCandidate => ({
  jobId: int(row.job_id),
  source: row.source,
  creatorId: intOrNull(row.created_by_id) ?? 0,
  appliedAt: toDate(row.created_at),
  status: row.status,
});

/** A row of `analytics_candidates`, the columns that say how a candidate was last counted. */
export interface CountedRow {
  candidate_id: DbInt;
  job_id: DbInt;
  source: string;
  creator_id: DbInt;
  applied_at: DbTime;
  status: string;
  /** The last history entry counted. */
  counted_through: DbInt;
}

/** A candidate as last counted, and the last history entry counted then. */
export const toLastCounted = (row: CountedRow): { candidate: CountedCandidate; through: number } => ({
  candidate: {
    jobId: int(row.job_id),
    source: row.source,
    creatorId: int(row.creator_id),
    appliedAt: toDate(row.applied_at),
    status: row.status,
  },
  through: int(row.counted_through),
});

/** A row of `candidate_history`, the columns the figures read. */
export type HistoryRow = Pick<
  CandidateHistoryRow,
  'id' | 'candidate_id' | 'from_status' | 'to_status' | 'changed_by_id' | 'changed_at' | 'reason' | 'stage'
>;

export const toHistoryEntry = (row: HistoryRow): HistoryEntry => ({
  id: int(row.id),
  from_status: row.from_status ?? null,
  to_status: row.to_status,
  changed_by_id: intOrNull(row.changed_by_id),
  changed_at: toDate(row.changed_at),
  reason: row.reason ?? null,
  stage: row.stage ?? null,
});

/** A row's columns under other names: `prefix` + column. */
type Prefixed<Row, Prefix extends string> = {
  [Column in keyof Row & string as `${Prefix}${Column}`]: Row[Column];
};

/**
 * A recount's one query: a candidate, its analytics_candidates row as `counted_*` and one of its history
 * entries as `history_*` (left joins: the columns of a row it lacks are null, as `counted_id` and
 * `history_id` say).
 */
export type RecountRow = FactsCandidateRow & { counted_id: DbInt | null } & Prefixed<
    Omit<CountedRow, 'candidate_id'>,
    'counted_'
  > &
  Prefixed<HistoryRow, 'history_'>;

/** The candidate's analytics_candidates row in a recount's row, or null when it was not counted. */
export const countedOf = (row: RecountRow): CountedRow | null =>
  row.counted_id == null
    ? null
    : {
        candidate_id: row.id,
        job_id: row.counted_job_id,
        source: row.counted_source,
        creator_id: row.counted_creator_id,
        applied_at: row.counted_applied_at,
        status: row.counted_status,
        counted_through: row.counted_counted_through,
      };

/** The history entry in a recount's row, or null when the candidate has none. */
export const historyOf = (row: RecountRow): HistoryRow | null =>
  row.history_id == null
    ? null
    : {
        id: row.history_id,
        candidate_id: row.history_candidate_id,
        from_status: row.history_from_status,
        to_status: row.history_to_status,
        changed_by_id: row.history_changed_by_id,
        changed_at: row.history_changed_at,
        reason: row.history_reason,
        stage: row.history_stage,
      };

// ------------------------------------------------------------------ what the answers add up

/** The sums of analytics_daily's lanes, `n0`…`n15` (SUMs: strings on MySQL). */
export type LaneSums = { [lane: `n${number}`]: DbInt | null };

/** analytics_daily's sums per figure, stage and detail. */
export interface FigureSumRow extends LaneSums {
  figure: string;
  stage: string;
  detail: string;
}

/**
 * A summed row's counts as (detail, n): a histogram's buckets from its lanes (the bucket is its detail
 * × LANES + the lane), else its detail and n0.
 */
export function countsOf(row: FigureSumRow): [string, number][] {
  if (row.figure !== 'stay' && row.figure !== 'hire') return [[row.detail, total(row.n0)]];
  const first = int(row.detail) * LANES;
  const counts: [string, number][] = [];
  for (let lane = 0; lane < LANES; lane++) {
    const n = total(row[`n${lane}`]);
    if (n !== 0) counts.push([String(first + lane), n]);
  }
  return counts;
}

/** analytics_daily's time-to-hire sums per job, stage and detail. */
export interface JobHireSumRow extends LaneSums {
  job_id: DbInt;
  stage: string;
  detail: string;
}

/** A sum of analytics_daily's first lane (`n`) per the columns a query groups by. */
export interface CountSumRow {
  n: DbInt | null;
}

/** How many of a source's candidates have each stage as their furthest. */
export interface SourceTopRow extends CountSumRow {
  source: string;
  stage: string;
}

/** How many of a part's candidates entered each stage recently. */
export interface FreshRow extends CountSumRow {
  status: string;
}

/** A person's moves or rejections (`figure`) on a day; `detail` is the person's user id. */
export interface ActivitySumRow extends CountSumRow {
  day: string;
  figure: string;
  detail: string;
}

export const toActivitySum = (row: ActivitySumRow) => ({
  day: row.day,
  userId: int(row.detail),
  figure: row.figure,
  n: total(row.n),
});

/** A candidate's own figures (analytics_candidates.figures, see candidate-figures.ts) with its job and source. */
export interface CandidateFiguresRow {
  job_id: DbInt;
  source: string;
  figures: string;
}

/** A job's title, as the time-to-hire table names it. */
export interface JobTitleRow {
  id: DbInt;
  title: string;
}

export const jobTitles = (rows: JobTitleRow[]) => new Map(rows.map((r) => [int(r.id), r.title]));

/** A user's names, as the activity table names them (the username when the name is empty). */
export interface UserNameRow {
  id: DbInt;
  name: string;
  username: string;
}

export const userNames = (rows: UserNameRow[]) => new Map(rows.map((r) => [int(r.id), r.name || r.username]));
