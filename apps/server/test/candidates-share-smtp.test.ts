import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES as M, type Job } from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { startSmtpServer, textOf } from './smtp-server.ts';

const smtp = await startSmtpServer();
const { received } = smtp;

const ctx = setupTestApp({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Recruitment <jobs@portal.example>',
});
let job: Job;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['React']);
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!]),
    title: 'QA Lead',
    questions: [],
    clientName: 'Globex Hiring',
    clientEmail: 'talent@globex.example',
  });
});

describe('sharing through SMTP', () => {
  it("delivers the shortlist to the job's client through the SMTP server and records it as sent", async () => {
    const a = await createCandidate(ctx, ctx.adminToken, job.id, {
      name: 'Nisha Verma',
      status: 'shortlisted',
    });
    const b = await createCandidate(ctx, ctx.adminToken, job.id, {
      name: 'Rahul Das',
      status: 'shortlisted',
    });
    await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Not Yet', status: 'screening' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/candidates/share',
      headers: auth(ctx.adminToken),
      payload: {
        jobId: job.id,
        clientEmail: 'someone@else.example',
        clientName: 'X',
        jobTitle: 'Y',
        candidates: [a, b],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.shared(2), mail: 'sent' });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['talent@globex.example']);
    expect(mail!.from).toBe('jobs@portal.example');
    expect(mail!.data).toContain('Subject: Shortlisted candidates for QA Lead');
    // The client's own review link instead of the candidates' details, which stay behind it.
    const [link] = res.json().links;
    expect(link).toMatchObject({ recipient: 'talent@globex.example' });
    expect(textOf(mail!)).toContain(link.url);
    expect(textOf(mail!)).not.toContain(a.email);
    expect(textOf(mail!)).not.toContain(b.phone);
    const page = await ctx.app.inject({
      method: 'GET',
      url: new URL(link.url).pathname.replace('/review/', '/api/review/'),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().candidates.map((c: { name: string }) => c.name)).toEqual(['Nisha Verma', 'Rahul Das']);
    const outbox = await ctx.app.db('mail_outbox').orderBy('id', 'desc').first();
    expect(outbox).toMatchObject({ status: 'sent', to_address: 'talent@globex.example' });
  });
});

describe('who may share a shortlist', () => {
  const share = (token: string, jobId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/candidates/share',
      headers: auth(token),
      payload: { jobId, clientEmail: 'x@y.example', clientName: 'X', jobTitle: 'Y' },
    });

  it("refuses an employee who may not edit the job's candidates: no mail, nothing marked shared", async () => {
    const skills = await createSkills(ctx, ['Go']);
    const other = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Go!]), questions: [] });
    const shortlisted = await createCandidate(ctx, ctx.adminToken, other.id, { status: 'shortlisted' });
    const employee = await ctx.createUser();
    const mailsBefore = received.length;
    const outboxBefore = await ctx.count('mail_outbox');

    const res = await share(employee.token, other.id);

    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(M.noEditPermission);
    expect(received).toHaveLength(mailsBefore);
    expect(await ctx.count('mail_outbox')).toBe(outboxBefore);
    const after = await ctx.app.db('candidates').where({ id: shortlisted.id }).first();
    expect(Boolean(after.shared_with_client)).toBe(false);
    expect(after.shared_at).toBeNull();
  });

  it('lets an employee the job lists as an editor share it', async () => {
    const skills = await createSkills(ctx, ['Rust']);
    const editor = await ctx.createUser();
    const listed = await createJob(ctx, ctx.adminToken, {
      ...jobBody([skills.Rust!]),
      questions: [],
      editable_by: [editor.user.id],
    });
    await createCandidate(ctx, ctx.adminToken, listed.id, { status: 'shortlisted' });
    const mailsBefore = received.length;

    const res = await share(editor.token, listed.id);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.shared(1));
    expect(received).toHaveLength(mailsBefore + 1);
  });
});

describe('the record of what was sent', () => {
  it('lists each share on the job and on every candidate it named: when, by whom, to which address', async () => {
    const skills = await createSkills(ctx, ['Scala']);
    const sharedJob = await createJob(ctx, ctx.adminToken, {
      ...jobBody([skills.Scala!]),
      title: 'Data Lead',
      questions: [],
      clientName: 'Initech Talent',
      clientEmail: 'hiring@initech.example',
    });
    const first = await createCandidate(ctx, ctx.adminToken, sharedJob.id, {
      name: 'Meera Iyer',
      status: 'shortlisted',
    });
    const second = await createCandidate(ctx, ctx.adminToken, sharedJob.id, {
      name: 'Arjun Rao',
      status: 'shortlisted',
    });
    const send = (candidates: unknown[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/candidates/share',
        headers: auth(ctx.adminToken),
        payload: { jobId: sharedJob.id, candidates },
      });
    expect((await send([first])).statusCode).toBe(200);
    expect((await send([first, second])).statusCode).toBe(200);

    const onJob = await ctx.app.inject({
      method: 'GET',
      url: `/api/jobs/${sharedJob.id}/shares`,
      headers: auth(ctx.adminToken),
    });
    expect(onJob.statusCode, onJob.body).toBe(200);
    const shares = onJob.json().items as {
      client_email: string;
      client_name: string;
      shared_by: string;
      job_title: string;
      candidates: { name: string }[];
    }[];
    expect(shares.map((s) => s.candidates.map((c) => c.name))).toEqual([
      ['Arjun Rao', 'Meera Iyer'],
      ['Meera Iyer'],
    ]);
    expect(shares[0]).toMatchObject({
      client_email: 'hiring@initech.example',
      client_name: 'Initech Talent',
      job_title: 'Data Lead',
    });
    expect(shares[0]!.shared_by).toBeTruthy();

    const onFirst = await ctx.app.inject({
      method: 'GET',
      url: `/api/candidates/${first.uuid}/shares`,
      headers: auth(ctx.adminToken),
    });
    expect(onFirst.json().items).toHaveLength(2);
    const onSecond = await ctx.app.inject({
      method: 'GET',
      url: `/api/candidates/${second.id}/shares`,
      headers: auth(ctx.adminToken),
    });
    expect(onSecond.json().items).toHaveLength(1);
  });

  it('records nothing when the share is refused', async () => {
    const skills = await createSkills(ctx, ['Elixir']);
    const other = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Elixir!]), questions: [] });
    await createCandidate(ctx, ctx.adminToken, other.id, { status: 'shortlisted' });
    const employee = await ctx.createUser();
    const before = await ctx.count('shortlist_shares');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/candidates/share',
      headers: auth(employee.token),
      payload: { jobId: other.id },
    });
    expect(res.statusCode).toBe(403);
    expect(await ctx.count('shortlist_shares')).toBe(before);
  });

  it('answers 404 for an unknown job or candidate', async () => {
    for (const url of ['/api/jobs/999999/shares', '/api/candidates/999999/shares']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
