import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@portal/contracts';
import { JOB_MESSAGES, SKILL_MESSAGES, idTextMessage, type Job } from '@portal/contracts';
import type { DomainEvent } from '../src/events.ts';
import { toJobSummary } from '../src/modules/jobs/service.ts';
import { requester, setupTestApp } from './helper.ts';
import { addCandidates, createJob, createSkills, dateFromToday, jobBody } from './job-fixtures.ts';

const ctx = setupTestApp();
let skills: Record<string, number>;
let creator: LoginResponse;
let editor: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  skills = await createSkills(ctx, ['React', 'Node.js', 'TypeScript']);
  creator = await ctx.createUser({ name: 'Priya Sharma' });
  editor = await ctx.createUser({ name: 'Arjun Mehta' });
  other = await ctx.createUser({ name: 'Kavya Nair' });
});

const body = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...jobBody([skills.React!]),
  ...overrides,
});
const tables = async () => ({
  jobs: await ctx.count('jobs'),
  skills: await ctx.count('job_skills'),
  editors: await ctx.count('job_editors'),
});
const send = requester(ctx);

describe('creating a job', () => {
  it('stores every field, takes the creator from the session and drops blank questions', async () => {
    const res = await send(
      'POST',
      '/api/jobs',
      creator.token,
      body({
        skillIds: [skills.TypeScript, skills.React],
        questions: ['  Notice period?  ', '   ', ''],
        city: 'bengaluru urban',
        state: 'ka',
        clientEmail: 'Hiring@Acme.Example',
        editable_by: [editor.user.id],
      }),
    );
    expect(res.statusCode).toBe(201);
    const job: Job = res.json();
    expect(job).toMatchObject({
      title: 'Senior React Developer',
      type: 'Full-time',
      state: 'KA',
      stateName: 'Karnataka',
      city: 'Bengaluru Urban',
      minSalary: 1_200_000,
      maxSalary: 1_800_000,
      experienceRange: [3, 6],
      interviewRounds: ['Shortlisting', 'Technical Round 1', 'HR Round'],
      questions: ['Notice period?'],
      clientEmail: 'hiring@acme.example',
      skills: [
        { id: skills.React, name: 'React' },
        { id: skills.TypeScript, name: 'TypeScript' },
      ],
      openings: 1,
      status: 'active',
      editable_by: [editor.user.id],
      created_by: 'Priya Sharma',
      created_by_id: creator.user.id,
      updated_by_id: creator.user.id,
      candidateCount: 0,
      canEdit: true,
    });
    expect(job.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('saves a draft (Save and Continue Later), with no maximum salary and no deadline', async () => {
    const job = await createJob(
      ctx,
      other.token,
      body({ status: 'draft', maxSalary: null, deadline: null, openings: 3, interviewRounds: [] }),
    );
    expect(job).toMatchObject({ status: 'draft', maxSalary: null, deadline: null, openings: 3 });
  });

  it('accepts who-did-it fields in the body and ignores them: the session decides', async () => {
    const res = await send(
      'POST',
      '/api/jobs',
      creator.token,
      body({
        created_by: other.user.name,
        created_by_id: other.user.id,
        updated_by: other.user.name,
        updated_by_id: other.user.id,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created_by: 'Priya Sharma',
      created_by_id: creator.user.id,
      updated_by_id: creator.user.id,
    });
  });

  it.each([
    [{ title: undefined }, JOB_MESSAGES.titleRequired],
    [{ title: '   ' }, JOB_MESSAGES.titleRequired],
    [{ description: '' }, JOB_MESSAGES.descriptionRequired],
    [{ type: 'Freelance' }, 'Job type is not one of the allowed values'],
    [{ state: undefined }, JOB_MESSAGES.stateRequired],
    [{ state: 'ZZ' }, JOB_MESSAGES.unknownState],
    [{ city: '' }, JOB_MESSAGES.cityRequired],
    [{ city: 'Pune' }, JOB_MESSAGES.unknownCity],
    [{ minSalary: undefined }, 'Minimum salary is required'],
    [{ minSalary: -1 }, 'Minimum salary must be at least 0'],
    [{ minSalary: 1.5 }, 'Minimum salary must be a whole number'],
    [{ maxSalary: 'lots' }, 'Maximum salary must be a whole number'],
    [{ minSalary: 2_000_000, maxSalary: 1_000_000 }, JOB_MESSAGES.salaryOrder],
    [{ experienceRange: [6, 3] }, JOB_MESSAGES.experienceOrder],
    [{ experienceRange: [0, 21] }, 'Maximum experience must be at most 20'],
    [{ experienceRange: [-1, 2] }, 'Minimum experience must be at least 0'],
    [{ experienceRange: [2] }, 'Experience range needs at least 2 items'],
    [{ openings: 0 }, JOB_MESSAGES.openingsMin],
    [{ deadline: dateFromToday(-2) }, JOB_MESSAGES.deadlinePast],
    [{ deadline: '2030-02-30' }, 'Deadline must be a valid date'],
    [{ interviewRounds: ['Coffee chat'] }, 'Interview round is not one of the allowed values'],
    [{ skillIds: [] }, JOB_MESSAGES.skillsRequired],
    [{ skillIds: undefined }, JOB_MESSAGES.skillsRequired],
    [{ skillIds: [999_999] }, JOB_MESSAGES.unknownSkills],
    [{ editable_by: [999_999] }, JOB_MESSAGES.unknownEditors],
    [{ clientName: ' ' }, JOB_MESSAGES.clientNameRequired],
    [{ clientEmail: undefined }, 'Client email is required'],
    [{ clientEmail: 'not-an-email' }, 'Please enter a valid email address'],
    [{ clientLocation: '' }, JOB_MESSAGES.clientLocationRequired],
    [{ questions: ['x'.repeat(501)] }, 'Each question must be at most 500 characters'],
    [{ status: 'closed' }, 'Status is not one of the allowed values'],
  ])('refuses %j with 400 and writes nothing', async (overrides, message) => {
    const before = await tables();
    const payload = body(overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete payload[key];
    const res = await send('POST', '/api/jobs', creator.token, payload);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message });
    expect(await tables()).toEqual(before);
  });
});

describe('who may change a job: its creator, an admin or a listed editor', () => {
  type Actor = 'creator' | 'admin' | 'editor' | 'other' | 'anonymous';
  const tokenOf = (actor: Actor) =>
    ({
      creator: creator.token,
      admin: ctx.adminToken,
      editor: editor.token,
      other: other.token,
      anonymous: undefined,
    })[actor];
  const expected: Record<Actor, number> = {
    creator: 200,
    admin: 200,
    editor: 200,
    other: 403,
    anonymous: 401,
  };
  const actions = {
    edit: {
      call: (id: number, token?: string) =>
        send('PUT', `/api/jobs/${id}`, token, body({ title: 'Renamed', maxSalary: 1_900_000 })),
      denied: JOB_MESSAGES.noEditPermission,
    },
    status: {
      call: (id: number, token?: string) =>
        send('PATCH', `/api/jobs/${id}/status`, token, { status: 'closed' }),
      denied: JOB_MESSAGES.noStatusPermission,
    },
    delete: {
      call: (id: number, token?: string) => send('DELETE', `/api/jobs/${id}`, token),
      denied: JOB_MESSAGES.noDeletePermission,
    },
  };
  const matrix = (Object.keys(actions) as (keyof typeof actions)[]).flatMap((action) =>
    (Object.keys(expected) as Actor[]).map((actor) => [action, actor] as const),
  );

  it.each(matrix)('%s by %s', async (action, actor) => {
    const job = await createJob(ctx, creator.token, body({ editable_by: [editor.user.id] }));
    const res = await actions[action].call(job.id, tokenOf(actor));
    expect(res.statusCode).toBe(expected[actor]);
    const after = await ctx.app.db('jobs').where({ id: job.id }).first();
    if (expected[actor] === 403) {
      expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: actions[action].denied });
    }
    if (expected[actor] !== 200) {
      // Refused: the job is exactly as it was.
      expect(after).toMatchObject({ title: job.title, status: 'active' });
      return;
    }
    if (action === 'delete') {
      expect(res.json()).toEqual({ ok: true, message: JOB_MESSAGES.deleted });
      expect(after).toBeUndefined();
      expect(await ctx.app.db('job_skills').where({ job_id: job.id }).first()).toBeUndefined();
    } else {
      const changed: Job = res.json();
      const actorId = { creator: creator.user.id, editor: editor.user.id, admin: 1 }[actor as string];
      expect(changed).toMatchObject({ created_by_id: creator.user.id, canEdit: true });
      expect(changed.updated_by_id).toBe(actorId);
      expect(action === 'edit' ? changed.title : changed.status).toBe(
        action === 'edit' ? 'Renamed' : 'closed',
      );
    }
  });

  it('tells each reader whether they may edit, and lets everyone signed in read', async () => {
    const job = await createJob(ctx, creator.token, body({ editable_by: [editor.user.id] }));
    const canEdit = async (token: string) => (await send('GET', `/api/jobs/${job.id}`, token)).json().canEdit;
    expect(await canEdit(creator.token)).toBe(true);
    expect(await canEdit(ctx.adminToken)).toBe(true);
    expect(await canEdit(editor.token)).toBe(true);
    expect(await canEdit(other.token)).toBe(false);
    const list = await send('GET', '/api/jobs?pageSize=100', other.token);
    expect(list.json().items.find((j: Job) => j.id === job.id).canEdit).toBe(false);
    expect((await send('GET', `/api/jobs/${job.id}`)).statusCode).toBe(401);
  });

  it('grants and takes back edit access through editable_by', async () => {
    const job = await createJob(ctx, creator.token, body());
    expect((await actions.edit.call(job.id, other.token)).statusCode).toBe(403);
    const grant = await send(
      'PUT',
      `/api/jobs/${job.id}`,
      creator.token,
      body({ maxSalary: 1_800_000, editable_by: [other.user.id, other.user.id] }),
    );
    expect(grant.json().editable_by).toEqual([other.user.id]);
    const edited = await actions.edit.call(job.id, other.token);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ updated_by: 'Kavya Nair', created_by: 'Priya Sharma' });
    // The editor's own form sends editable_by without themselves: they lose access from then on.
    await send('PUT', `/api/jobs/${job.id}`, other.token, body({ maxSalary: 1_800_000, editable_by: [] }));
    expect((await actions.status.call(job.id, other.token)).statusCode).toBe(403);
  });
});

describe('editing a job', () => {
  it('requires the maximum salary on edit and keeps openings when the form has none', async () => {
    const job = await createJob(ctx, creator.token, body({ openings: 4 }));
    const noMax = body({ maxSalary: undefined });
    delete noMax.maxSalary;
    const res = await send('PUT', `/api/jobs/${job.id}`, creator.token, noMax);
    expect(res.json().message).toBe('Maximum salary is required');
    const ok = await send(
      'PUT',
      `/api/jobs/${job.id}`,
      creator.token,
      body({ title: 'Lead React Developer' }),
    );
    expect(ok.json()).toMatchObject({ title: 'Lead React Developer', openings: 4 });
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['GET', '/api/jobs/999999'],
      ['PUT', '/api/jobs/999999'],
      ['PATCH', '/api/jobs/999999/status'],
      ['DELETE', '/api/jobs/999999'],
    ] as const) {
      const payload = method === 'PUT' ? body() : method === 'PATCH' ? { status: 'draft' } : undefined;
      const res = await send(method, url, ctx.adminToken, payload);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: JOB_MESSAGES.notFound });
    }
    const bad = await send('GET', '/api/jobs/abc', ctx.adminToken);
    // The message says how an id is written: "abc", "0x1" and "0" all get it.
    expect(bad.json().message).toBe(idTextMessage('Id'));
    const badStatus = await send('PATCH', '/api/jobs/1/status', ctx.adminToken, { status: 'paused' });
    expect(badStatus.json().message).toBe('Status is not one of the allowed values');
  });
});

describe('expiry', () => {
  it('shows an active job past its deadline as expired, and keeps the past deadline on edit', async () => {
    const job = await createJob(ctx, creator.token, body());
    const past = dateFromToday(-3);
    await ctx.app.db('jobs').where({ id: job.id }).update({ deadline: past });
    const got = (await send('GET', `/api/jobs/${job.id}`, creator.token)).json();
    expect(got).toMatchObject({ status: 'expired', deadline: past });

    const reactivate = await send('PATCH', `/api/jobs/${job.id}/status`, creator.token, { status: 'active' });
    expect(reactivate.json().message).toBe(JOB_MESSAGES.activePastDeadline);

    const keep = await send(
      'PUT',
      `/api/jobs/${job.id}`,
      creator.token,
      body({ deadline: past, title: 'Kept' }),
    );
    expect(keep.statusCode).toBe(200);
    const earlier = await send(
      'PUT',
      `/api/jobs/${job.id}`,
      creator.token,
      body({ deadline: dateFromToday(-9) }),
    );
    expect(earlier.json().message).toBe(JOB_MESSAGES.deadlinePast);

    const extended = await send(
      'PUT',
      `/api/jobs/${job.id}`,
      creator.token,
      body({ deadline: dateFromToday(10) }),
    );
    expect(extended.json().status).toBe('active');
  });
});

describe('a job with candidates', () => {
  it('counts them, refuses deletion with 409 suggesting archiving, and can be archived', async () => {
    const job = await createJob(ctx, creator.token, body());
    await addCandidates(ctx, job.id, 2);
    expect((await send('GET', `/api/jobs/${job.id}`, creator.token)).json().candidateCount).toBe(2);
    const listed = (await send('GET', '/api/jobs?pageSize=100', creator.token)).json();
    expect(listed.items.find((j: Job) => j.id === job.id).candidateCount).toBe(2);

    const refused = await send('DELETE', `/api/jobs/${job.id}`, ctx.adminToken);
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: JOB_MESSAGES.hasCandidates(2),
    });
    expect(JOB_MESSAGES.hasCandidates(2)).toMatch(/Archive it instead/);
    expect(await ctx.app.db('jobs').where({ id: job.id }).first()).toBeDefined();
    expect(await ctx.app.db('candidates').where({ job_id: job.id }).count({ n: '*' })).toEqual([{ n: 2 }]);

    const archived = await send('PATCH', `/api/jobs/${job.id}/status`, creator.token, { status: 'archived' });
    expect(archived.json().status).toBe('archived');

    await ctx.app.db('candidates').where({ job_id: job.id }).delete();
    expect((await send('DELETE', `/api/jobs/${job.id}`, creator.token)).statusCode).toBe(200);
  });

  it('keeps a skill that jobs ask for from being deleted from the catalogue', async () => {
    const [id] = Object.values(await createSkills(ctx, ['Elixir']));
    await createJob(ctx, creator.token, body({ skillIds: [id] }));
    const res = await send('DELETE', `/api/skills/${id}`, ctx.adminToken);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: SKILL_MESSAGES.inUse });
  });
});

describe('events', () => {
  it('publishes job.changed after each committed change and nothing for a refused one', async () => {
    const seen: DomainEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => seen.push(e));
    try {
      const job = await createJob(ctx, creator.token, body());
      await send('PATCH', `/api/jobs/${job.id}/status`, creator.token, { status: 'draft' });
      await send('PATCH', `/api/jobs/${job.id}/status`, other.token, { status: 'closed' });
      await send('POST', '/api/jobs', creator.token, body({ skillIds: [999_999] }));
      await send('DELETE', `/api/jobs/${job.id}`, creator.token);
      // Each change carries the job as lists show it; a deletion only its id.
      expect(seen.filter((e) => e.name === 'job.changed').map((e) => e.payload)).toEqual([
        { ...toJobSummary(job), version: 1 },
        expect.objectContaining({ id: job.id, status: 'draft', version: 2, candidateCount: 0 }),
        { id: job.id, deleted: true },
      ]);
    } finally {
      stop();
    }
  });
});

describe('two people editing one job', () => {
  it('a stale edit gets 409 with the job as it is now, and writes nothing', async () => {
    const job = await createJob(ctx, creator.token, body({ editable_by: [editor.user.id] }));
    expect(job.version).toBe(1);
    const first = await send('PUT', `/api/jobs/${job.id}`, editor.token, {
      ...body({ title: 'Changed by the editor', maxSalary: 1_800_000 }),
      version: job.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);

    const stale = await send('PUT', `/api/jobs/${job.id}`, creator.token, {
      ...body({ title: 'Changed by the creator', maxSalary: 1_800_000 }),
      version: job.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message: JOB_MESSAGES.staleEdit('Arjun Mehta'),
      current: { id: job.id, title: 'Changed by the editor', version: 2, updated_by: 'Arjun Mehta' },
    });
    const now = (await send('GET', `/api/jobs/${job.id}`, creator.token)).json();
    expect(now).toMatchObject({ title: 'Changed by the editor', version: 2 });

    // Saving over it on purpose: the edit is made again from the version now shown.
    const over = await send('PUT', `/api/jobs/${job.id}`, creator.token, {
      ...body({ title: 'Changed by the creator', maxSalary: 1_800_000 }),
      version: 2,
    });
    expect(over.statusCode).toBe(200);
    expect(over.json()).toMatchObject({ title: 'Changed by the creator', version: 3 });
  });

  it('a status change made from an old version gets 409 too', async () => {
    const job = await createJob(ctx, creator.token, body());
    await send('PATCH', `/api/jobs/${job.id}/status`, creator.token, { status: 'draft', version: 1 });
    const stale = await send('PATCH', `/api/jobs/${job.id}/status`, creator.token, {
      status: 'closed',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ status: 'draft', version: 2 });
  });

  it('two saves from one version at the same moment: one wins, the other gets 409', async () => {
    const job = await createJob(ctx, creator.token, body({ editable_by: [editor.user.id] }));
    const save = (token: string, title: string) =>
      send('PUT', `/api/jobs/${job.id}`, token, { ...body({ title, maxSalary: 1_800_000 }), version: 1 });
    const answers = await Promise.all([save(creator.token, 'Version A'), save(editor.token, 'Version B')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const now = (await send('GET', `/api/jobs/${job.id}`, creator.token)).json();
    expect(now).toMatchObject({ title: winner.title, version: 2 });
  });
});
