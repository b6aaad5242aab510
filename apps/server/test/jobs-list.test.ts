import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { JOB_MESSAGES, JOBS_EXPORT, type Job, type JobCreate, type JobPage } from '@portal/contracts';
import { createJobService } from '../src/modules/jobs/service.ts';
import { createLocationService } from '../src/modules/locations/service.ts';
import { auth, downloadedWorkbook, setupTestApp } from './helper.ts';
import { createJob, createSkills, dateFromToday, jobBody } from './job-fixtures.ts';

// A known data set of eight jobs; every expectation below is worked out by hand from it.
const ctx = setupTestApp();
const LPA = 100_000;
type Spec = [
  key: string,
  title: string,
  description: string,
  type: JobCreate['type'],
  skills: string[],
  salaryLpa: [number, number | null],
  experience: [number, number],
  status: 'active' | 'draft' | 'closed' | 'archived' | 'expired' | 'past-deadline' | 'no-deadline',
];
const SPECS: Spec[] = [
  [
    'J1',
    'Frontend Engineer',
    'Build React screens for clients',
    'Full-time',
    ['React', 'TypeScript'],
    [6, 10],
    [1, 3],
    'active',
  ],
  [
    'J2',
    'Backend Engineer',
    'APIs on Node.js and AWS',
    'Full-time',
    ['Node.js', 'TypeScript', 'AWS'],
    [12, 20],
    [3, 6],
    'active',
  ],
  [
    'J3',
    'Data Analyst',
    'Reports with SQL and Python',
    'Part-time',
    ['Python', 'SQL'],
    [4, 6],
    [0, 2],
    'draft',
  ],
  [
    'J4',
    'DevOps Lead',
    'Runs our Kubernetes clusters',
    'Contract',
    ['AWS', 'Docker', 'Kubernetes'],
    [25, 40],
    [8, 12],
    'closed',
  ],
  ['J5', 'React Native Intern', 'Mobile apps', 'Internship', ['React'], [2, null], [0, 1], 'archived'],
  [
    'J6',
    'Java Architect',
    'Enterprise systems with Spring',
    'Full-time',
    ['Java', 'Spring', 'AWS'],
    [40, 60],
    [12, 20],
    'past-deadline',
  ],
  [
    'J7',
    'Python Trainer',
    'Teaches 100% practical courses',
    'Part-time',
    ['Python'],
    [3, 5],
    [2, 4],
    'expired',
  ],
  [
    'J8',
    'Fullstack Developer',
    'React front, Node back',
    'Remote',
    ['React', 'Node.js', 'TypeScript'],
    [15, 25],
    [4, 8],
    'no-deadline',
  ],
];
const ids: Record<string, number> = {};
const keyOf = (id: number) => Object.keys(ids).find((k) => ids[k] === id);

beforeAll(async () => {
  const names = [...new Set(SPECS.flatMap((s) => s[4]))];
  const skillIds = await createSkills(ctx, names);
  for (const [key, title, description, type, skills, [min, max], experience, status] of SPECS) {
    const job = await createJob(
      ctx,
      ctx.adminToken,
      jobBody(
        skills.map((s) => skillIds[s]!),
        {
          title,
          description,
          type,
          minSalary: min * LPA,
          maxSalary: max === null ? null : max * LPA,
          experienceRange: experience,
          deadline: status === 'no-deadline' ? null : dateFromToday(20),
          status: status === 'draft' ? 'draft' : 'active',
        },
      ),
    );
    ids[key] = job.id;
    if (['closed', 'archived', 'expired'].includes(status)) {
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/jobs/${job.id}/status`,
        headers: auth(ctx.adminToken),
        payload: { status },
      });
    }
    if (status === 'past-deadline') {
      await ctx.app
        .db('jobs')
        .where({ id: job.id })
        .update({ deadline: dateFromToday(-1) });
    }
  }
});

async function list(query: string): Promise<JobPage & { keys: string[] }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/jobs?${query}`,
    headers: auth(ctx.adminToken),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const page: JobPage = res.json();
  return { ...page, keys: page.items.map((j) => keyOf(j.id)!).sort() };
}
const all = (query: string) => list(`pageSize=100&${query}`);

describe('job list: tabs', () => {
  it('counts every tab in one answer and pages by 6, newest first', async () => {
    const page = await list('');
    expect(page.counts).toEqual({ all: 8, active: 3, draft: 1, closed: 1, archived: 1, expired: 2 });
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: 6 });
    expect(page.items.map((j) => keyOf(j.id))).toEqual(['J8', 'J7', 'J6', 'J5', 'J4', 'J3']);
    const second = await list('page=2');
    expect(second.items.map((j) => keyOf(j.id))).toEqual(['J2', 'J1']);
    expect((await list('page=3')).items).toEqual([]);
  });

  it.each([
    ['active', ['J1', 'J2', 'J8']],
    ['draft', ['J3']],
    ['closed', ['J4']],
    ['archived', ['J5']],
    ['expired', ['J6', 'J7']],
  ])('lists the %s tab (an active job past its deadline is expired)', async (status, keys) => {
    const page = await all(`status=${status}`);
    expect(page.keys).toEqual(keys);
    expect(page.total).toBe(keys.length);
    expect(page.counts.all).toBe(8);
  });

  it('shows the effective status on each job', async () => {
    const page = await all('');
    const statusOf = (key: string) => page.items.find((j: Job) => j.id === ids[key])!.status;
    expect(statusOf('J6')).toBe('expired');
    expect(statusOf('J8')).toBe('active');
  });
});

describe('job list: search and filters', () => {
  it.each([
    ['search=react', ['J1', 'J5', 'J8']],
    ['search=ENGINEER', ['J1', 'J2']],
    ['search=kubernetes%20clusters', ['J4']],
    ['search=100%25', ['J7']],
    ['search=%25', ['J7']],
    ['search=_', []],
    ['search=nothing-like-this', []],
    ['statuses=active', ['J1', 'J2', 'J8']],
    ['statuses=active&statuses=draft', ['J1', 'J2', 'J3', 'J8']],
    ['statuses=closed&statuses=archived', ['J4', 'J5']],
    // The employee board has no Expired tab: its filter panel offers the status instead.
    ['statuses=expired', ['J6', 'J7']],
    ['types=Full-time', ['J1', 'J2', 'J6']],
    ['types=Part-time&types=Contract', ['J3', 'J4', 'J7']],
    ['types=Remote', ['J8']],
    ['skills=React', ['J1', 'J5', 'J8']],
    ['skills=react&skills=TypeScript', ['J1', 'J8']],
    ['skills=AWS&skills=Docker', ['J4']],
    ['skills=AWS&skills=React', []],
    ['skills=Rust', []],
    ['skills=React&skills=Rust', []],
    ['salaryMin=20', ['J2', 'J4', 'J6', 'J8']],
    ['salaryMax=5', ['J3', 'J5', 'J7']],
    ['salaryMin=5&salaryMax=10', ['J1', 'J3', 'J7']],
    ['salaryMin=0&salaryMax=100', ['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8']],
    ['experienceMin=10', ['J4', 'J6']],
    ['experienceMax=1', ['J1', 'J3', 'J5']],
    ['experienceMin=3&experienceMax=4', ['J1', 'J2', 'J7', 'J8']],
    ['experienceMin=0&experienceMax=20', ['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8']],
    // Combinations.
    ['types=Full-time&skills=AWS', ['J2', 'J6']],
    ['search=engineer&experienceMax=2', ['J1']],
    ['skills=React&salaryMin=10', ['J1', 'J8']],
    ['statuses=active&types=Full-time&skills=TypeScript&salaryMin=8&experienceMin=2', ['J1', 'J2']],
    ['search=node&skills=TypeScript&experienceMin=5&salaryMax=15', ['J2', 'J8']],
    ['search=node&skills=TypeScript&experienceMin=5&salaryMin=21', ['J8']],
  ])('%s', async (query, keys) => {
    const page = await all(query);
    expect(page.keys).toEqual(keys);
    expect(page.total).toBe(keys.length);
    expect(page.counts.all).toBe(keys.length);
  });

  it('counts the tabs for the current search and filters, and pages within them', async () => {
    const page = await all('types=Full-time&skills=AWS');
    expect(page.counts).toEqual({ all: 2, active: 1, draft: 0, closed: 0, archived: 0, expired: 1 });
    const activeOnly = await all('types=Full-time&skills=AWS&status=active');
    expect(activeOnly.keys).toEqual(['J2']);
    expect(activeOnly.counts).toEqual(page.counts);
    const filtered = await list('skills=TypeScript&status=active&pageSize=2&page=2');
    expect(filtered.items.map((j) => keyOf(j.id))).toEqual(['J1']);
    expect(filtered.total).toBe(3);
  });

  it('exports the whole filtered list with the columns of the Excel file', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs/export?types=Full-time&search=a',
      headers: auth(ctx.adminToken),
    });
    expect(res.json()).toEqual([
      {
        id: ids.J6,
        title: 'Java Architect',
        description: 'Enterprise systems with Spring',
        status: 'expired',
      },
      { id: ids.J2, title: 'Backend Engineer', description: 'APIs on Node.js and AWS', status: 'active' },
      {
        id: ids.J1,
        title: 'Frontend Engineer',
        description: 'Build React screens for clients',
        status: 'active',
      },
    ]);
    const tab = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs/export?status=expired',
      headers: auth(ctx.adminToken),
    });
    expect(tab.json().map((r: { id: number }) => keyOf(r.id))).toEqual(['J7', 'J6']);
  });

  it('downloads the same filtered list as jobs_list.xlsx (Job ID, Title, Description, Status)', async () => {
    const book = await downloadedWorkbook(
      ctx,
      '/api/jobs/export.xlsx?types=Full-time&search=a',
      ctx.adminToken,
      JOBS_EXPORT.fileName,
    );
    expect(book.SheetNames).toEqual([JOBS_EXPORT.sheetName]);
    expect(
      XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[JOBS_EXPORT.sheetName]!, { header: 1 }),
    ).toEqual([
      [...JOBS_EXPORT.columns],
      [ids.J6, 'Java Architect', 'Enterprise systems with Spring', 'expired'],
      [ids.J2, 'Backend Engineer', 'APIs on Node.js and AWS', 'active'],
      [ids.J1, 'Frontend Engineer', 'Build React screens for clients', 'active'],
    ]);
    // The list's own checks: a filter the list refuses, the file refuses too.
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs/export.xlsx?salaryMin=30&salaryMax=10',
      headers: auth(ctx.adminToken),
    });
    expect(refused.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: JOB_MESSAGES.filterSalaryOrder,
    });
  });

  it.each([
    ['salaryMin=30&salaryMax=10', JOB_MESSAGES.filterSalaryOrder],
    ['experienceMin=5&experienceMax=2', JOB_MESSAGES.filterExperienceOrder],
    ['experienceMax=21', 'Maximum experience must be at most 20'],
    ['salaryMin=-1', 'Minimum salary must be at least 0'],
    ['statuses=paused', 'Status is not one of the allowed values'],
    ['types=Freelance', 'Job type is not one of the allowed values'],
    ['status=paused', 'Status is not one of the allowed values'],
    ['page=0', 'Page must be at least 1'],
  ])('refuses the bad query %s', async (query, message) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/jobs?${query}`,
      headers: auth(ctx.adminToken),
    });
    expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/jobs/export' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/jobs/export.xlsx' })).statusCode).toBe(401);
  });
});

describe('job list: the light probe and the grouped count agree', () => {
  // The list reads up to `probeLimit` light rows before it counts with a grouped query; with a tiny limit
  // every query below walks the other paths (grouped count, page from the probe, page from a query).
  it.each(['', 'search=e', 'skills=React', 'types=Full-time&types=Remote', 'experienceMin=2'])(
    'gives the same pages and counts for "%s" whatever the probe size',
    async (query) => {
      const params = Object.fromEntries(new URLSearchParams(query).entries());
      const base = {
        ...(params.search ? { search: params.search } : {}),
        ...(params.skills ? { skills: [params.skills] } : {}),
        ...(query.includes('types') ? { types: ['Full-time', 'Remote'] as ('Full-time' | 'Remote')[] } : {}),
        ...(params.experienceMin ? { experienceMin: Number(params.experienceMin) } : {}),
      };
      const reader = { id: 1, role: 'admin' as const };
      const services = [0, 1, 2, 1000].map((probeLimit) =>
        createJobService({
          db: ctx.app.db,
          inUnitOfWork: ctx.app.inUnitOfWork,
          locations: createLocationService({ db: ctx.app.db }),
          probeLimit,
        }),
      );
      for (const status of [undefined, 'active', 'expired', 'draft'] as const) {
        for (const [page, pageSize] of [
          [1, 2],
          [2, 2],
          [3, 2],
          [1, 6],
        ]) {
          const answers = await Promise.all(
            services.map((s) => s.listJobs({ ...base, status, page, pageSize }, reader)),
          );
          const shapes = answers.map((a) => ({
            ids: a.items.map((j) => j.id),
            total: a.total,
            counts: a.counts,
          }));
          for (const shape of shapes.slice(1)) expect(shape).toEqual(shapes[0]);
        }
      }
    },
  );
});
