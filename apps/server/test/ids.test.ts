// Ids are written one way: decimal digits, no sign, spaces, exponent, prefix or leading zero. In a path, a
// query, a body and a socket's payload alike, anything else is refused, never read as another row's id
// (JavaScript's Number() and a validator's type coercion read "0x10" as 16 and "1e0" as 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MESSAGES,
  USER_MESSAGES,
  idTextMessage,
  type Candidate,
  type Job,
  type JoinAck,
  type LoginResponse,
  type Skill,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody, createCandidate } from './candidate-fixtures.ts';
import { createPurchase } from './ledger-fixtures.ts';
import { liveClients } from './live-clients.ts';

const ctx = setupTestApp();
const send = requester(ctx);
const live = liveClients();
let skill: Skill;
let job: Job;
let candidate: Candidate;
let employee: LoginResponse;

/** Every way of writing 1 (or the id `n`) that is not its decimal digits. */
const looseSpellings = (n: number) => [
  `0x${n.toString(16)}`,
  `${n}e0`,
  `+${n}`,
  `%20${n}`,
  `${n}%20`,
  `0b${n.toString(2)}`,
  `0${n}`,
  `${n}.0`,
  `0o${n.toString(8)}`,
];

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Erlang']);
  const read = await send('GET', `/api/skills/${skills.Erlang}`, ctx.adminToken);
  skill = read.json();
  job = await createJob(ctx, ctx.adminToken, { ...jobBody([skill.id]), questions: [] });
  candidate = await createCandidate(ctx, ctx.adminToken, job.id, { job_answers: {} });
  employee = await ctx.createUser();
});
afterAll(() => live.closeAll());

describe('an id in a path', () => {
  it('GET /api/skills/<id> answers the skill for its digits, and 400 for any other spelling of it', async () => {
    expect((await send('GET', `/api/skills/${skill.id}`, ctx.adminToken)).json()).toMatchObject({
      id: skill.id,
    });
    for (const spelling of [...looseSpellings(skill.id), '0', '2147483648', '99999999999']) {
      const res = await send('GET', `/api/skills/${spelling}`, ctx.adminToken);
      expect(res.statusCode, spelling).toBe(400);
      expect(res.json().message, spelling).toBe(idTextMessage('Id'));
    }
  });

  it('DELETE /api/users/0x<id> is a 400 and deletes nobody', async () => {
    const id = employee.user.id;
    for (const spelling of looseSpellings(id)) {
      const res = await send('DELETE', `/api/users/${spelling}`, ctx.adminToken);
      expect(res.statusCode, spelling).toBe(400);
      expect(res.json().message, spelling).toBe(USER_MESSAGES.refInvalid('User'));
    }
    const still = await send('GET', `/api/users/${id}`, ctx.adminToken);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ id, status: 'active' });
  });

  it("a job's, a candidate's and a purchase's id in a path are its digits only", async () => {
    const loan = await createPurchase(ctx, employee.user.id);
    for (const [good, bad] of [
      [`/api/jobs/${job.id}`, `/api/jobs/0x${job.id.toString(16)}`],
      [`/api/jobs/${job.id}/pipeline`, `/api/jobs/${job.id}e0/pipeline`],
      [`/api/jobs/${job.id}/pipeline/applied`, `/api/jobs/+${job.id}/pipeline/applied`],
      [`/api/candidates/${candidate.id}`, `/api/candidates/0${candidate.id}`],
    ]) {
      expect((await send('GET', good!, ctx.adminToken)).statusCode, good).toBe(200);
      expect((await send('GET', bad!, ctx.adminToken)).statusCode, bad).toBe(400);
    }
    // A purchase is named by its LN… id or its number; "01" is neither, so no purchase is found.
    expect((await send('GET', `/api/loans/${loan.id}`, ctx.adminToken)).statusCode).toBe(200);
    expect((await send('GET', `/api/loans/0${loan.id}`, ctx.adminToken)).statusCode).toBe(404);
  });
});

describe('an id in a query', () => {
  it('a filter by job, by recruiter or a page cursor refuses any spelling but digits', async () => {
    for (const [good, bad] of [
      [`/api/candidates?jobId=${job.id}`, `/api/candidates?jobId=0x${job.id.toString(16)}`],
      [`/api/analytics/pipeline?jobId=${job.id}`, `/api/analytics/pipeline?jobId=${job.id}e0`],
      [`/api/analytics/pipeline?createdBy=1`, `/api/analytics/pipeline?createdBy=0x1`],
      [`/api/notifications?before=${job.id}`, `/api/notifications?before=%20${job.id}`],
    ]) {
      expect((await send('GET', good!, ctx.adminToken)).statusCode, good).toBe(200);
      const res = await send('GET', bad!, ctx.adminToken);
      expect(res.statusCode, bad).toBe(400);
    }
    const res = await send('GET', `/api/candidates?jobId=0x${job.id.toString(16)}`, ctx.adminToken);
    expect(res.json().message).toBe(idTextMessage('Job'));
  });
});

describe('an id in a body', () => {
  it('a job id sent as text is its digits: "1" is the job; " 1", "0x1" and "1e0" are refused, and nothing is written', async () => {
    for (const jobId of [
      ` ${job.id}`,
      `${job.id} `,
      `0x${job.id.toString(16)}`,
      `${job.id}e0`,
      `+${job.id}`,
    ]) {
      const before = await ctx.count('candidates');
      const res = await send(
        'POST',
        '/api/candidates',
        ctx.adminToken,
        candidateBody(0, { job_id: jobId, job_answers: {} }),
      );
      expect(res.statusCode, jobId).toBe(400);
      expect(res.json().message, jobId).toBe(idTextMessage('Job'));
      expect(await ctx.count('candidates')).toBe(before);
    }
    const blank = await send(
      'POST',
      '/api/candidates',
      ctx.adminToken,
      candidateBody(0, { job_id: '', job_answers: {} }),
    );
    expect(blank.json().message).toBe(CANDIDATE_MESSAGES.jobRequired);
    const res = await send(
      'POST',
      '/api/candidates',
      ctx.adminToken,
      candidateBody(0, { job_id: String(job.id), job_answers: {} }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ job_id: job.id });

    // The other bodies that take an id as text follow the same rule: a share's job, a job's editors.
    const share = await send('POST', '/api/candidates/share', ctx.adminToken, {
      jobId: `0x${job.id.toString(16)}`,
    });
    expect(share.statusCode).toBe(400);
    expect(share.json().message).toBe(idTextMessage('Job'));
    const editors = await send('POST', '/api/jobs', ctx.adminToken, {
      ...jobBody([skill.id]),
      questions: [],
      editable_by: [`0x${employee.user.id.toString(16)}`],
    });
    expect(editors.statusCode).toBe(400);
    expect(editors.json().message).toBe(USER_MESSAGES.refInvalid('User'));
  });
});

describe('an id in a socket payload', () => {
  it('job:join takes the job by its number or digits, never by another spelling', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await live.open(address, { token: ctx.adminToken });
    const join = (jobId: unknown) =>
      new Promise<JoinAck>((resolve) =>
        (client.emit as (...a: unknown[]) => void)('job:join', { jobId }, resolve),
      );
    for (const jobId of [`0x${job.id.toString(16)}`, `${job.id}e0`, ` ${job.id}`, job.id + 0.5])
      expect(await join(jobId), String(jobId)).toMatchObject({ ok: false });
    expect(await join(job.id)).toMatchObject({ ok: true });
    expect(await join(String(job.id))).toMatchObject({ ok: true });
    client.disconnect();
  });
});
