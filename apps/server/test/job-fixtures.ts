import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidatePositions } from '../src/modules/candidates/positions.ts';
import { rebuildCandidateWords } from '../src/modules/candidates/search.ts';
import { randomUUID } from 'node:crypto';
import type { Job, JobCreate } from '@portal/contracts';
import { auth, type TestContext } from './helper.ts';

/** 'YYYY-MM-DD', `days` from today (UTC; far enough from the edges to be the same date in India). */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Adds skills to the catalogue through the API and returns their ids by name. */
export async function createSkills(ctx: TestContext, names: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of names) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/skills',
      headers: auth(ctx.adminToken),
      payload: { name },
    });
    if (res.statusCode !== 201) throw new Error(`skill ${name}: ${res.body}`);
    ids[name] = res.json().id;
  }
  return ids;
}

/** A job every form would accept; override what the test is about. */
export function jobBody(skillIds: number[], overrides: Partial<JobCreate> = {}): JobCreate {
  return {
    title: 'Senior React Developer',
    type: 'Full-time',
    description: 'Builds the screens of our hiring portal.',
    state: 'KA',
    city: 'Bengaluru Urban',
    minSalary: 1_200_000,
    maxSalary: 1_800_000,
    deadline: dateFromToday(30),
    experienceRange: [3, 6],
    interviewRounds: ['Shortlisting', 'Technical Round 1', 'HR Round'],
    skillIds,
    questions: ['Why do you want to join us?'],
    clientName: 'Acme Software',
    clientEmail: 'hiring@acme.example',
    clientLocation: 'Bengaluru',
    ...overrides,
  };
}

export async function createJob(
  ctx: TestContext,
  token: string,
  body: JobCreate | Record<string, unknown>,
): Promise<Job> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: auth(token), payload: body });
  if (res.statusCode !== 201) throw new Error(`create job failed: ${res.body}`);
  return res.json();
}

/** Many candidates at once, written directly (the counts the lists sum are rebuilt after). */
export async function addCandidates(ctx: TestContext, jobId: number, count: number) {
  const now = new Date();
  for (let i = 0; i < count; i++) {
    await ctx.app.db('candidates').insert({
      uuid: randomUUID(),
      job_id: jobId,
      name: `Candidate ${i + 1}`,
      email: `candidate${jobId}-${i}@example.com`,
      phone: `98765${String(jobId).padStart(3, '0')}${i}`.slice(0, 10),
      created_at: now,
      updated_at: now,
    });
  }
  await rebuildCandidateCounts(ctx.app.db);
  await rebuildCandidatePositions(ctx.app.db);
  await rebuildCandidateWords(ctx.app.db);
}
