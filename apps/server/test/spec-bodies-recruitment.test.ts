import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, SESSION_COOKIE, type Job, type LoginResponse } from '@portal/contracts';
import { auth, multipartForm, requester, setupTestApp } from './helper.ts';
import { FILES, createCandidate } from './candidate-fixtures.ts';
import { createSkills, dateFromToday } from './job-fixtures.ts';

/**
 * The remaining calls of the recruitment API tables (jobs, skills, users, locations, candidates) with the
 * bodies as the tables document them; spec-bodies.test.ts holds the writes with identity fields. What a
 * screen reads of each answer is checked by name.
 */
const ctx = setupTestApp();
const call = requester(ctx);
let employee: LoginResponse & { password: string };
let colleague: LoginResponse;
let job: Job;

/** The job form's body: skills by name, as the job form's API table writes them. */
const specJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Data Engineer',
  type: 'Full-time',
  description: 'Moves data.',
  questions: ['Why do you want to join us?'],
  state: 'KA',
  city: 'Bengaluru Urban',
  minSalary: 1_000_000,
  maxSalary: 1_600_000,
  deadline: dateFromToday(15),
  experienceRange: [1, 4],
  interviewRounds: ['Shortlisting'],
  clientName: 'Acme',
  clientEmail: 'jobs@acme.example',
  clientLocation: 'Bengaluru',
  skills: ['SQL'],
  openings: 1,
  ...overrides,
});

beforeAll(async () => {
  employee = await ctx.createUser({ name: 'Kavya Menon' });
  colleague = await ctx.createUser({ name: 'Rohit Das' });
  await createSkills(ctx, ['SQL', 'Spark']);
  job = (await call('POST', '/api/jobs', employee.token, specJob())).json();
});

describe('the API table: jobs', () => {
  it('POST /api/jobs from the admin add form: type spelt Full-Time, no maximum CTC', async () => {
    const res = await call('POST', '/api/jobs', employee.token, {
      ...specJob({ type: 'Full-Time', status: 'draft' }),
      maxSalary: undefined,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'Full-time', status: 'draft', maxSalary: null });
  });

  it('POST /api/jobs from the employee form: Remote, openings, no deadline, created_by and created_by_id', async () => {
    const res = await call('POST', '/api/jobs', employee.token, {
      ...specJob({ type: 'Remote', openings: 3, deadline: '' }),
      created_by: 'someone',
      created_by_id: colleague.user.user_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'Remote', openings: 3, deadline: null });
    expect(res.json().created_by_id).toBe(employee.user.id);
  });

  it('POST /api/jobs with editable_by as the user list gives them: user_id values', async () => {
    const res = await call(
      'POST',
      '/api/jobs',
      employee.token,
      specJob({ editable_by: [colleague.user.user_id] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.editable_by).toEqual([colleague.user.id]);
    const byColleague = await call('PATCH', `/api/jobs/${created.id}/status`, colleague.token, {
      status: 'closed',
    });
    expect(byColleague.statusCode).toBe(200);
  });

  it.each([
    ['an unknown user_id among the editors', { editable_by: ['USR0001'] }, JOB_MESSAGES.unknownEditors],
    ['a type no screen offers', { type: 'Freelance' }, 'Job type is not one of the allowed values'],
    ['a deadline that is not a date', { deadline: 'soon' }, 'Deadline must be a valid date'],
  ])('POST /api/jobs with %s is a 400 and writes nothing', async (_what, overrides, message) => {
    const before = await ctx.count('jobs');
    const res = await call('POST', '/api/jobs', employee.token, specJob(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await ctx.count('jobs')).toBe(before);
  });

  it('GET /api/jobs and GET /api/jobs/{id}: the fields the job screens show', async () => {
    const list = await call('GET', '/api/jobs', employee.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((j: Job) => j.id)).toContain(job.id);
    const one = await call('GET', `/api/jobs/${job.id}`, employee.token);
    expect(one.json()).toMatchObject({
      id: job.id,
      title: 'Data Engineer',
      type: 'Full-time',
      state: 'KA',
      city: 'Bengaluru Urban',
      minSalary: 1_000_000,
      maxSalary: 1_600_000,
      experienceRange: [1, 4],
      interviewRounds: ['Shortlisting'],
      questions: ['Why do you want to join us?'],
      clientName: 'Acme',
      clientEmail: 'jobs@acme.example',
      clientLocation: 'Bengaluru',
      openings: 1,
      status: 'active',
      editable_by: [],
      created_by_id: employee.user.id,
      candidateCount: 0,
      updatedAt: expect.any(String),
    });
  });

  it('PUT /api/jobs/{id} with the job exactly as GET gave it (skills as its entries), title changed', async () => {
    const created = (await call('POST', '/api/jobs', employee.token, specJob({ title: 'Echoed' }))).json();
    const loaded = (await call('GET', `/api/jobs/${created.id}`, employee.token)).json();
    const res = await call('PUT', `/api/jobs/${created.id}`, employee.token, {
      ...loaded,
      title: 'Echoed Again',
      skills: [...loaded.skills, 'Spark'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Echoed Again');
    expect(
      res
        .json()
        .skills.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['SQL', 'Spark']);
  });

  it('DELETE /api/jobs/{id}', async () => {
    const doomed = (await call('POST', '/api/jobs', employee.token, specJob({ title: 'Doomed' }))).json();
    expect((await call('DELETE', `/api/jobs/${doomed.id}`, employee.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${doomed.id}`, employee.token)).statusCode).toBe(404);
  });
});

describe('the API table: skills, users, locations', () => {
  it('GET /api/skills: name, description, status; GET /api/skills/{id}; DELETE /api/skills/{id}', async () => {
    const created = (
      await call('POST', '/api/skills', employee.token, { name: 'Airflow', description: 'Scheduler' })
    ).json();
    const list = await call('GET', '/api/skills?search=Airflow', employee.token);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Airflow',
        description: 'Scheduler',
        status: 'active',
      }),
    ]);
    expect((await call('GET', `/api/skills/${created.id}`, employee.token)).json().name).toBe('Airflow');
    expect((await call('DELETE', `/api/skills/${created.id}`, employee.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/skills/${created.id}`, employee.token)).statusCode).toBe(404);
  });

  it('GET /api/users for an employee: each with user_id and username', async () => {
    const res = await call('GET', '/api/users', employee.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual(
      expect.objectContaining({ user_id: colleague.user.user_id, username: colleague.user.username }),
    );
  });

  it('GET /api/locations/states and /states/{stateCode}/districts: iso2, name and id, name', async () => {
    const states = await call('GET', '/api/locations/states', employee.token);
    expect(states.json()).toContainEqual(expect.objectContaining({ iso2: 'KA', name: 'Karnataka' }));
    const districts = await call('GET', '/api/locations/states/KA/districts', employee.token);
    expect(districts.json()).toContainEqual({ id: expect.anything(), name: 'Bengaluru Urban' });
  });
});

describe('the API table: candidates', () => {
  /** The browser's own session: the calls the requirements make with "no auth header" ride on the cookie. */
  const cookie = () => ({ cookie: `${SESSION_COOKIE}=${employee.token}` });

  it('POST /api/upload/resume, multipart field file: url; the candidate is created with it', async () => {
    const form = multipartForm({
      file: { filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
    });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/resume',
      headers: { ...form.headers, ...auth(employee.token) },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url } = upload.json();
    const created = await createCandidate(ctx, employee.token, job.id, { resume_url: url });
    expect(created.resume_url).toBe(url);
  });

  it('GET /api/candidates without an auth header (the cookie), GET by uuid, GET /api/candidates/job/{jobId}, GET /api/employee/candidates', async () => {
    const c = await createCandidate(ctx, employee.token, job.id, { name: 'Listed Person' });
    const list = await ctx.app.inject({ url: '/api/candidates?search=Listed', headers: cookie() });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      uuid: c.uuid,
      name: 'Listed Person',
      application_status: 'applied',
      job: { id: job.id, title: 'Data Engineer' },
      created_by: employee.user.username,
    });
    const details = await call('GET', `/api/candidates/${c.uuid}`, employee.token);
    expect(details.json()).toMatchObject({ uuid: c.uuid, status: 'applied' });
    const ofJob = await call('GET', `/api/candidates/job/${job.id}`, employee.token);
    expect(ofJob.json().items.map((x: { uuid: string }) => x.uuid)).toContain(c.uuid);
    const mine = await call('GET', '/api/employee/candidates', employee.token);
    expect(mine.json().items.map((x: { uuid: string }) => x.uuid)).toContain(c.uuid);
  });

  it('PUT /api/candidates/{id} with the full candidate as the edit form loaded it', async () => {
    const c = await createCandidate(ctx, employee.token, job.id, { name: 'Edited Person' });
    const loaded = (await call('GET', `/api/candidates/${c.uuid}`, employee.token)).json();
    const res = await call('PUT', `/api/candidates/${c.uuid}`, employee.token, {
      ...loaded,
      current_company: 'Globex',
      expected_ctc: '18.5',
      notice_period: '60',
      job_answers: { 'Why do you want to join us?': 'Growth.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ current_company: 'Globex', expected_ctc: 18.5, notice_period: 60 });
  });

  it('PUT /api/candidates/{id} with a rejected candidate sent back whole keeps the rejection', async () => {
    const c = await createCandidate(ctx, employee.token, job.id, { name: 'Rejected Person' });
    const rejected = await call('PATCH', `/api/candidates/${c.uuid}/reject`, employee.token, {
      status: 'rejected',
      rejection_reason: 'Skills Mismatch',
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round', comments: 'No SQL' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const loaded = (await call('GET', `/api/candidates/${c.uuid}`, employee.token)).json();
    const res = await call('PUT', `/api/candidates/${c.uuid}`, employee.token, {
      ...loaded,
      notes: 'Call later',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      notes: 'Call later',
      status: 'rejected',
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round' },
    });
  });

  it('DELETE /api/candidates/{uuid} without an auth header (the cookie)', async () => {
    const c = await createCandidate(ctx, employee.token, job.id, { name: 'Deleted Person' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/candidates/${c.uuid}`,
      headers: cookie(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/api/candidates/${c.uuid}`, employee.token)).statusCode).toBe(404);
  });

  it.each([
    ['resume', { filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf }, 'resume_url'],
    ['image', { filename: 'me.png', contentType: 'image/png', data: FILES.png }, 'image_url'],
  ] as const)(
    'POST /api/candidates/{uuid}/upload/%s: multipart with the file and candidateId',
    async (field, file, column) => {
      const c = await createCandidate(ctx, employee.token, job.id, { name: `Upload ${field}` });
      const form = multipartForm({ candidateId: c.uuid, [field]: file });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/candidates/${c.uuid}/upload/${field}`,
        headers: { ...form.headers, ...auth(employee.token) },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().url).toBeTruthy();
      expect((await call('GET', `/api/candidates/${c.uuid}`, employee.token)).json()[column]).toBe(
        res.json().url,
      );
    },
  );
});

describe('the dashboards once there is work on them', () => {
  it('GET /api/dashboard/employee-stats: recent activities and open positions with the required fields', async () => {
    const res = await call('GET', '/api/dashboard/employee-stats', employee.token);
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.recentActivities[0]).toMatchObject({
      id: expect.any(Number),
      candidateName: expect.any(String),
      jobTitle: 'Data Engineer',
      date: expect.any(String),
      application_status: 'applied',
    });
    expect(stats.openPositions).toContainEqual(
      expect.objectContaining({ id: job.id, title: 'Data Engineer', type: 'Full-time', openings: 1 }),
    );
    expect(stats.candidateStats.total).toBeGreaterThan(0);
  });

  it('GET /api/dashboard/recruitment: recent activities with type, description, timestamp', async () => {
    const res = await call('GET', '/api/dashboard/recruitment', employee.token);
    expect(res.json().recentActivities[0]).toMatchObject({
      type: 'new_candidate',
      description: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(res.json().totalCandidates).toBeGreaterThan(0);
  });
});
