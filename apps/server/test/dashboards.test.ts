import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  DASHBOARD_MESSAGES,
  type EmployeeDashboard,
  type Job,
  type LoginResponse,
  type RecruitmentDashboard,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, dateFromToday, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let job: Job;
let recruiter: LoginResponse;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['React']);
  recruiter = await ctx.createUser({ name: 'Meera Nair', designation: 'HR Executive', department: 'HR' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!]),
    title: 'Frontend Engineer',
    questions: [],
  });
  // A draft, a closed and an expired job are not active.
  await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), status: 'draft', questions: [] });
  const closed = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
  await send('PATCH', `/api/jobs/${closed.id}/status`, ctx.adminToken, { status: 'closed' });
  const expired = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
  await ctx.app
    .db('jobs')
    .where({ id: expired.id })
    .update({ deadline: dateFromToday(-3) });
});

const recruitment = async (token = ctx.adminToken): Promise<RecruitmentDashboard> => {
  const res = await send('GET', '/api/dashboard/recruitment', token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const employee = async (token: string): Promise<EmployeeDashboard> => {
  const res = await send('GET', '/api/dashboard/employee-stats', token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const countOf = <T extends { count: number }>(list: T[], key: keyof T, value: string) =>
  list.find((e) => e[key] === value)?.count;

describe('the recruitment dashboard', () => {
  it('is for signed-in users only', async () => {
    expect((await send('GET', '/api/dashboard/recruitment')).statusCode).toBe(401);
    expect((await send('GET', '/api/dashboard/employee-stats')).statusCode).toBe(401);
  });

  it('counts active jobs, candidates by status and source, and lists the newest activity first', async () => {
    const before = await recruitment();
    expect(before.activeJobs).toBe(1);
    expect(before.candidateStatusData.map((e) => e.status)).toEqual([...CANDIDATE_STATUSES]);
    expect(before.sourceDistribution.map((e) => e.source)).toEqual([...CANDIDATE_SOURCES]);

    const a = await createCandidate(ctx, recruiter.token, job.id, { name: 'Asha Rao', source: 'LinkedIn' });
    const b = await createCandidate(ctx, recruiter.token, job.id, {
      name: 'Vikram Shah',
      source: 'Referral',
      referred_by: 'Anil',
    });
    const c = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Kiran Das', source: 'Naukri' });
    expect(
      (await send('PATCH', `/api/candidates/${a.uuid}/status`, recruiter.token, { status: 'selected' }))
        .statusCode,
    ).toBe(200);
    const rejected = await send('PATCH', `/api/candidates/${b.uuid}/reject`, recruiter.token, {
      status: 'rejected',
      rejection_reason: 'Skills Mismatch',
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round', comments: 'Not a fit' },
    });
    expect(rejected.statusCode).toBe(200);
    // A refused change (a duplicate) moves nothing.
    const dup = await send('POST', '/api/candidates', recruiter.token, {
      ...c,
      email: c.email,
      job_id: job.id,
    });
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);

    const after = await recruitment(recruiter.token);
    expect(after.totalCandidates).toBe(before.totalCandidates + 3);
    expect(after.peopleInPool).toBe(before.peopleInPool + 3);
    expect(after.selectedCandidates).toBe(before.selectedCandidates + 1);
    expect(after.rejectedCandidates).toBe(before.rejectedCandidates + 1);
    expect(countOf(after.candidateStatusData, 'status', 'applied')).toBe(
      countOf(before.candidateStatusData, 'status', 'applied')! + 1,
    );
    expect(countOf(after.sourceDistribution, 'source', 'Referral')).toBe(
      countOf(before.sourceDistribution, 'source', 'Referral')! + 1,
    );
    expect(after.recentActivities.slice(0, 5).map((e) => [e.type, e.description])).toEqual([
      ['status_change', DASHBOARD_MESSAGES.statusChange('Vikram Shah', 'applied', 'rejected')],
      ['status_change', DASHBOARD_MESSAGES.statusChange('Asha Rao', 'applied', 'selected')],
      ['new_candidate', DASHBOARD_MESSAGES.newCandidate('Kiran Das', 'Frontend Engineer')],
      ['new_candidate', DASHBOARD_MESSAGES.newCandidate('Vikram Shah', 'Frontend Engineer')],
      ['new_candidate', DASHBOARD_MESSAGES.newCandidate('Asha Rao', 'Frontend Engineer')],
    ]);
    expect(Date.now() - Date.parse(after.recentActivities[0]!.timestamp)).toBeLessThan(60_000);

    // Deleting a candidate takes it out of every figure; the counters agree with a full count.
    expect((await send('DELETE', `/api/candidates/${c.uuid}`, ctx.adminToken)).statusCode).toBe(200);
    const gone = await recruitment();
    expect(gone.totalCandidates).toBe(after.totalCandidates - 1);
    const truth = (await ctx.app.db('candidates').groupBy('status').select('status').count({ n: '*' })) as {
      status: string;
      n: number;
    }[];
    for (const { status, n } of truth)
      expect(countOf(gone.candidateStatusData, 'status', status)).toBe(Number(n));
  });
});

describe('the employee dashboard', () => {
  it("shows the employee's profile, the firm's jobs and their own candidates with a success rate", async () => {
    const mine = await employee(recruiter.token);
    expect(mine.user).toMatchObject({ name: 'Meera Nair', designation: 'HR Executive', department: 'HR' });
    expect(mine.stats.totalJobs).toBe(4);
    expect(mine.stats.totalOpenPositions).toBe(job.openings);
    expect(mine.openPositions).toEqual([
      { id: job.id, title: job.title, type: job.type, openings: job.openings },
    ]);
    expect(mine.candidateStats).toEqual({ total: 2, pending: 0, selected: 1, rejected: 1 });
    expect(mine.successRate).toBe(50);
    expect(mine.recentActivities.map((e) => [e.candidateName, e.jobTitle, e.application_status])).toEqual([
      ['Vikram Shah', 'Frontend Engineer', 'rejected'],
      ['Asha Rao', 'Frontend Engineer', 'selected'],
    ]);

    await createCandidate(ctx, recruiter.token, job.id, { name: 'Third One' });
    const three = await employee(recruiter.token);
    expect(three.candidateStats).toEqual({ total: 3, pending: 1, selected: 1, rejected: 1 });
    expect(three.successRate).toBe(33.3);

    const fresh = await employee((await ctx.createUser({ name: 'New Joiner' })).token);
    expect(fresh.candidateStats).toEqual({ total: 0, pending: 0, selected: 0, rejected: 0 });
    expect(fresh.successRate).toBe(0);
  });
});
