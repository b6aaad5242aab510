/**
 * The sums one pipeline analytics answer is made of, added up from whichever rows each part of the caller's
 * candidates is read from (analytics_daily's sums or the candidates' own figures), then turned into the
 * answer's tables: the funnel, time in stage, time to hire (in all and per job) and the sources.
 */
import {
  ANALYTICS_STAGES,
  CANDIDATE_LIST_SOURCES,
  REJECTION_REASONS,
  type PipelineAnalytics,
  type StageFigures,
} from '@portal/contracts';
import { ANALYTICS_DEFINITIONS, quantileDays } from './definitions.ts';

/** The sources the figures list, in the forms' order. */
export const SOURCES = [...CANDIDATE_LIST_SOURCES];
const HIRE_STAGES = ['selected', 'joined'] as const;

const histogram = () => new Map<number, number>();
const durations = (buckets: Map<number, number>) => ({
  medianDays: quantileDays(buckets, 0.5),
  p75Days: quantileDays(buckets, 0.75),
  count: [...buckets.values()].reduce((a, b) => a + b, 0),
});

/** The counts kept for `key` in `tallies` (new and empty the first time). */
export function tallyOf<K>(tallies: Map<K, Map<string, number>>, key: K): Map<string, number> {
  let counts = tallies.get(key);
  if (!counts) tallies.set(key, (counts = new Map()));
  return counts;
}

/** Adds `n` to `key`'s count (a histogram's bucket, a stage's sum); nothing when there are no counts. */
export function add<K>(counts: Map<K, number> | undefined, key: K, n: number) {
  if (!counts) return;
  counts.set(key, (counts.get(key) ?? 0) + n);
}

/** Reached a stage: the candidates whose furthest stage (`tops`) is that one or a later one. */
const reachedOf = (tops: (stage: string) => number, index: number) =>
  ANALYTICS_STAGES.slice(index).reduce((a, s) => a + tops(s), 0);

export class PipelineTally {
  /** The funnel's sums, keyed figure|stage|reason (the reason for rejections only). */
  private readonly count = new Map<string, number>();
  private readonly stays = new Map(ANALYTICS_STAGES.map((s) => [s, histogram()]));
  private readonly hires = new Map(HIRE_STAGES.map((s) => [s, histogram()]));
  private readonly byJob = new Map<number, Map<string, Map<number, number>>>();
  private readonly bySource = new Map<string, Map<string, number>>();
  /** Candidates per stage who entered it recently: the rest of those in the stage are stale. */
  private readonly fresh = new Map<string, number>();

  /** A sum of one figure: into the funnel, time in stage or time to hire. */
  addFigure(figure: string, stage: string, detail: string, n: number) {
    if (figure === 'stay') add(this.stays.get(stage as never), Number(detail), n);
    else if (figure === 'hire') add(this.hires.get(stage as never), Number(detail), n);
    else add(this.count, `${figure}|${stage}|${figure === 'rejected' ? detail : ''}`, n);
  }

  /** A sum of one job's time to hire. */
  addJobHire(job: number, stage: string, detail: string, n: number) {
    let stages = this.byJob.get(job);
    if (!stages) this.byJob.set(job, (stages = new Map(HIRE_STAGES.map((s) => [s, histogram()]))));
    add(stages.get(stage), Number(detail), n);
  }

  /** A sum of one source's candidates whose furthest stage is `stage`. */
  addSourceTop(source: string, stage: string, n: number) {
    add(tallyOf(this.bySource, source), stage, n);
  }

  addFresh(stage: string, n: number) {
    add(this.fresh, stage, n);
  }

  /** The jobs time to hire is given for, whose titles the answer names. */
  jobIds(): number[] {
    return [...this.byJob.keys()];
  }

  /** The answer, with the titles of `jobIds()`. */
  figures(titles: Map<number, string>): PipelineAnalytics {
    return {
      stages: ANALYTICS_STAGES.map((status, index) => this.stage(status, index)),
      timeToHire: {
        selected: durations(this.hires.get('selected')!),
        joined: durations(this.hires.get('joined')!),
        byJob: [...this.byJob.entries()]
          .sort(([a], [b]) => a - b)
          .map(([jobId, hire]) => ({
            jobId,
            title: titles.get(jobId) ?? '',
            selected: durations(hire.get('selected')!),
            joined: durations(hire.get('joined')!),
          })),
      },
      sources: SOURCES.filter((s) => this.bySource.has(s)).map((source) => {
        const tops = this.bySource.get(source)!;
        const reached = (stage: string) =>
          reachedOf((s) => tops.get(s) ?? 0, ANALYTICS_STAGES.indexOf(stage as never));
        return {
          source,
          candidates: reached('applied'),
          shortlisted: reached('shortlisted'),
          interviewed: reached('interviewed'),
          selected: reached('selected'),
          joined: reached('joined'),
        };
      }),
      definitions: ANALYTICS_DEFINITIONS,
    };
  }

  private stage(status: (typeof ANALYTICS_STAGES)[number], index: number): StageFigures {
    const top = (s: string) => this.count.get(`top|${s}|`) ?? 0;
    const reached = reachedOf(top, index);
    const passed = reachedOf(top, index + 1);
    const current = this.count.get(`current|${status}|`) ?? 0;
    const rejectionReasons = REJECTION_REASONS.map((reason) => ({
      reason,
      count: this.count.get(`rejected|${status}|${reason}`) ?? 0,
    })).filter((r) => r.count > 0);
    const stay = durations(this.stays.get(status)!);
    return {
      status,
      reached,
      passed,
      rejected: rejectionReasons.reduce((a, r) => a + r.count, 0),
      // The last stage (joined) has no later one to pass into: no rate, rather than a 0 % that reads
      // as every hire failing.
      passRate: reached > 0 && index < ANALYTICS_STAGES.length - 1 ? passed / reached : null,
      rejectionReasons,
      current,
      stale: Math.max(0, current - (this.fresh.get(status) ?? 0)),
      medianDays: stay.medianDays,
      p75Days: stay.p75Days,
    };
  }
}
