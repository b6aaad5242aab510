import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, SKILL_MESSAGES, type LoginResponse } from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';
import { auth, setupTestApp } from './helper.ts';
import { createSkills, dateFromToday } from './job-fixtures.ts';

/**
 * The request bodies exactly as the requirements' API tables document them:
 * a client written from the requirements must work at its first call. Who acts always comes from the session;
 * identity fields in a body are accepted and ignored, never trusted.
 */
const ctx = setupTestApp();
let employee: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  employee = await ctx.createUser({ name: 'Meera Iyer' });
  other = await ctx.createUser({ name: 'Arjun Rao' });
  await createSkills(ctx, ['React', 'Node.js']);
});

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload: object) =>
  ctx.app.inject({ method, url, headers: auth(token), payload });

/** The job fields, skills by name, status and who-did-it fields. */
const specJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Backend Engineer',
  type: 'Full-time',
  description: 'Builds APIs.',
  questions: ['Notice period?'],
  state: 'KA',
  city: 'Bengaluru Urban',
  minSalary: 900_000,
  maxSalary: 1_500_000,
  deadline: dateFromToday(20),
  experienceRange: [2, 5],
  interviewRounds: ['Shortlisting', 'HR Round'],
  clientName: 'Acme',
  clientEmail: 'jobs@acme.example',
  clientLocation: 'Bengaluru',
  skills: ['React', 'node.js'],
  openings: 2,
  status: 'active',
  editable_by: [],
  created_by: 'someone else',
  created_by_id: other.user.user_id,
  updated_by: 'someone else',
  updated_by_id: other.user.user_id,
  ...overrides,
});

describe('the documented bodies for jobs and skills', () => {
  it('POST /api/skills with name, description, created_by, created_by_id', async () => {
    const res = await send('POST', '/api/skills', employee.token, {
      name: 'Kotlin',
      description: 'JVM language',
      created_by: other.user.name,
      created_by_id: other.user.user_id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created_by: 'Meera Iyer', created_by_id: employee.user.id });
  });

  it('PATCH /api/skills/:id with name, description, status, updated_by, updated_by_id', async () => {
    const [id] = Object.values(await createSkills(ctx, ['Scala']));
    const res = await send('PATCH', `/api/skills/${id}`, employee.token, {
      name: 'Scala 3',
      description: 'Functional',
      status: 'inactive',
      updated_by: other.user.name,
      updated_by_id: other.user.user_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Scala 3',
      status: 'inactive',
      updated_by_id: employee.user.id,
    });
  });

  it('POST /api/jobs with skills by name, status and identity fields; the creator is the session', async () => {
    const res = await send(
      'POST',
      '/api/jobs',
      employee.token,
      specJob({ created_by_id: other.user.user_id }),
    );
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job.skills.map((s: { name: string }) => s.name)).toEqual(['Node.js', 'React']);
    expect(job).toMatchObject({
      status: 'active',
      created_by_id: employee.user.id,
      created_by: 'Meera Iyer',
    });
  });

  it('takes skills by id as well, and says which names the catalogue lacks', async () => {
    const ids = await createSkills(ctx, ['Go']);
    const byId = await send('POST', '/api/jobs', employee.token, specJob({ skills: [ids.Go] }));
    expect(byId.statusCode).toBe(201);
    expect(byId.json().skills).toEqual([{ id: ids.Go, name: 'Go' }]);

    const before = await ctx.count('jobs');
    const unknown = await send('POST', '/api/jobs', employee.token, specJob({ skills: ['React', 'Cobol'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(JOB_MESSAGES.unknownSkillNames(['Cobol']));
    const none = await send('POST', '/api/jobs', employee.token, specJob({ skills: [] }));
    expect(none.json().message).toBe(JOB_MESSAGES.skillsRequired);
    expect(await ctx.count('jobs')).toBe(before);
  });

  it('PUT /api/jobs/:id with the job sent back whole, updated_by and updated_by_id', async () => {
    const created = (await send('POST', '/api/jobs', employee.token, specJob())).json();
    const res = await send('PUT', `/api/jobs/${created.id}`, employee.token, {
      ...created,
      skills: created.skills.map((s: { name: string }) => s.name),
      title: 'Senior Backend Engineer',
      updated_by: other.user.name,
      updated_by_id: other.user.user_id,
    });
    expect(res.json().message).toBeUndefined();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Senior Backend Engineer', updated_by_id: employee.user.id });
  });

  it('PATCH /api/jobs/:id/status with status, updated_by, updated_by_id', async () => {
    const created = (await send('POST', '/api/jobs', employee.token, specJob())).json();
    const res = await send('PATCH', `/api/jobs/${created.id}/status`, employee.token, {
      status: 'closed',
      updated_by: other.user.name,
      updated_by_id: other.user.user_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', updated_by_id: employee.user.id });
  });
});

describe('the documented bodies for users', () => {
  it('POST /api/users with status (a create field), active or inactive', async () => {
    const res = await send('POST', '/api/users', ctx.adminToken, {
      ...employeeBody('spec-inactive'),
      role: 'User',
      status: 'inactive',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('inactive');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { username: 'employeespec-inactive', password: 'employee-pass' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('PUT /api/users/:id with the record sent back whole (user_id, date_joined, photo), url and permissions', async () => {
    const created = (await send('POST', '/api/users', ctx.adminToken, employeeBody('spec-edit'))).json();
    const res = await send('PUT', `/api/users/${created.user_id}`, ctx.adminToken, {
      ...created,
      name: 'Edited Name',
      user_id: 'USR0001',
      permissions: { type: 'Limited', permissions: ['create', 'read', 'update'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited Name', user_id: created.user_id });
  });

  it('PUT /api/users/:userId/password with newPassword alone (admin) or with currentPassword (own)', async () => {
    const admin = await send('PUT', `/api/users/${other.user.user_id}/password`, ctx.adminToken, {
      newPassword: 'reset-by-admin',
    });
    expect(admin.statusCode).toBe(200);
    const own = await send(
      'PUT',
      `/api/users/${other.user.user_id}/password`,
      (await ctx.login(other.user.username, 'reset-by-admin')).token,
      {
        currentPassword: 'reset-by-admin',
        newPassword: 'my-own-choice',
      },
    );
    expect(own.statusCode).toBe(200);
  });

  it('refuses a new password made only of spaces', async () => {
    const res = await send('PUT', `/api/users/${employee.user.user_id}/password`, ctx.adminToken, {
      newPassword: '         ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password cannot be only spaces');
  });
});

describe('names that differ only by case are one name, in every alphabet', () => {
  it.each([
    ['Ärger', 'ärger'],
    ['Σύνταξη', 'σύνταξη'],
    ['Straße', 'STRAßE'],
  ])('%s then %s: the second is a duplicate', async (first, second) => {
    expect((await send('POST', '/api/skills', employee.token, { name: first })).statusCode).toBe(201);
    const again = await send('POST', '/api/skills', employee.token, { name: second });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SKILL_MESSAGES.nameTaken);
  });

  it('a job names a skill in any case', async () => {
    const res = await send('POST', '/api/jobs', employee.token, specJob({ skills: ['ärger', 'REACT'] }));
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .skills.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['React', 'Ärger']);
  });
});

describe('control characters in names and titles', () => {
  it.each([
    ['a NUL', 'Back\u0000end'],
    ['a right-to-left override', 'Invoice\u202Efdp.exe'],
    ['a line break', 'Two\nlines'],
  ])('a job title with %s is refused and nothing is written', async (_what, title) => {
    const before = await ctx.count('jobs');
    const res = await send('POST', '/api/jobs', employee.token, specJob({ title }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title contains characters that are not allowed');
    expect(await ctx.count('jobs')).toBe(before);
  });

  it('a description keeps its line breaks', async () => {
    const res = await send(
      'POST',
      '/api/jobs',
      employee.token,
      specJob({ description: 'Line one\nLine two' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe('Line one\nLine two');
  });

  it('a skill name with a NUL is refused', async () => {
    const res = await send('POST', '/api/skills', employee.token, { name: 'Ru\u0000st' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name contains characters that are not allowed');
  });
});

describe('the documented bodies for candidates', () => {
  let jobId: number;
  beforeAll(async () => {
    const res = await send('POST', '/api/jobs', employee.token, specJob({ title: 'Candidate Bodies Job' }));
    jobId = res.json().id;
  });

  /** POST /api/candidates as documented: every field the API table lists, in its names. */
  const specCandidate = (n: number) => ({
    name: `Spec Candidate ${n}`,
    email: `spec.candidate.${n}@example.com`,
    phone: `70000000${String(n).padStart(2, '0')}`,
    experience: 3,
    current_company: 'Acme',
    current_ctc: 8,
    expected_ctc: 12,
    notice_period: 30,
    current_location: 'Karnataka, Bengaluru Urban',
    preferred_location: 'Karnataka, Mysuru',
    job_id: jobId,
    job_answers: { 'Notice period?': '30 days' },
    rejection_reason: '',
    rejection_details: {},
    notes: '',
    source: 'Referral',
    referred_by: 'Kiran',
    resume_url: '',
    created_by: other.user.name,
    created_by_id: other.user.user_id,
  });

  it('POST /api/candidates, check-duplicate, PUT/PATCH resume_url, status, reject and share as documented', async () => {
    const created = await send('POST', '/api/candidates', employee.token, specCandidate(1));
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ created_by_id: employee.user.id, referred_by: 'Kiran' });

    const dup = await send('POST', '/api/candidates/check-duplicate', employee.token, {
      email: c.email,
      phone: c.phone,
      name: c.name,
    });
    expect(dup.json().isDuplicate).toBe(true);

    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await send(method, `/api/candidates/${c.id}`, employee.token, { resume_url: '' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const status = await send('PATCH', `/api/candidates/${c.uuid}/status`, employee.token, {
      status: 'shortlisted',
      changed_by: other.user.user_id,
    });
    expect(status.statusCode).toBe(200);

    const share = await send('POST', '/api/candidates/share', employee.token, {
      jobId,
      clientEmail: 'jobs@acme.example',
      clientName: 'Acme',
      jobTitle: 'Candidate Bodies Job',
      candidates: [c],
    });
    expect(share.statusCode, share.body).toBe(200);

    const reject = await send('PATCH', `/api/candidates/${c.uuid}/reject`, employee.token, {
      status: 'rejected',
      rejection_reason: 'Cultural Fit',
      rejection_details: {
        reason: 'Cultural Fit',
        stage: 'HR Round',
        comments: 'Prefers remote only',
        rejected_by: other.user.user_id,
        rejected_at: new Date().toISOString(),
      },
      changed_by: other.user.user_id,
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json().rejection_details.rejected_by).toBe(employee.user.username);
  });

  it('POST /api/candidates/bulk-upload with candidates, created_by, created_by_id', async () => {
    const {
      job_answers: _a,
      rejection_reason: _r,
      rejection_details: _d,
      notes: _n,
      resume_url: _u,
      created_by: _c,
      created_by_id: _i,
      ...row
    } = specCandidate(2);
    const res = await send('POST', '/api/candidates/bulk-upload', employee.token, {
      candidates: [{ ...row, status: 'applied' }],
      created_by: other.user.name,
      created_by_id: other.user.user_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(res.json().results.success).toHaveLength(1);
  });
});

describe('paging and ids', () => {
  it.each([
    ['page=1e309', 'Page must be'],
    ['page=1e308', 'Page must be at most'],
    ['page=0', 'Page must be at least 1'],
    ['page=1.5', 'Page must be a whole number'],
    ['page=abc', 'Page must be a whole number'],
    ['page=-1', 'Page must be at least 1'],
    ['pageSize=1001', 'Page size must be at most 1000'],
    ['limit=0', 'Limit must be at least 1'],
    ['limit=1e400', 'Limit must be'],
  ])('GET /api/skills?%s is a 400', async (query, message) => {
    const res = await ctx.app.inject({ url: `/api/skills?${query}`, headers: auth(employee.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('limit is another name for pageSize', async () => {
    const res = await ctx.app.inject({ url: '/api/skills?limit=2', headers: auth(employee.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pageSize: 2 });
    expect(res.json().items).toHaveLength(2);
  });

  it.each(['1e308', '99999999999', '0', '1.5'])('GET /api/jobs/%s is a 400, not a lookup', async (id) => {
    const res = await ctx.app.inject({ url: `/api/jobs/${id}`, headers: auth(employee.token) });
    expect(res.statusCode).toBe(400);
  });
});
