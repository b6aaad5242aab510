import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MESSAGES as M,
  type Candidate,
  type CandidateConflictBody,
  type Job,
  type LoginResponse,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody, createCandidate } from './candidate-fixtures.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let job: Job;
let creator: LoginResponse;
let teammate: LoginResponse;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Go']);
  creator = await ctx.createUser({ name: 'Priya Sharma' });
  teammate = await ctx.createUser({ name: 'Arjun Mehta' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Go!]),
    title: 'Backend Engineer (Conflicts)',
    questions: [],
    editable_by: [teammate.user.id],
  });
});

/** The whole edit form as the browser sends it: the candidate as loaded, with `changes` on top. */
const form = (c: Candidate, changes: Record<string, unknown>) => ({
  ...candidateBody(job.id),
  name: c.name,
  email: c.email,
  phone: c.phone,
  experience: c.experience,
  current_company: c.current_company,
  current_ctc: c.current_ctc,
  expected_ctc: c.expected_ctc,
  notice_period: c.notice_period,
  current_location: c.current_location,
  preferred_location: c.preferred_location,
  job_id: c.job_id,
  job_answers: c.job_answers,
  source: c.source,
  referred_by: c.referred_by,
  notes: c.notes,
  version: c.version,
  ...changes,
});

describe('a save made from an older version', () => {
  it('names the teammate who saved notes meanwhile and the field they changed, not an old status change', async () => {
    const created = await createCandidate(ctx, creator.token, job.id);
    // An earlier status change by the admin: the old 409 named it whatever had happened since.
    const moved = await send('PATCH', `/api/candidates/${created.uuid}/status`, ctx.adminToken, {
      status: 'screening',
      version: created.version,
    });
    expect(moved.statusCode).toBe(200);
    const loaded = moved.json<Candidate>();

    const notes = await send(
      'PUT',
      `/api/candidates/${loaded.uuid}`,
      teammate.token,
      form(loaded, { notes: 'Called: available from March' }),
    );
    expect(notes.statusCode, notes.body).toBe(200);

    const mine = await send(
      'PUT',
      `/api/candidates/${loaded.uuid}`,
      ctx.adminToken,
      form(loaded, { phone: '9811122233' }),
    );
    expect(mine.statusCode).toBe(409);
    const body = mine.json<CandidateConflictBody>();
    expect(body.changes).toEqual([
      {
        by: 'Arjun Mehta',
        byId: teammate.user.id,
        at: expect.any(String),
        version: loaded.version + 1,
        fields: ['notes'],
      },
    ]);
    expect(body.message).toBe(M.staleFields('Arjun Mehta changed Notes'));
    expect(body.message).not.toMatch(/status|admin|Administrator/i);
    expect(body.current).toMatchObject({ notes: 'Called: available from March', phone: loaded.phone });
  });

  it('lists every change since, each person once with the fields they changed', async () => {
    const c = await createCandidate(ctx, creator.token, job.id);
    const first = await send(
      'PUT',
      `/api/candidates/${c.uuid}`,
      teammate.token,
      form(c, { notes: 'Prefers remote', current_ctc: 14 }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await send('PATCH', `/api/candidates/${c.uuid}/status`, creator.token, {
      status: 'shortlisted',
      version: first.json<Candidate>().version,
    });
    expect(second.statusCode).toBe(200);
    const third = await send(
      'PUT',
      `/api/candidates/${c.uuid}`,
      teammate.token,
      form(second.json<Candidate>(), { expected_ctc: 21 }),
    );
    expect(third.statusCode, third.body).toBe(200);

    const stale = await send(
      'PUT',
      `/api/candidates/${c.uuid}`,
      ctx.adminToken,
      form(c, { name: 'Late Edit' }),
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json<CandidateConflictBody>();
    expect(body.changes?.map((ch) => [ch.by, ch.fields])).toEqual([
      ['Arjun Mehta', ['current_ctc', 'notes']],
      ['Priya Sharma', ['status']],
      ['Arjun Mehta', ['expected_ctc']],
    ]);
    expect(body.message).toBe(
      M.staleFields('Arjun Mehta changed Current CTC, Notes and Expected CTC; Priya Sharma changed Status'),
    );
  });

  it('a stale status change after an edit names the edit; after a status change, who moved it', async () => {
    const c = await createCandidate(ctx, creator.token, job.id);
    const edited = await send(
      'PUT',
      `/api/candidates/${c.uuid}`,
      teammate.token,
      form(c, { notes: 'Good call' }),
    );
    expect(edited.statusCode).toBe(200);
    const afterEdit = await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
      status: 'screening',
      version: c.version,
    });
    expect(afterEdit.statusCode).toBe(409);
    expect(afterEdit.json<CandidateConflictBody>().message).toBe(M.staleFields('Arjun Mehta changed Notes'));

    const v = edited.json<Candidate>().version;
    const moved = await send('PATCH', `/api/candidates/${c.uuid}/status`, creator.token, {
      status: 'interviewed',
      version: v,
    });
    expect(moved.statusCode).toBe(200);
    const afterMove = await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
      status: 'screening',
      version: v,
    });
    expect(afterMove.statusCode).toBe(409);
    expect(afterMove.json<CandidateConflictBody>().message).toBe(
      M.staleStatus('Priya Sharma', 'interviewed'),
    );
  });

  it('a save that changed nothing names who saved it; an unchanged field is not listed', async () => {
    const c = await createCandidate(ctx, creator.token, job.id);
    const same = await send('PUT', `/api/candidates/${c.uuid}`, teammate.token, form(c, {}));
    expect(same.statusCode).toBe(200);
    const stale = await send('PUT', `/api/candidates/${c.uuid}`, creator.token, form(c, { notes: 'x' }));
    expect(stale.statusCode).toBe(409);
    const body = stale.json<CandidateConflictBody>();
    expect(body.changes?.[0]?.fields).toEqual([]);
    expect(body.message).toBe(M.staleFields('Arjun Mehta saved it'));
  });

  it('versions made before changes were kept name nobody rather than guess', async () => {
    const c = await createCandidate(ctx, creator.token, job.id);
    await ctx.app.db('candidates').where({ id: c.id }).increment('version', 1);
    const stale = await send('PUT', `/api/candidates/${c.uuid}`, creator.token, form(c, { notes: 'x' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<CandidateConflictBody>()).toMatchObject({ message: M.staleEdit(null), changes: [] });
  });
});
