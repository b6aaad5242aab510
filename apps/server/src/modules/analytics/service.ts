/**
 * Pipeline analytics as the screens read them: the funnel, time in stage, time to hire and sources
 * (`pipeline`), each person's moves and rejections per week (`activity`), and the same tables as a workbook;
 * and how clients answer review links (`clientResponse`, client-response.ts).
 * All candidates and one source are summed from analytics_daily (daily-sums.ts): month rows for the whole
 * months of the range, day rows for the rest. A filter that names jobs or a creator (and an employee's
 * scope) sums those candidates' own figures (analytics_candidates). The "stale" count reads the counted
 * candidates that entered their stage in the last days.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES,
  STALE_AFTER_DAYS,
  type ActivityQuery,
  type AnalyticsQuery,
  type PipelineAnalytics,
  type RecruiterActivity,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { createCandidateAccess } from '../candidates/access.ts';
import { findUserIds } from '../users/refs.ts';
import { DAILY_GROUPINGS } from './daily-sums.ts';
import { DAY_MS, daily, partsFor, periodsOf } from './parts.ts';
import {
  jobTitles,
  toActivitySum,
  userNames,
  type ActivitySumRow,
  type JobTitleRow,
  type UserNameRow,
} from './model.ts';
import { countFresh, sumCandidates, sumDaily } from './sums.ts';
import { PipelineTally } from './tally.ts';
import { analyticsWorkbook } from './workbook.ts';
import { createClientResponse } from './client-response.ts';

/** The Monday ('YYYY-MM-DD') of the ISO week a day falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}
export function createAnalyticsService({ db, now = () => new Date() }: { db: Knex; now?: () => Date }) {
  const { editableJobIds } = createCandidateAccess({ db });
  const { clientResponse } = createClientResponse({ db, editableJobIds });

  /** The creator filter as a user's row id; -1 (nobody) when it names no user. */
  async function creatorOf(ref: AnalyticsQuery['createdBy']): Promise<number | undefined> {
    if (ref === undefined) return undefined;
    const [id] = await findUserIds(db, [ref]);
    return id ?? -1;
  }

  async function pipeline(query: AnalyticsQuery, caller: Caller): Promise<PipelineAnalytics> {
    const { from, to } = query;
    if (from && to && from > to) throw invalid(CANDIDATE_MESSAGES.filterDateOrder);
    const creator = await creatorOf(query.createdBy);
    const parts = await partsFor(editableJobIds, caller, {
      jobId: query.jobId,
      source: query.source,
      creator,
    });
    const periods = periodsOf(from, to);
    const tally = new PipelineTally();
    const staleSince = new Date(now().getTime() - STALE_AFTER_DAYS * DAY_MS);
    await Promise.all(
      parts.flatMap((part) => [
        ...(DAILY_GROUPINGS.has(part.grouping)
          ? sumDaily(db, part, periods, tally)
          : [sumCandidates(db, part, query, tally)]),
        countFresh(db, part, query, staleSince, tally),
      ]),
    );
    const titles: JobTitleRow[] = await db('jobs').whereIn('id', tally.jobIds()).select('id', 'title');
    return tally.figures(jobTitles(titles));
  }

  async function activity(query: ActivityQuery, caller: Caller): Promise<RecruiterActivity> {
    const { from, to } = query;
    if (from && to && from > to) throw invalid(CANDIDATE_MESSAGES.filterDateOrder);
    const parts = await partsFor(editableJobIds, caller, {});
    const weeks = new Map<string, { week: string; userId: number; moves: number; rejections: number }>();
    for (const part of parts) {
      const rows: ActivitySumRow[] = await daily(db, part, { months: null, days: [[from, to]] })
        .whereIn('figure', ['move', 'rejection'])
        .groupBy('day', 'figure', 'detail')
        .select('day', 'figure', 'detail')
        .sum({ n: 'n0' });
      for (const { day, userId, figure, n } of rows.map(toActivitySum)) {
        const week = mondayOf(day);
        const key = `${week}|${userId}`;
        let entry = weeks.get(key);
        if (!entry) weeks.set(key, (entry = { week, userId, moves: 0, rejections: 0 }));
        if (figure === 'move') entry.moves += n;
        else entry.rejections += n;
      }
    }
    const users = [...new Set([...weeks.values()].map((w) => w.userId))];
    const named: UserNameRow[] = await db('users').whereIn('id', users).select('id', 'name', 'username');
    const names = userNames(named);
    return {
      weeks: [...weeks.values()]
        .filter((w) => w.moves + w.rejections > 0)
        .sort((a, b) => a.week.localeCompare(b.week) || a.userId - b.userId)
        .map((w) => ({ ...w, name: names.get(w.userId) ?? '' })),
    };
  }

  /** The pipeline's tables as one sheet each, with the definitions. */
  async function pipelineWorkbook(query: AnalyticsQuery, caller: Caller): Promise<Buffer> {
    return analyticsWorkbook(await pipeline(query, caller));
  }

  return { pipeline, activity, pipelineWorkbook, clientResponse };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
