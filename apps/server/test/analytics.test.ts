// Pipeline analytics: each definition on candidates moved through hand-written paths, with time set
// through the clock (only Date is faked: the server reads "now" from it for every change it writes).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import type { Candidate, CandidateStatus, Job, PipelineAnalytics, StageFigures } from '@portal/contracts';
import { ADMIN, auth, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody } from './candidate-fixtures.ts';
import { createCandidateAccess } from '../src/modules/candidates/access.ts';
import { createCandidateWrites } from '../src/modules/candidates/writes.ts';
import { rebuildAnalytics } from '../src/modules/analytics/aggregates.ts';

// Sessions of 30 days, so that the clock can move weeks between two sign-ins.
const ctx = setupTestApp({ SESSION_TTL_HOURS: String(24 * 30) });
const send = requester(ctx);
const DAY = 86_400_000;
/** Monday 2 March 2026, 10:00 in India: day 0 of the paths below. */
const T0 = Date.parse('2026-03-02T04:30:00Z');
let token = '';
let skill = 0;

let signedInAt = -Infinity;
/** Sets the clock to `day` days (and `hours`) after T0, signing in again when the session would be old. */
async function at(day: number, hours = 0) {
  const now = T0 + day * DAY + hours * 3_600_000;
  vi.setSystemTime(new Date(now));
  if (now < signedInAt || now - signedInAt > 20 * DAY) {
    token = (await ctx.login(ADMIN.username, ADMIN.password)).token;
    signedInAt = now;
  }
}
/** The firm's calendar day of `day` days after T0. */
const dayOf = (day: number) => new Date(T0 + day * DAY + 19_800_000).toISOString().slice(0, 10);

beforeAll(async () => {
  skill = (await createSkills(ctx, ['Analytics']))['Analytics']!;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => vi.useRealTimers());

async function newJob(): Promise<Job> {
  return createJob(ctx, token, { ...jobBody([skill]), questions: [] });
}
async function add(job: Job, overrides: Record<string, unknown> = {}, as = token): Promise<Candidate> {
  const res = await send('POST', '/api/candidates', as, { ...candidateBody(job.id), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function move(c: Candidate, status: CandidateStatus, as = token) {
  const res = await send('PATCH', `/api/candidates/${c.uuid}/status`, as, { status });
  expect(res.statusCode, res.body).toBe(200);
}
async function reject(c: Candidate, stage: string, reason = 'Skills Mismatch', as = token) {
  const res = await send('PATCH', `/api/candidates/${c.uuid}/reject`, as, {
    status: 'rejected',
    rejection_details: { reason, stage, comments: 'Not this time.' },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Takes a rejected candidate back into a stage: the one write every status change goes through. */
async function reopen(c: Candidate, status: CandidateStatus) {
  const writes = createCandidateWrites({
    access: createCandidateAccess({ db: ctx.app.db }),
    notify: ctx.app.services.notifications,
  });
  const admin = (await ctx.app.db('users').where({ username: ADMIN.username }).first('id')) as { id: number };
  await ctx.app.inUnitOfWork(async (uow) => {
    const row = await uow.trx('candidates').where({ id: c.id }).forUpdate().first();
    await writes.moveTo(uow, row, status, { id: admin.id, role: 'admin' });
  });
}
async function figures(query: string, as = token): Promise<PipelineAnalytics> {
  const res = await send('GET', `/api/analytics/pipeline?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const stage = (f: PipelineAnalytics, status: string) => f.stages.find((s) => s.status === status)!;
const column = (f: PipelineAnalytics, key: keyof StageFigures) => f.stages.map((s) => s[key]);
/** A figure read from the duration histograms: within 5 % of the exact value. */
const near = (value: number | null, exact: number) => {
  expect(value).not.toBeNull();
  expect(Math.abs(value! - exact)).toBeLessThanOrEqual(exact * 0.05 + 0.01);
};

describe('pipeline analytics: the definitions', () => {
  it('reached: every candidate reaches applied; a stage skipped on the way counts as reached and passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    await add(job); // stays applied
    const skipper = await add(job);
    const back = await add(job);
    await at(1);
    await move(skipper, 'shortlisted');
    await move(back, 'screening');
    await at(2);
    await move(skipper, 'selected');
    await move(back, 'applied');
    await at(3);
    await move(back, 'screening');
    const f = await figures(`jobId=${job.id}`);
    // applied, screening, shortlisted, interviewed, selected, joined
    expect(column(f, 'reached')).toEqual([3, 2, 1, 1, 1, 0]);
    expect(column(f, 'passed')).toEqual([2, 1, 1, 1, 0, 0]);
    expect(column(f, 'passRate')).toEqual([2 / 3, 1 / 2, 1, 1, 0, null]);
    expect(column(f, 'current')).toEqual([1, 1, 0, 0, 1, 0]);
    expect(column(f, 'rejected')).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('pass rate: joined, the last stage, has none (not 0 %), even once candidates joined', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const hired = await add(job);
    await add(job); // stays applied
    await at(1);
    await move(hired, 'joined');
    const f = await figures(`jobId=${job.id}`);
    // applied, screening, shortlisted, interviewed, selected, joined
    expect(column(f, 'reached')).toEqual([2, 1, 1, 1, 1, 1]);
    expect(column(f, 'passed')).toEqual([1, 1, 1, 1, 1, 0]);
    expect(column(f, 'passRate')).toEqual([1 / 2, 1, 1, 1, 1, null]);
  });

  it('time in stage: a move backwards ends the stay, a return starts a new one, and the stays add up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const d = await add(job);
    const e = await add(job);
    await at(1);
    await move(e, 'screening'); // e: applied 1 day
    await at(2);
    await move(d, 'screening'); // d: applied 2 days
    await at(3);
    await move(e, 'shortlisted'); // e: screening 2 days
    await at(5);
    await move(d, 'applied'); // d: screening 3 days, backwards
    await at(6);
    await move(d, 'screening'); // d: applied 2 + 1 = 3 days, last stay ended on day 6
    await at(10);
    await move(d, 'shortlisted'); // d: screening 3 + 4 = 7 days, ended on day 10
    const all = await figures(`jobId=${job.id}`);
    // Applied: [1, 3] days; screening: [2, 7] days. Median and 75th percentile by nearest rank.
    near(stage(all, 'applied').medianDays, 1);
    near(stage(all, 'applied').p75Days, 3);
    near(stage(all, 'screening').medianDays, 2);
    near(stage(all, 'screening').p75Days, 7);
    expect(stage(all, 'shortlisted').medianDays).toBeNull(); // both stays are still open
    // Stays that ended in the period: day 4 to day 12 holds d's last stays only.
    const later = await figures(`jobId=${job.id}&from=${dayOf(4)}&to=${dayOf(12)}`);
    near(stage(later, 'applied').medianDays, 3);
    near(stage(later, 'screening').medianDays, 7);
    expect(later.stages[0]!.reached).toBe(0); // nobody applied in the period
  });

  it('rejected: a rejection counts at the stage it was made from, with its reasons', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const [r1, r2, r3, r4] = [await add(job), await add(job), await add(job), await add(job)];
    await at(1);
    await reject(r1!, 'Initial Screening', 'Skills Mismatch');
    await reject(r2!, 'Technical Round', 'Experience Gap');
    await reject(r3!, 'HR Round', 'Cultural Fit');
    await reject(r4!, 'Final Round', 'Cultural Fit');
    const f = await figures(`jobId=${job.id}`);
    expect(column(f, 'rejected')).toEqual([0, 1, 1, 2, 0, 0]);
    expect(stage(f, 'screening').rejectionReasons).toEqual([{ reason: 'Skills Mismatch', count: 1 }]);
    expect(stage(f, 'shortlisted').rejectionReasons).toEqual([{ reason: 'Experience Gap', count: 1 }]);
    expect(stage(f, 'interviewed').rejectionReasons).toEqual([{ reason: 'Cultural Fit', count: 2 }]);
    // The stage it was rejected from was reached (and not passed).
    expect(column(f, 'reached')).toEqual([4, 4, 3, 2, 0, 0]);
    expect(column(f, 'passed')).toEqual([4, 3, 2, 0, 0, 0]);
    expect(column(f, 'current')).toEqual([0, 0, 0, 0, 0, 0]);
    // Time in applied ended with the rejection: one day each.
    near(stage(f, 'applied').medianDays, 1);
  });

  it('reopened: a candidate taken back out of rejected is no longer rejected and starts a new stay', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const c = await add(job);
    await at(1);
    await move(c, 'screening');
    await at(3);
    await reject(c, 'Initial Screening'); // screening: 2 days
    expect(stage(await figures(`jobId=${job.id}`), 'screening').rejected).toBe(1);
    await at(10);
    await reopen(c, 'screening');
    await at(14);
    await move(c, 'shortlisted'); // screening: 2 + 4 = 6 days (the 7 days rejected are no stage's)
    const f = await figures(`jobId=${job.id}`);
    expect(column(f, 'rejected')).toEqual([0, 0, 0, 0, 0, 0]);
    expect(column(f, 'current')).toEqual([0, 0, 1, 0, 0, 0]);
    expect(column(f, 'reached')).toEqual([1, 1, 1, 0, 0, 0]);
    near(stage(f, 'screening').medianDays, 6);
  });

  it('imported candidates enter at their imported status on the day they were imported', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const res = await send('POST', '/api/candidates/bulk-upload', token, {
      candidates: [
        { ...candidateBody(job.id), status: 'interviewed' },
        { ...candidateBody(job.id), status: 'screening' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const imported = res.json().results.success as { id: number }[];
    const c = (await ctx.app.db('candidates').where({ id: imported[0]!.id }).first('uuid')) as Candidate;
    await at(4);
    await move(c, 'selected'); // four days in interviewed, four days from applying to selected
    const f = await figures(`jobId=${job.id}`);
    expect(column(f, 'reached')).toEqual([2, 2, 1, 1, 1, 0]);
    expect(column(f, 'passed')).toEqual([2, 1, 1, 1, 0, 0]);
    expect(column(f, 'current')).toEqual([0, 1, 0, 0, 1, 0]);
    near(stage(f, 'interviewed').medianDays, 4);
    near(f.timeToHire.selected.medianDays, 4);
  });

  it('time to hire: from applying to the first entry into selected (or later) and into joined, per job', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const [h1, h2, h3] = [await add(job), await add(job), await add(job)];
    await at(5);
    await move(h2!, 'joined'); // skips selected: 5 days to selected and to joined
    await at(10);
    await move(h1!, 'selected');
    await at(20);
    await move(h1!, 'joined');
    await at(30);
    await move(h3!, 'selected');
    const { timeToHire } = await figures(`jobId=${job.id}`);
    // Selected: [5, 10, 30] days; joined: [5, 20].
    expect(timeToHire.selected.count).toBe(3);
    near(timeToHire.selected.medianDays, 10);
    near(timeToHire.selected.p75Days, 30);
    expect(timeToHire.joined.count).toBe(2);
    near(timeToHire.joined.medianDays, 5);
    near(timeToHire.joined.p75Days, 20);
    expect(timeToHire.byJob).toEqual([
      { jobId: job.id, title: job.title, selected: timeToHire.selected, joined: timeToHire.joined },
    ]);
  });

  it('current and stale: the candidates in a stage now, and those that entered it over 14 days ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    await add(job);
    const moved = await add(job);
    await at(10);
    await add(job);
    await move(moved, 'screening');
    await at(20);
    const f = await figures(`jobId=${job.id}`);
    expect(column(f, 'current')).toEqual([2, 1, 0, 0, 0, 0]);
    expect(column(f, 'stale')).toEqual([1, 0, 0, 0, 0, 0]);
    await at(30);
    expect(column(await figures(`jobId=${job.id}`), 'stale')).toEqual([2, 1, 0, 0, 0, 0]);
  });

  it('sources: per source, the candidates and how many reached shortlisted, interviewed, selected, joined', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const a = await add(job, { source: 'LinkedIn' });
    await add(job, { source: 'LinkedIn' });
    const r = await add(job, { source: 'Referral' });
    await at(1);
    await move(a, 'interviewed');
    await move(r, 'joined');
    const f = await figures(`jobId=${job.id}`);
    expect(f.sources).toEqual([
      { source: 'LinkedIn', candidates: 2, shortlisted: 1, interviewed: 1, selected: 0, joined: 0 },
      { source: 'Referral', candidates: 1, shortlisted: 1, interviewed: 1, selected: 1, joined: 1 },
    ]);
    expect(column(await figures(`jobId=${job.id}&source=Referral`), 'reached')).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('deleted candidates leave the figures', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(0);
    const job = await newJob();
    const kept = await add(job);
    const gone = await add(job);
    await at(2);
    await move(gone, 'shortlisted');
    await move(kept, 'screening');
    expect(stage(await figures(`jobId=${job.id}`), 'shortlisted').reached).toBe(1);
    expect((await send('DELETE', `/api/candidates/${gone.uuid}`, token)).statusCode).toBe(200);
    const f = await figures(`jobId=${job.id}`);
    expect(column(f, 'reached')).toEqual([1, 1, 0, 0, 0, 0]);
    expect(column(f, 'current')).toEqual([0, 1, 0, 0, 0, 0]);
    near(stage(f, 'applied').medianDays, 2);
    expect(stage(f, 'applied').p75Days).toBe(stage(f, 'applied').medianDays);
  });

  it('activity: moves and rejections per person per week (Monday), with their names', async () => {
    const recruiter = await ctx.createUser({ name: 'Asha Rao' });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Weeks of their own, far from the other tests' days.
    await at(700);
    const job = await newJob();
    const first = (await ctx.login(recruiter.user.username, recruiter.password)).token;
    const mine = await add(job, {}, first);
    const other = await add(job);
    await move(mine, 'screening', first);
    await move(other, 'screening');
    await at(703);
    await move(other, 'shortlisted');
    await reject(mine, 'Initial Screening', 'Other', first);
    await at(708);
    await move(other, 'interviewed');
    const res = await send('GET', `/api/analytics/activity?from=${dayOf(699)}&to=${dayOf(720)}`, token);
    expect(res.statusCode).toBe(200);
    const adminId = (await ctx.app.db('users').where({ username: ADMIN.username }).first('id')).id as number;
    const monday = dayOf(700); // day 700 after a Monday is a Monday too (100 weeks)
    const next = dayOf(707);
    expect(res.json().weeks).toEqual([
      { week: monday, userId: adminId, name: 'Administrator', moves: 2, rejections: 0 },
      { week: monday, userId: recruiter.user.id, name: 'Asha Rao', moves: 1, rejections: 1 },
      { week: next, userId: adminId, name: 'Administrator', moves: 1, rejections: 0 },
    ]);
  });
});

describe('pipeline analytics: access', () => {
  it('is for signed-in users only', async () => {
    for (const url of [
      '/api/analytics/pipeline',
      '/api/analytics/activity',
      '/api/analytics/pipeline.xlsx',
    ]) {
      expect((await send('GET', url)).statusCode).toBe(401);
    }
  });

  it("covers an employee's jobs (created or editable) and the candidates they added, nothing else", async () => {
    const employee = await ctx.createUser({ name: 'Kiran Shah' });
    const own = await createJob(ctx, employee.token, { ...jobBody([skill]), questions: [] });
    const others = await createJob(ctx, ctx.adminToken, { ...jobBody([skill]), questions: [] });
    await add(own, {}, ctx.adminToken); // an admin's candidate on the employee's job
    await add(own, {}, employee.token);
    await add(others, {}, ctx.adminToken);
    await add(others, {}, ctx.adminToken);
    const mine = await add(others, {}, employee.token);
    await move(mine, 'screening', employee.token);
    const theirs = await figures('', employee.token);
    expect(column(theirs, 'reached')).toEqual([3, 1, 0, 0, 0, 0]);
    expect(column(await figures(`jobId=${others.id}`, employee.token), 'reached')).toEqual([
      1, 1, 0, 0, 0, 0,
    ]);
    expect(column(await figures(`jobId=${own.id}`, employee.token), 'reached')).toEqual([2, 0, 0, 0, 0, 0]);
    expect(column(await figures(`jobId=${others.id}`, ctx.adminToken), 'reached')).toEqual([
      3, 1, 0, 0, 0, 0,
    ]);
    // The recruiter filter: who added the candidate.
    const byEmployee = await figures(`createdBy=${employee.user.user_id}`, ctx.adminToken);
    expect(column(byEmployee, 'reached')).toEqual([2, 1, 0, 0, 0, 0]);
  });

  it('downloads the tables as a workbook with the same numbers', async () => {
    const job = await newJobNow();
    const c = await add(job, {}, ctx.adminToken);
    await reject(c, 'HR Round', 'Salary Expectations', ctx.adminToken);
    const res = await ctx.app.inject({
      url: `/api/analytics/pipeline.xlsx?jobId=${job.id}`,
      headers: auth(ctx.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual([
      'Funnel',
      'Rejection reasons',
      'Time to hire',
      'Sources',
      'Definitions',
    ]);
    const json = await figures(`jobId=${job.id}`, ctx.adminToken);
    const funnel = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Funnel!);
    expect(funnel.map((r) => [r.Stage, r.Reached, r.Passed, r.Rejected, r.Current])).toEqual(
      json.stages.map((s) => [s.status, s.reached, s.passed, s.rejected, s.current]),
    );
    const reasons = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Rejection reasons']!);
    expect(reasons).toEqual([{ Stage: 'interviewed', Reason: 'Salary Expectations', Rejected: 1 }]);
    const sources = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Sources!);
    expect(sources).toEqual(
      json.sources.map((s) => ({
        Source: s.source,
        Candidates: s.candidates,
        Shortlisted: s.shortlisted,
        Interviewed: s.interviewed,
        Selected: s.selected,
        Joined: s.joined,
      })),
    );
  });

  async function newJobNow() {
    return createJob(ctx, ctx.adminToken, { ...jobBody([skill]), questions: [] });
  }
});

describe('pipeline analytics: the kept sums', () => {
  it('equal a rebuild from the history after 1,000 random moves (with edits, reopenings and deletions)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await at(100);
    const jobs = [await newJob(), await newJob()];
    const statuses = ['applied', 'screening', 'shortlisted', 'interviewed', 'selected', 'joined'] as const;
    const reasons = ['Skills Mismatch', 'Experience Gap', 'Other'];
    const stages = ['Initial Screening', 'Technical Round', 'HR Round', 'Final Round'];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const service = ctx.app.services.candidates;
    const admin = {
      id: (await ctx.app.db('users').where({ username: ADMIN.username }).first('id')).id,
      role: 'admin' as const,
    };
    // Only this test's candidates: the figures of all jobs are compared below with those of their creator.
    for (const { uuid } of (await ctx.app.db('candidates').select('uuid')) as { uuid: string }[])
      await service.deleteCandidate(uuid, admin);
    const people: Candidate[] = [];
    for (let i = 0; i < 40; i++) {
      people.push(
        await service.createCandidate(
          { ...candidateBody(jobs[i % 2]!.id), source: ['LinkedIn', 'Referral', 'Naukri'][i % 3] } as never,
          admin,
        ),
      );
    }
    let now = T0 + 100 * DAY;
    for (let i = 0; i < 1000; i++) {
      now += rand(48) * 3_600_000;
      vi.setSystemTime(new Date(now));
      const c = people[rand(people.length)]!;
      const row = (await ctx.app.db('candidates').where({ id: c.id }).first('status')) as
        { status: string } | undefined;
      if (!row) continue;
      const dice = rand(20);
      if (row.status === 'rejected') await reopen(c, statuses[rand(6)]!);
      else if (dice === 0)
        await service.reject(
          c.uuid,
          {
            status: 'rejected',
            rejection_details: { reason: reasons[rand(3)], stage: stages[rand(4)], comments: 'x' },
          } as never,
          admin,
        );
      else if (dice === 1)
        await service.updateCandidate(
          c.uuid,
          { job_id: jobs[rand(2)]!.id, source: 'Indeed' } as never,
          admin,
        );
      else if (dice === 2 && i % 50 === 0) await service.deleteCandidate(c.uuid, admin);
      else {
        const to = statuses[rand(6)]!;
        if (to !== row.status) await service.changeStatus(c.uuid, to, admin);
      }
    }
    const snapshot = async () => ({
      // Rows whose counts all cancelled out stay behind in the kept sums; a rebuild writes none.
      daily: (
        (await ctx.app
          .db('analytics_daily')
          .orderBy([
            'grouping',
            'figure',
            'source',
            'grain',
            'day',
            'job_id',
            'creator_id',
            'stage',
            'detail',
          ])
          .select('*')) as Record<string, unknown>[]
      ).filter((r) => Object.entries(r).some(([k, v]) => /^n\d+$/.test(k) && Number(v) !== 0)),
      candidates: (
        (await ctx.app.db('analytics_candidates').orderBy('candidate_id').select('*')) as Record<
          string,
          unknown
        >[]
      ).map((r) => ({ ...r, applied_at: String(r.applied_at), stage_since: String(r.stage_since) })),
    });
    const kept = await snapshot();
    expect(kept.daily.length).toBeGreaterThan(100);
    await rebuildAnalytics(ctx.app.db);
    const rebuilt = await snapshot();
    expect(kept.candidates).toEqual(rebuilt.candidates);
    expect(kept.daily).toEqual(rebuilt.daily);

    // All jobs and one source are summed from day and month rows; a creator's figures from the candidates'
    // own rows. Every candidate here was added by the admin, so both agree over any range of days.
    const day = (n: number) => dayOf(100 + n);
    const ranges = [
      '',
      `from=${day(10)}`,
      `to=${day(400)}`,
      `from=${day(10)}&to=${day(400)}`,
      `from=${day(45)}&to=${day(52)}`,
      `from=${day(-100)}&to=${day(2000)}`,
      // The day they applied, in day rows (a part of its month) and in month rows (a whole month).
      `from=${day(-5)}&to=${day(3)}`,
      `from=${day(0)}&to=${day(200)}`,
      `from=${day(-40)}&to=${day(40)}`,
      // The last stays ended in the last months (part of March, April, part of May 2028).
      `from=${day(645)}&to=${day(700)}`,
      `from=${day(645)}`,
    ];
    const creator = `createdBy=${admin.id}`;
    token = (await ctx.login(ADMIN.username, ADMIN.password)).token;
    signedInAt = now;
    for (const range of ranges) {
      expect(await figures(range)).toEqual(await figures(`${creator}&${range}`));
      expect(await figures(`source=LinkedIn&${range}`)).toEqual(
        await figures(`source=LinkedIn&${creator}&${range}`),
      );
    }
    // Neither side is empty: the cohort in day rows, stays ended in month and day rows.
    expect(stage(await figures(`from=${day(-5)}&to=${day(3)}`), 'applied').reached).toBeGreaterThan(30);
    const stays = await figures(`from=${day(645)}&to=${day(700)}`);
    expect(stays.stages.filter((s) => s.medianDays !== null).length).toBeGreaterThan(2);
  }, 600_000);
});
