/**
 * What each pipeline figure counts, in words (sent with every answer and shown beside each figure) and in
 * code: `candidateFigures` turns one candidate and its history into everything it adds to the figures.
 * The aggregates kept with each change and the rebuild from the history both call it, so they agree.
 */
import {
  ANALYTICS_STAGES,
  REJECTION_REASONS,
  REJECTION_STAGES,
  STALE_AFTER_DAYS,
  type AnalyticsStage,
} from '@portal/contracts';
import { firmDayOf } from '../../lib/dates.ts';

/**
 * The rejection dialog's stages as stages of the order: the screening call is the screening stage, the
 * technical round is where shortlisted candidates are interviewed first, and the HR and final rounds come
 * after the interviews.
 */
export const REJECTION_STAGE_STATUS: Record<(typeof REJECTION_STAGES)[number], AnalyticsStage> = {
  'Initial Screening': 'screening',
  'Technical Round': 'shortlisted',
  'HR Round': 'interviewed',
  'Final Round': 'interviewed',
};

const mapping = Object.entries(REJECTION_STAGE_STATUS)
  .map(([from, to]) => `${from} → ${to}`)
  .join(', ');

export const ANALYTICS_DEFINITIONS: Record<string, string> = {
  stages: `The stages in order are ${ANALYTICS_STAGES.join(', ')}. Rejected is an outcome, not a stage.`,
  cohort:
    'From and To pick candidates by the day they applied (were added), in the firm’s time zone; reached, passed, rejected, current, stale, sources and time to hire count those candidates. Deleted candidates leave every figure.',
  reached:
    'Candidates whose history ever entered this stage or a later one: every candidate reaches applied, and a stage skipped on the way counts as reached. A rejection counts as reaching the stage it was made from. Imported candidates enter at their imported status on the day they were imported.',
  passed: 'Candidates who reached a later stage than this one (a skipped stage counts as passed).',
  passRate: `Passed divided by reached; none for ${ANALYTICS_STAGES[ANALYTICS_STAGES.length - 1]}, the last stage, which has no later one to pass into.`,
  rejected: `Candidates rejected now whose rejection was made from this stage (the rejection’s stage: ${mapping}). A candidate taken back out of rejected no longer counts.`,
  rejectionReasons: 'The same rejected candidates, by the reason given.',
  current: 'Candidates whose status is this stage now.',
  stale: `Of those, the ones that entered the stage more than ${STALE_AFTER_DAYS} days ago.`,
  medianDays:
    'Time in stage: for each candidate whose last stay in the stage ended in the period (From–To, by the day it ended), the sum of all its stays there; the median over those candidates, in days. A stay starts when the candidate enters the stage and ends at its next change of status (forwards, backwards or a rejection); a return starts a new stay. A stay still open is not counted.',
  p75Days: 'The same, at the 75th percentile (three in four candidates spent at most this long).',
  timeToHire:
    'Days from applying (being added) to the first entry into selected or a later stage, and to the first entry into joined; median and 75th percentile, per job and overall.',
  sources:
    'Per source: the candidates, and how many of them reached shortlisted, interviewed, selected and joined (reached as above).',
  activity:
    'Status changes per person per week (Monday to Sunday, in the firm’s time zone): moves are changes to another stage, rejections are changes to rejected. Deleted candidates’ changes leave the figures.',
  accuracy:
    'Durations are kept as log-scale histograms (buckets 10 % wide), so medians and percentiles are read to within 5 %; durations under a minute count as zero.',
};

/** Durations shorter than this many seconds fall in bucket 0 (read as zero). */
const BUCKET_FLOOR_SECONDS = 60;
/** Each bucket's upper bound is this many times its lower one: reading its middle is within 5 %. */
const BUCKET_RATIO = 1.1;
const LOG_RATIO = Math.log(BUCKET_RATIO);

/** The histogram bucket of a duration in seconds: 0 under a minute, then 10 % wide buckets. */
export function bucketOf(seconds: number): number {
  if (!(seconds >= BUCKET_FLOOR_SECONDS)) return 0;
  return 1 + Math.floor(Math.log(seconds / BUCKET_FLOOR_SECONDS) / LOG_RATIO);
}

/** The value a bucket is read as, in seconds: the geometric middle of its bounds. */
export function bucketSeconds(bucket: number): number {
  return bucket <= 0 ? 0 : BUCKET_FLOOR_SECONDS * BUCKET_RATIO ** (bucket - 0.5);
}

/** The `q` quantile (nearest rank) of a histogram, in days; null when it is empty. */
export function quantileDays(buckets: Map<number, number>, q: number): number | null {
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket)!;
    if (seen >= rank) return Math.round((bucketSeconds(bucket) / 86_400) * 100) / 100;
  }
  return null;
}

export const stageIndex = (status: string | null | undefined): number =>
  ANALYTICS_STAGES.indexOf(status as AnalyticsStage);

/** The stage a rejection was made from: its `stage` mapped to the order, else the status it left. */
export function rejectedFrom(entry: { stage: string | null; from_status: string | null }): AnalyticsStage {
  const mapped = REJECTION_STAGE_STATUS[entry.stage as keyof typeof REJECTION_STAGE_STATUS];
  if (mapped) return mapped;
  return stageIndex(entry.from_status) >= 0 ? (entry.from_status as AnalyticsStage) : 'applied';
}

/** A candidate as the figures group it. `creatorId` 0: added by no account (the careers pages). */
export interface CountedCandidate {
  jobId: number;
  source: string;
  creatorId: number;
  appliedAt: Date;
  status: string;
}

export interface HistoryEntry {
  id: number;
  from_status: string | null;
  to_status: string;
  changed_by_id: number | null;
  changed_at: Date;
  reason: string | null;
  stage: string | null;
}

/**
 * The figures a `figure` row of analytics_daily holds. `top`: candidates by the furthest stage they
 * reached (reached(s) adds up those at s and after; passed(s) is reached of the next stage).
 */
export type Figure = 'top' | 'current' | 'rejected' | 'stay' | 'hire' | 'move' | 'rejection';

/** Figures counted per person (activity): kept only in the groupings a caller's scope reads. */
export const ACTIVITY_FIGURES: ReadonlySet<Figure> = new Set(['move', 'rejection']);

/** One thing a candidate adds to the daily sums: its day, figure, stage and detail (reason, bucket, user). */
export interface Contribution {
  day: string;
  figure: Figure;
  stage: string;
  detail: string;
}

const SELECTED = stageIndex('selected');
const JOINED = stageIndex('joined');
const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

/**
 * Everything one candidate adds to the figures, from its history in the order it was written, and when
 * its current stay began (null when rejected). The definitions above, in code.
 */
export function candidateFigures(
  candidate: CountedCandidate,
  history: readonly HistoryEntry[],
): { contributions: Contribution[]; stageSince: Date | null } {
  const applied = firmDayOf(candidate.appliedAt);
  const out: Contribution[] = [];
  const add = (day: string, figure: Figure, stage: string, detail = '') =>
    out.push({ day, figure, stage, detail });

  let highest = 0;
  let lastRejection: HistoryEntry | null = null;
  let firstSelected: Date | null = null;
  let firstJoined: Date | null = null;
  // Stays: the open one, and per stage the total of the ended ones and when the last of them ended.
  let open: { stage: AnalyticsStage; since: Date } | null = null;
  const stays = new Map<AnalyticsStage, { seconds: number; endedAt: Date }>();

  for (const entry of history) {
    const to = entry.to_status;
    const index = stageIndex(to);
    if (to === 'rejected') {
      lastRejection = entry;
      highest = Math.max(highest, stageIndex(rejectedFrom(entry)));
    } else if (index >= 0) {
      highest = Math.max(highest, index);
      if (index >= SELECTED && !firstSelected) firstSelected = entry.changed_at;
      if (index >= JOINED && !firstJoined) firstJoined = entry.changed_at;
    }
    if (open && open.stage !== to) {
      const stay = stays.get(open.stage) ?? { seconds: 0, endedAt: entry.changed_at };
      stay.seconds += seconds(open.since, entry.changed_at);
      stay.endedAt = entry.changed_at;
      stays.set(open.stage, stay);
      open = null;
    }
    if (!open && index >= 0) open = { stage: to as AnalyticsStage, since: entry.changed_at };
    if (entry.from_status !== null && entry.from_status !== to && entry.changed_by_id !== null) {
      add(
        firmDayOf(entry.changed_at),
        to === 'rejected' ? 'rejection' : 'move',
        '',
        String(entry.changed_by_id),
      );
    }
  }

  add(applied, 'top', ANALYTICS_STAGES[highest]!);
  if (stageIndex(candidate.status) >= 0) add(applied, 'current', candidate.status);
  if (candidate.status === 'rejected') {
    const reason = REJECTION_REASONS.find((r) => r === lastRejection?.reason) ?? 'Other';
    add(applied, 'rejected', lastRejection ? rejectedFrom(lastRejection) : 'applied', reason);
  }
  for (const [stage, stay] of stays)
    add(firmDayOf(stay.endedAt), 'stay', stage, String(bucketOf(stay.seconds)));
  if (firstSelected)
    add(applied, 'hire', 'selected', String(bucketOf(seconds(candidate.appliedAt, firstSelected))));
  if (firstJoined)
    add(applied, 'hire', 'joined', String(bucketOf(seconds(candidate.appliedAt, firstJoined))));

  const stageSince = open && open.stage === candidate.status ? open.since : null;
  return { contributions: out, stageSince };
}
