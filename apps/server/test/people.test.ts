import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MESSAGES as M,
  JOB_MESSAGES,
  type Candidate,
  type CandidateChange,
  type Job,
  type PersonUpdatedMessage,
} from '@portal/contracts';
import { requester, setupTestApp, type TestContext } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody, createCandidate } from './candidate-fixtures.ts';
import { liveClients, until } from './live-clients.ts';

/**
 * One person, many pipelines: a person on file is put forward for another job (one, or many from the
 * talent pool), and the person's fields are theirs whichever application they are edited through.
 */
const ctx: TestContext = setupTestApp();
const send = requester(ctx);
const live = liveClients();
let recruiter: Awaited<ReturnType<TestContext['createUser']>>;
let jobs: Job[];
let address: string;

beforeAll(async () => {
  recruiter = await ctx.createUser();
  const skills = await createSkills(ctx, ['Java']);
  jobs = [];
  for (const title of ['Java Lead', 'Platform Engineer', 'SRE'])
    jobs.push(await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Java!]), title, questions: [] }));
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => live.closeAll());

const applicationsOf = async (personId: number) =>
  (await ctx.app.db('candidates').where({ person_id: personId }).orderBy('id')) as Record<string, unknown>[];

describe('a person on file put forward for another job', () => {
  it('staff add: the duplicate names the person; "add to job" makes their application; twice is 409', async () => {
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const again = await send(
      'POST',
      '/api/candidates',
      recruiter.token,
      candidateBody(jobs[1]!.id, { email: first.email, job_answers: {} }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: M.duplicateEmail,
      personId: first.person_id,
      personName: first.name,
      applications: [{ uuid: first.uuid, jobId: jobs[0]!.id, jobTitle: 'Java Lead', status: 'applied' }],
    });

    const added = await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
      jobId: jobs[1]!.id,
      source: 'Referral',
      referred_by: 'Meera',
      notes: 'Put forward for the platform team',
      job_answers: { 'Notice negotiable?': 'Yes' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const application: Candidate = added.json();
    expect(application).toMatchObject({
      person_id: first.person_id,
      applications_count: 2,
      job_id: jobs[1]!.id,
      status: 'applied',
      name: first.name,
      email: first.email,
      phone: first.phone,
      current_company: first.current_company,
      source: 'Referral',
      referred_by: 'Meera',
      notes: 'Put forward for the platform team',
      job_answers: { 'Notice negotiable?': 'Yes' },
      canEdit: true,
    });
    expect(application.uuid).not.toBe(first.uuid);
    // The first application now counts two too, and the job's list shows the new one.
    expect((await send('GET', `/api/candidates/${first.uuid}`, recruiter.token)).json()).toMatchObject({
      applications_count: 2,
    });
    const listed = (await send('GET', `/api/candidates/job/${jobs[1]!.id}`, recruiter.token)).json();
    expect(listed.items.map((c: Candidate) => c.uuid)).toContain(application.uuid);

    const twice = await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
      jobId: jobs[1]!.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: M.alreadyInJob(first.name, 'Platform Engineer'),
      uuid: application.uuid,
    });
    expect(await applicationsOf(first.person_id)).toHaveLength(2);
  });

  it('counts one more candidate on the dashboard, and no more people', async () => {
    const dashboard = async () => (await send('GET', '/api/dashboard/recruitment', recruiter.token)).json();
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const before = await dashboard();
    await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
      jobId: jobs[2]!.id,
    });
    const after = await dashboard();
    expect(after.totalCandidates).toBe(before.totalCandidates + 1);
    expect(after.peopleInPool).toBe(before.peopleInPool);
    expect(after.peopleInPool).toBe(await ctx.count('people'));
  });

  it('answers wrong input with 4xx and writes nothing', async () => {
    const person = (await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} })).person_id;
    const before = await ctx.count('candidates');
    const cases: [string, string, unknown, number, string?][] = [
      ['POST', `/api/people/999999/applications`, { jobId: jobs[1]!.id }, 404, M.personNotFound],
      ['POST', `/api/people/${person}/applications`, { jobId: 999999 }, 404, JOB_MESSAGES.notFound],
      ['POST', `/api/people/${person}/applications`, {}, 400],
      ['POST', `/api/people/${person}/applications`, { jobId: jobs[1]!.id, source: 'Pigeon' }, 400],
      ['POST', `/api/people/${person}/applications`, { jobId: jobs[1]!.id, person_id: 3 }, 400],
      ['POST', `/api/people/abc/applications`, { jobId: jobs[1]!.id }, 400],
      ['POST', `/api/jobs/${jobs[1]!.id}/applications`, { personIds: [] }, 400],
      [
        'POST',
        `/api/jobs/${jobs[1]!.id}/applications`,
        { personIds: [person, 999999] },
        404,
        M.personNotFound,
      ],
      ['POST', `/api/jobs/999999/applications`, { personIds: [person] }, 404, JOB_MESSAGES.notFound],
    ];
    for (const [method, url, body, status, message] of cases) {
      const res = await send(method as 'POST', url, recruiter.token, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(
      (await send('POST', `/api/people/${person}/applications`, undefined, { jobId: 1 })).statusCode,
    ).toBe(401);
    expect(await ctx.count('candidates')).toBe(before);
  });

  it('the talent pool adds many at once: those in the job already are named, the others added, live', async () => {
    const socket = await live.open(address, { token: recruiter.token });
    const created: Candidate[] = [];
    socket.on('candidates:created', ({ candidates }) => created.push(...(candidates as Candidate[])));
    socket.on('candidate:created', (c) => created.push(c as Candidate));
    expect(await socket.emitWithAck('job:join', { jobId: jobs[2]!.id })).toMatchObject({ ok: true });

    const people = [];
    for (let i = 0; i < 3; i++)
      people.push(await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} }));
    const inThere = await send('POST', `/api/people/${people[0]!.person_id}/applications`, recruiter.token, {
      jobId: jobs[2]!.id,
    });
    const res = await send('POST', `/api/jobs/${jobs[2]!.id}/applications`, recruiter.token, {
      personIds: people.map((p) => p.person_id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.alreadyIn).toEqual([{ personId: people[0]!.person_id, uuid: inThere.json().uuid }]);
    expect(answer.added.map((a: { personId: number }) => a.personId)).toEqual([
      people[1]!.person_id,
      people[2]!.person_id,
    ]);
    expect(await until(() => created.length >= 3)).toBe(true);
    expect(created.map((c) => c.person_id).sort()).toEqual(people.map((p) => p.person_id).sort());
  });
});

describe('a bulk import naming people on file', () => {
  it('adds a known person to another job, refuses the same job, and the summary adds up to the rows', async () => {
    const known = await createCandidate(ctx, recruiter.token, jobs[0]!.id, {
      current_company: 'Kept Co',
      job_answers: {},
    });
    const rows = [
      // Known by phone, for another job: an application of theirs, with their profile as kept.
      candidateBody(jobs[1]!.id, {
        name: 'Typed Differently',
        email: 'typed.differently@example.com',
        phone: known.phone,
        current_company: 'Sheet Co',
        job_answers: {},
      }),
      // Known, for the job they are in: a duplicate, as before.
      candidateBody(jobs[0]!.id, { email: known.email, job_answers: {} }),
      candidateBody(jobs[1]!.id, { name: 'Someone New', job_answers: {} }),
    ];
    const res = await send('POST', '/api/candidates/bulk-upload', recruiter.token, { candidates: rows });
    expect(res.statusCode, res.body).toBe(200);
    const { results, message } = res.json();
    expect(results.success).toEqual([
      expect.objectContaining({ row: 1, note: M.addedToExistingPerson }),
      expect.not.objectContaining({ note: expect.anything() }),
    ]);
    expect(results.duplicates).toEqual([expect.objectContaining({ row: 2, error: M.duplicateEmail })]);
    expect(message).toContain(M.bulkSummary(2, 1, 0));
    const added = await ctx.app.db('candidates').where({ id: results.success[0].id }).first();
    expect(added).toMatchObject({
      person_id: known.person_id,
      job_id: jobs[1]!.id,
      name: known.name,
      email: known.email,
      current_company: 'Kept Co',
    });
  });
});

describe("a person's fields, edited through any of their applications", () => {
  it('change on every application, and each room hears person:updated', async () => {
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const second: Candidate = (
      await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
        jobId: jobs[1]!.id,
      })
    ).json();
    const socket = await live.open(address, { token: ctx.adminToken });
    const heard: { room: string; message: PersonUpdatedMessage }[] = [];
    socket.on('person:updated', (message, sequence) => heard.push({ room: sequence.room, message }));
    for (const job of [jobs[0]!, jobs[1]!])
      expect(await socket.emitWithAck('job:join', { jobId: job.id })).toMatchObject({ ok: true });

    const edit = await send('PUT', `/api/candidates/${first.uuid}`, recruiter.token, {
      phone: '9876501234',
      current_company: 'Wipro',
      notes: 'Only on this application',
      version: first.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const other: Candidate = (await send('GET', `/api/candidates/${second.uuid}`, recruiter.token)).json();
    expect(other).toMatchObject({
      phone: '9876501234',
      current_company: 'Wipro',
      version: second.version + 1,
    });
    expect(other.notes).not.toBe('Only on this application');
    expect(await ctx.app.db('people').where({ id: first.person_id }).first()).toMatchObject({
      phone: '9876501234',
      current_company: 'Wipro',
    });
    expect(await until(() => heard.length >= 2)).toBe(true);
    expect(heard.map((h) => h.room).sort()).toEqual([`job:${jobs[0]!.id}`, `job:${jobs[1]!.id}`].sort());
    expect(heard[0]!.message).toMatchObject({
      personId: first.person_id,
      fields: { phone: '9876501234', current_company: 'Wipro' },
      by: recruiter.user.username,
    });
    // The duplicate rule does not find the person's own other application.
    const check = await send('POST', '/api/candidates/check-duplicate', recruiter.token, {
      phone: '9876501234',
      excludeId: second.id,
    });
    expect(check.json().isDuplicate).toBe(false);
  });

  it('two edits at once through two applications: one waits, the later is refused naming the field, then merges', async () => {
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const second: Candidate = (
      await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
        jobId: jobs[1]!.id,
      })
    ).json();
    const [a, b] = await Promise.all([
      send('PUT', `/api/candidates/${first.uuid}`, recruiter.token, {
        current_company: 'TCS',
        version: first.version,
      }),
      send('PUT', `/api/candidates/${second.uuid}`, ctx.adminToken, {
        expected_ctc: 30,
        version: second.version,
      }),
    ]);
    const answers = [a, b].map((r) => r.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const [refused, refusedUuid, field] =
      a.statusCode === 409 ? [a, first.uuid, 'expected_ctc'] : [b, second.uuid, 'current_company'];
    const changes: CandidateChange[] = refused.json().changes;
    expect(changes.flatMap((c) => c.fields)).toContain(field);
    // Sent again from the version the answer gave: both changes stand, on both applications.
    const retry = await send(
      'PUT',
      `/api/candidates/${refusedUuid}`,
      refused === a ? recruiter.token : ctx.adminToken,
      refused === a
        ? { current_company: 'TCS', version: refused.json().current.version }
        : { expected_ctc: 30, version: refused.json().current.version },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    for (const uuid of [first.uuid, second.uuid]) {
      expect((await send('GET', `/api/candidates/${uuid}`, recruiter.token)).json()).toMatchObject({
        current_company: 'TCS',
        expected_ctc: 30,
      });
    }
  });

  it('a move to a job the person is in already is 409; the last application deleted takes the person', async () => {
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const second: Candidate = (
      await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
        jobId: jobs[1]!.id,
      })
    ).json();
    const move = await send('PUT', `/api/candidates/${second.uuid}`, recruiter.token, {
      job_id: jobs[0]!.id,
      version: second.version,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(M.alreadyInJob(first.name, 'Java Lead'));
    for (const c of [first, second])
      expect((await send('DELETE', `/api/candidates/${c.uuid}`, recruiter.token)).statusCode).toBe(200);
    expect(await ctx.app.db('people').where({ id: first.person_id }).first()).toBeUndefined();
  });
});

describe('the talent pool and the person page', () => {
  it('lists people across jobs with their applications, searched and filtered', async () => {
    const senior = await createCandidate(ctx, recruiter.token, jobs[0]!.id, {
      name: 'Zubin Mistry',
      experience: 12,
      expected_ctc: 60,
      notice_period: 90,
      current_company: 'Zeta Systems',
      current_location: 'Gujarat, Surat',
      job_answers: {},
    });
    await send('POST', `/api/people/${senior.person_id}/applications`, recruiter.token, {
      jobId: jobs[2]!.id,
    });
    const junior = await createCandidate(ctx, recruiter.token, jobs[1]!.id, {
      name: 'Zoya Merchant',
      experience: 1,
      expected_ctc: 6,
      notice_period: 15,
      job_answers: {},
    });
    await send('PATCH', `/api/candidates/${junior.uuid}/status`, recruiter.token, { status: 'shortlisted' });

    const list = async (query: string) => {
      const res = await send('GET', `/api/people?${query}`, recruiter.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { id: number; applications: { jobTitle: string; status: string }[] }[];
        total: number;
      };
    };
    const zubin = (await list('search=zubin')).items;
    expect(zubin.map((p) => p.id)).toEqual([senior.person_id]);
    expect(zubin[0]!.applications.map((a) => a.jobTitle)).toEqual(['Java Lead', 'SRE']);
    expect((await list(`search=${encodeURIComponent(senior.email)}`)).items.map((p) => p.id)).toEqual([
      senior.person_id,
    ]);
    expect((await list('search=Zeta')).items.map((p) => p.id)).toEqual([senior.person_id]);
    const filtered = await list('search=z&minExperience=10&maxExpectedCtc=80&maxNotice=90&location=surat');
    expect(filtered.items.map((p) => p.id)).toEqual([senior.person_id]);
    expect((await list('search=z&maxExperience=2')).items.map((p) => p.id)).toEqual([junior.person_id]);
    const reached = await list('furthestStage=shortlisted');
    expect(reached.items.map((p) => p.id)).toContain(junior.person_id);
    expect(reached.items.map((p) => p.id)).not.toContain(senior.person_id);
    for (const bad of [
      'minExperience=-1',
      'furthestStage=rejected',
      'page=0',
      'colour=red',
      'activeSince=yesterday',
    ])
      expect((await send('GET', `/api/people?${bad}`, recruiter.token)).statusCode, bad).toBe(400);
    expect((await send('GET', '/api/people')).statusCode).toBe(401);
  });

  it('shows a person once with every application, and edits them for all, refusing a stale version', async () => {
    const outsider = await ctx.createUser();
    const first = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const second: Candidate = (
      await send('POST', `/api/people/${first.person_id}/applications`, recruiter.token, {
        jobId: jobs[1]!.id,
      })
    ).json();
    const page = (await send('GET', `/api/people/${first.person_id}`, recruiter.token)).json();
    expect(page).toMatchObject({ id: first.person_id, name: first.name, canEdit: true, version: 1 });
    expect(page.applications.map((a: Candidate) => a.uuid)).toEqual([first.uuid, second.uuid]);
    expect((await send('GET', `/api/people/${first.person_id}`, outsider.token)).json().canEdit).toBe(false);
    expect((await send('GET', '/api/people/999999', recruiter.token)).statusCode).toBe(404);

    const edited = await send('PUT', `/api/people/${first.person_id}`, recruiter.token, {
      current_company: 'Freshworks',
      notes: 'Prefers remote work',
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      current_company: 'Freshworks',
      notes: 'Prefers remote work',
      version: 2,
    });
    for (const uuid of [first.uuid, second.uuid])
      expect((await send('GET', `/api/candidates/${uuid}`, recruiter.token)).json().current_company).toBe(
        'Freshworks',
      );

    const stale = await send('PUT', `/api/people/${first.person_id}`, ctx.adminToken, {
      name: 'Late',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().changes).toEqual([
      expect.objectContaining({ byId: recruiter.user.id, fields: ['current_company', 'notes'] }),
    ]);
    expect(stale.json().current).toMatchObject({ version: 2, current_company: 'Freshworks' });

    const other = await createCandidate(ctx, recruiter.token, jobs[0]!.id, { job_answers: {} });
    const duplicate = await send('PUT', `/api/people/${first.person_id}`, recruiter.token, {
      email: other.email,
      version: 2,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: M.duplicateEmail, personId: other.person_id });
    expect(
      (await send('PUT', `/api/people/${first.person_id}`, outsider.token, { notes: 'x', version: 2 }))
        .statusCode,
    ).toBe(403);
    for (const body of [{ notes: 'x' }, { version: 2, job_id: 1 }, { version: 2, email: 'not an email' }])
      expect((await send('PUT', `/api/people/${first.person_id}`, recruiter.token, body)).statusCode).toBe(
        400,
      );
    expect(await ctx.app.db('people').where({ id: first.person_id }).first()).toMatchObject({
      current_company: 'Freshworks',
      version: 2,
    });
  });
});
