import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES as M, type Candidate, type Job } from '@portal/contracts';
import { requester, setupTestApp, type TestContext } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

/** Two people who are one, merged by an admin, and the merge undone: both back exactly. */
const ctx: TestContext = setupTestApp();
const send = requester(ctx);
let recruiter: Awaited<ReturnType<TestContext['createUser']>>;
let jobs: Job[];

beforeAll(async () => {
  recruiter = await ctx.createUser();
  const skills = await createSkills(ctx, ['Go']);
  jobs = [];
  for (const title of ['Go Developer', 'Go Lead', 'Go Architect'])
    jobs.push(await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Go!]), title, questions: [] }));
});

/** What a merge and its undo must give back: both people's fields and their applications. */
const snapshot = async (personIds: number[]) => ({
  people: await ctx.app
    .db('people')
    .whereIn('id', personIds)
    .orderBy('id')
    .select('id', 'name', 'email', 'phone', 'phone_key', 'experience', 'current_company', 'notes'),
  applications: await ctx.app
    .db('candidates')
    .whereIn('person_id', personIds)
    .orderBy('id')
    .select('id', 'person_id', 'job_id', 'status', 'name', 'email', 'phone', 'current_company', 'notes'),
  words: await ctx.app
    .db('candidate_words as w')
    .join('candidates as c', 'c.id', 'w.candidate_id')
    .whereIn('c.person_id', personIds)
    .orderBy(['w.candidate_id', 'w.word'])
    .select('w.candidate_id', 'w.word'),
});

describe('merging two people', () => {
  it('previews, merges with the fields picked, and undoes back to the exact rows', async () => {
    const mine = await createCandidate(ctx, recruiter.token, jobs[0]!.id, {
      name: 'Farhan Ali',
      current_company: 'Old Co',
      job_answers: {},
    });
    const theirs = await createCandidate(ctx, recruiter.token, jobs[1]!.id, {
      name: 'Farhan A.',
      current_company: 'New Co',
      job_answers: {},
    });
    const before = await snapshot([mine.person_id, theirs.person_id]);

    const preview = await send(
      'GET',
      `/api/people/${mine.person_id}/merge-preview?otherId=${theirs.person_id}`,
      ctx.adminToken,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().differing.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'current_company']),
    );
    expect(preview.json().moving.map((a: { uuid: string }) => a.uuid)).toEqual([theirs.uuid]);

    const merged = await send('POST', `/api/people/${mine.person_id}/merge`, ctx.adminToken, {
      otherId: theirs.person_id,
      fields: { current_company: 'theirs', phone: 'theirs' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const answer = merged.json();
    expect(answer).toMatchObject({
      message: M.merged('Farhan Ali', 1, 0),
      otherRemains: false,
      person: { id: mine.person_id, name: 'Farhan Ali', current_company: 'New Co', phone: theirs.phone },
    });
    expect(answer.person.applications.map((a: Candidate) => a.uuid)).toEqual([mine.uuid, theirs.uuid]);
    const moved: Candidate = (await send('GET', `/api/candidates/${theirs.uuid}`, recruiter.token)).json();
    expect(moved).toMatchObject({ person_id: mine.person_id, name: 'Farhan Ali', current_company: 'New Co' });
    expect(await ctx.app.db('people').where({ id: theirs.person_id }).first()).toBeUndefined();
    // Found by the name now theirs, under the kept person.
    const found = (await send('GET', '/api/people?search=farhan', recruiter.token)).json();
    expect(found.items.map((p: { id: number }) => p.id)).toEqual([mine.person_id]);
    expect(answer.person.merges).toEqual([
      expect.objectContaining({
        personId: mine.person_id,
        otherId: theirs.person_id,
        personName: 'Farhan Ali',
        otherName: 'Farhan A.',
        undoneAt: null,
      }),
    ]);

    const undone = await send('POST', `/api/people/merges/${answer.mergeId}/undo`, ctx.adminToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await snapshot([mine.person_id, theirs.person_id])).toEqual(before);
    const again = await send('POST', `/api/people/merges/${answer.mergeId}/undo`, ctx.adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.mergeUndone);
  });

  it('keeps apart two applications to one job, and says so; the other person remains with it', async () => {
    const mine = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const theirs = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const extra: Candidate = (
      await send('POST', `/api/people/${theirs.person_id}/applications`, recruiter.token, {
        jobId: jobs[2]!.id,
      })
    ).json();
    const res = await send('POST', `/api/people/${mine.person_id}/merge`, ctx.adminToken, {
      otherId: theirs.person_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.merged(mine.name, 1, 1),
      otherRemains: true,
      moved: [{ uuid: extra.uuid }],
      keptApart: [{ uuid: theirs.uuid, jobTitle: 'Go Developer' }],
    });
    expect((await ctx.app.db('candidates').where({ id: theirs.id }).first()).person_id).toBe(
      theirs.person_id,
    );
  });

  it('refuses a merge with oneself, an unknown person, a non-admin, and an undo after a moved application changed job', async () => {
    const mine = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const theirs = await createCandidate(ctx, recruiter.token, jobs[1]!.id, { job_answers: {} });
    const before = await snapshot([mine.person_id, theirs.person_id]);
    const merge = (token: string, id: number, body: unknown) =>
      send('POST', `/api/people/${id}/merge`, token, body);
    expect((await merge(ctx.adminToken, mine.person_id, { otherId: mine.person_id })).json().message).toBe(
      M.mergeSelf,
    );
    expect((await merge(ctx.adminToken, mine.person_id, { otherId: 999999 })).statusCode).toBe(404);
    expect((await merge(recruiter.token, mine.person_id, { otherId: theirs.person_id })).statusCode).toBe(
      403,
    );
    expect(
      (await merge(ctx.adminToken, mine.person_id, { otherId: theirs.person_id, fields: { job_id: 'mine' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await merge(ctx.adminToken, mine.person_id, { otherId: theirs.person_id, fields: { name: 'both' } }))
        .statusCode,
    ).toBe(400);
    expect((await send('POST', '/api/people/merges/999999/undo', ctx.adminToken)).statusCode).toBe(404);
    expect(await snapshot([mine.person_id, theirs.person_id])).toEqual(before);

    const done = (await merge(ctx.adminToken, mine.person_id, { otherId: theirs.person_id })).json();
    const moved = (await send('GET', `/api/candidates/${theirs.uuid}`, ctx.adminToken)).json();
    const away = await send('PUT', `/api/candidates/${theirs.uuid}`, ctx.adminToken, {
      job_id: jobs[2]!.id,
      version: moved.version,
    });
    expect(away.statusCode, away.body).toBe(200);
    const undo = await send('POST', `/api/people/merges/${done.mergeId}/undo`, ctx.adminToken);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(M.mergeUndoBlocked);
    expect((await send('POST', `/api/people/merges/${done.mergeId}/undo`, recruiter.token)).statusCode).toBe(
      403,
    );
  });

  it('suggests people who may be one, for admins', async () => {
    const a = await createCandidate(ctx, recruiter.token, jobs[0]!.id, {
      name: 'Nikhil Bose',
      email: 'nikhil.bose@one.example',
      job_answers: {},
    });
    const b = await createCandidate(ctx, recruiter.token, jobs[1]!.id, {
      name: 'Nikhil Bose',
      email: 'nikhil.bose@two.example',
      job_answers: {},
    });
    const res = await send('GET', '/api/people/duplicates', ctx.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    // Each with their applications, for the admin to weigh.
    expect(res.json()).toContainEqual({
      a: expect.objectContaining({
        id: a.person_id,
        applications: [expect.objectContaining({ uuid: a.uuid, jobTitle: 'Go Developer' })],
      }),
      b: expect.objectContaining({
        id: b.person_id,
        applications: [expect.objectContaining({ uuid: b.uuid, jobTitle: 'Go Lead' })],
      }),
    });
    expect((await send('GET', '/api/people/duplicates', recruiter.token)).statusCode).toBe(403);
  });
});
