import { describe, expect, it } from 'vitest';
import { PIPELINE_STEPS, type Candidate } from '@portal/contracts';
import { interviewSteps } from './interviewSteps.ts';

const job = (interviewRounds: string[]) => ({
  id: 1,
  title: 'T',
  type: 'Full-time',
  city: '',
  state: '',
  interviewRounds,
});
const of = (status: Candidate['status'], rounds: string[], current_round: string | null = null) =>
  interviewSteps({ status, current_round, job: job(rounds) });

describe("the candidate's step indicator", () => {
  it("shows the job's own rounds, in the usual order, a rejection not being a step", () => {
    const rounds = ['HR Round', 'Rejected', 'Technical Round 1', 'Shortlisting'];
    expect(of('applied', rounds)).toEqual({
      steps: ['Shortlisting', 'Technical Round 1', 'HR Round'],
      current: -1,
    });
  });

  it('shows the usual rounds for a job set up with none', () => {
    expect(of('applied', []).steps).toEqual([...PIPELINE_STEPS]);
  });

  it("marks the step the candidate's status stands at", () => {
    const rounds = ['Shortlisting', 'Technical Round 1', 'HR Round', 'Selected'];
    expect(of('screening', rounds).current).toBe(-1);
    expect(of('shortlisted', rounds).current).toBe(0);
    expect(of('interviewed', rounds).current).toBe(1);
    expect(of('selected', rounds).current).toBe(3);
    expect(of('joined', rounds).current).toBe(4);
    expect(of('rejected', rounds).current).toBe(-1);
    // A job without "Selected": a selected candidate has passed every round.
    expect(of('selected', ['Technical Round 2', 'HR Round']).current).toBe(2);
    // A job without shortlisting: an interviewed candidate is at its first interview.
    expect(of('interviewed', ['Technical Round 2', 'HR Round']).current).toBe(0);
    expect(of('shortlisted', ['Technical Round 2', 'HR Round']).current).toBe(-1);
  });

  it('follows the round recorded on the candidate when the job has it', () => {
    const rounds = ['Shortlisting', 'Technical Round 1', 'HR Round'];
    expect(of('interviewed', rounds, 'hr round').current).toBe(2);
    // A round the job does not have: the status decides.
    expect(of('interviewed', rounds, 'Technical Round 2').current).toBe(1);
  });
});
