/**
 * Each candidate's own figures, kept in its analytics_candidates row (which the filters naming jobs or a
 * creator sum): its job, source, creator and status as counted, and its contributions written as short text.
 */
import { ANALYTICS_STAGES } from '@portal/contracts';
import { firmDayOf } from '../../lib/dates.ts';
import {
  ACTIVITY_FIGURES,
  stageIndex,
  type Contribution,
  type CountedCandidate,
  type Figure,
} from './definitions.ts';

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

/** The stored row of a counted candidate. */
export const factsRow = (
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
