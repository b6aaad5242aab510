import { INTERVIEW_ROUNDS, PIPELINE_STEPS, type Candidate } from '@portal/contracts';

const SHORTLISTING: string = INTERVIEW_ROUNDS[0];
const SELECTED = 'Selected';
const same = (a: string, b: string | null | undefined) => a.toLowerCase() === b?.trim().toLowerCase();

/**
 * The candidate's step indicator: the rounds its job is set up with (in the usual order of rounds, a
 * rejection not being a step), or the usual rounds for a job set up with none; and the step reached, where
 * -1 is none yet and `steps.length` is every step done.
 *
 * The step comes from the round recorded on the candidate when it names one of these, otherwise from the
 * status: shortlisted stands at shortlisting (at none when the job has no such step), interviewed at the
 * job's first interview (at shortlisting when it has none), selected at "Selected" (past the last round when
 * the job has no such step), joined past every step; applied, screening and rejected at none.
 */
export function interviewSteps(c: Pick<Candidate, 'current_round' | 'status' | 'job'>): {
  steps: string[];
  current: number;
} {
  const configured = c.job.interviewRounds;
  const chosen = INTERVIEW_ROUNDS.filter(
    (round) => round !== 'Rejected' && configured.some((r) => same(round, r)),
  );
  const steps: string[] = chosen.length > 0 ? chosen : [...PIPELINE_STEPS];
  const at = (name: string) => steps.findIndex((s) => same(s, name));

  const recorded = steps.findIndex((s) => same(s, c.current_round));
  if (recorded >= 0) return { steps, current: recorded };
  const interviews = steps.findIndex((s) => !same(s, SHORTLISTING) && !same(s, SELECTED));
  switch (c.status) {
    case 'shortlisted':
      return { steps, current: at(SHORTLISTING) };
    case 'interviewed':
      return { steps, current: interviews >= 0 ? interviews : at(SHORTLISTING) };
    case 'selected':
      return { steps, current: at(SELECTED) >= 0 ? at(SELECTED) : steps.length };
    case 'joined':
      return { steps, current: steps.length };
    default:
      return { steps, current: -1 };
  }
}
