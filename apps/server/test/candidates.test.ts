import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  APP_TIME_ZONE,
  todayIn,
  CANDIDATE_MESSAGES as M,
  CANDIDATES_EXPORT,
  type Candidate,
  type CandidateDetails,
  type CandidatePage,
  type Job,
  type LoginResponse,
} from '@portal/contracts';
import type { DomainEvent } from '../src/events.ts';
import { auth, downloadedWorkbook, multipartFile, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { FILES, candidateBody, createCandidate } from './candidate-fixtures.ts';

const ctx = setupTestApp();
let job: Job;
let openJob: Job;
let recruiter: LoginResponse;
let jobEditor: LoginResponse;
let other: LoginResponse;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['React']);
  recruiter = await ctx.createUser({ name: 'Priya Sharma' });
  jobEditor = await ctx.createUser({ name: 'Arjun Mehta' });
  other = await ctx.createUser({ name: 'Kavya Nair' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!]),
    title: 'Platform Engineer',
    editable_by: [jobEditor.user.id],
  });
  openJob = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!]),
    title: 'Data Analyst',
    questions: [],
  });
});

const send = requester(ctx);

/** A multipart upload as a signed-in browser sends it. */
function upload(url: string, token: string, ...file: Parameters<typeof multipartFile>) {
  const { payload, headers } = multipartFile(...file);
  return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth(token) } });
}

const rows = async () => ({
  candidates: await ctx.count('candidates'),
  history: await ctx.count('candidate_history'),
});

function captureEvents() {
  const events: DomainEvent[] = [];
  const stop = ctx.app.events.subscribe((e) => events.push(e));
  return { events, stop };
}

describe('adding a candidate', () => {
  it('accepts the required body, takes the creator from the session, records history and publishes after commit', async () => {
    const { events, stop } = captureEvents();
    const res = await send(
      'POST',
      '/api/candidates',
      recruiter.token,
      candidateBody(job.id, {
        created_by: 'someone-else',
        created_by_id: other.user.id,
        rejection_reason: null,
        rejection_details: null,
        email: 'Meera.Iyer@Example.COM',
        experience: '3.25',
        current_ctc: '10',
        notice_period: '',
      }),
    );
    stop();
    expect(res.statusCode, res.body).toBe(201);
    const c: Candidate = res.json();
    expect(c).toMatchObject({
      email: 'meera.iyer@example.com',
      experience: 3.3,
      current_ctc: 10,
      notice_period: null,
      status: 'applied',
      application_status: 'applied',
      source: 'LinkedIn',
      // The API's `created_by` stays the username; screens show the name beside it.
      created_by: recruiter.user.username,
      created_by_name: 'Priya Sharma',
      created_by_id: recruiter.user.id,
      // The job's rounds come with it: the candidate's step indicator shows them.
      job: {
        id: job.id,
        title: 'Platform Engineer',
        interviewRounds: ['Shortlisting', 'Technical Round 1', 'HR Round'],
      },
      version: 1,
      canEdit: true,
      shared_with_client: false,
    });
    expect(c.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.questionnaire).toEqual([{ question: 'Why do you want to join us?', answer: 'The product.' }]);
    // The job's people are told in the bell too (test/notifications.test.ts).
    const domain = events.filter((e) => e.name !== 'notification.created');
    expect(domain.map((e) => e.name)).toEqual(['candidate.created', 'job.changed']);
    expect(domain[1]!.payload).toMatchObject({ id: job.id, candidateCount: expect.any(Number) });

    const details: CandidateDetails = (await send('GET', `/api/candidates/${c.uuid}`, other.token)).json();
    expect(details.history).toEqual([
      expect.objectContaining({ from: null, to: 'applied', changed_by: recruiter.user.username }),
    ]);
    // Employee routes use the number.
    expect((await send('GET', `/api/candidates/${c.id}`, other.token)).json()).toMatchObject({
      uuid: c.uuid,
      canEdit: false,
    });
  });

  it.each([
    ['no name', { name: '  ' }, M.nameRequired],
    ['a bad e-mail', { email: 'not-an-email' }, M.emailInvalid],
    ['a bad phone', { phone: 'call me' }, M.phoneInvalid],
    ['negative experience', { experience: -1 }, M.experienceMin],
    ['no job', { job_id: undefined }, M.jobRequired],
    ['an unknown job', { job_id: 999_999 }, M.unknownJob],
    ['a missing answer', { job_answers: {} }, M.answerRequired],
    ['a rejected status', { status: 'rejected' }, M.useRejectDialog],
    ['an unknown source', { source: 'Facebook' }, 'Source is not one of'],
    ['a resume address of nowhere', { resume_url: 'javascript:alert(1)' }, M.invalidResumeUrl],
    ['an unknown field', { salary: 5 }, 'Salary is not an accepted field'],
  ])('refuses %s with a clear message and writes nothing', async (_, overrides, message) => {
    const before = await rows();
    const res = await send('POST', '/api/candidates', recruiter.token, candidateBody(job.id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('needs sign-in for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/candidates'],
      ['GET', '/api/employee/candidates'],
      ['DELETE', '/api/candidates/1'],
      ['POST', '/api/candidates/check-duplicate'],
    ] as const) {
      expect((await send(method, url)).statusCode).toBe(401);
    }
  });
});

describe('the duplicate rule', () => {
  it('same e-mail in any case, or same phone however written, is one candidate', async () => {
    const first = await createCandidate(ctx, recruiter.token, openJob.id, { phone: '+91 98450-11111' });
    const before = await rows();
    const byEmail = await send(
      'POST',
      '/api/candidates',
      recruiter.token,
      candidateBody(openJob.id, { email: first.email.toUpperCase() }),
    );
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({
      message: M.duplicateEmail,
      field: 'email',
      personId: first.person_id,
      applications: [{ uuid: first.uuid }],
    });
    const byPhone = await send(
      'POST',
      '/api/candidates',
      recruiter.token,
      candidateBody(openJob.id, { phone: '919845011111' }),
    );
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toMatchObject({ message: M.duplicatePhone, field: 'phone' });
    expect(await rows()).toEqual(before);

    const check = await send('POST', '/api/candidates/check-duplicate', recruiter.token, {
      email: first.email,
      phone: '000',
      name: first.name,
    });
    // The answer names the person found and their applications, so that the form can offer them.
    const found = {
      personId: first.person_id,
      personName: first.name,
      applications: [
        { uuid: first.uuid, jobId: first.job_id, jobTitle: first.job.title, status: first.status },
      ],
    };
    expect(check.json()).toEqual({ isDuplicate: true, message: M.duplicateEmail, field: 'email', ...found });
    const byPhoneCheck = await send('POST', '/api/candidates/check-duplicate', recruiter.token, {
      phone: '+91 (98450) 11111',
    });
    expect(byPhoneCheck.json()).toEqual({
      isDuplicate: true,
      message: M.duplicatePhone,
      field: 'phone',
      ...found,
    });
    const fresh = await send('POST', '/api/candidates/check-duplicate', recruiter.token, {
      email: 'new@x.example',
      phone: '1234567',
    });
    expect(fresh.json()).toEqual({ isDuplicate: false, message: '' });
    // On edit, the candidate is not its own duplicate.
    const self = await send('POST', '/api/candidates/check-duplicate', recruiter.token, {
      email: first.email,
      excludeId: first.id,
    });
    expect(self.json().isDuplicate).toBe(false);
  });
});

describe('status changes', () => {
  it('records who moved it, answers 409 with the current state when stale, and locks a rejected candidate', async () => {
    const c = await createCandidate(ctx, recruiter.token, openJob.id);
    const moved = await send('PATCH', `/api/candidates/${c.uuid}/status`, recruiter.token, {
      status: 'shortlisted',
      changed_by: other.user.id,
      version: c.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'shortlisted', version: c.version + 1 });

    const stale = await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
      status: 'screening',
      version: c.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ status: 'shortlisted', version: c.version + 1 });
    expect(stale.json().message).toContain('shortlisted');

    const direct = await send('PATCH', `/api/candidates/${c.uuid}/status`, recruiter.token, {
      status: 'rejected',
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe(M.useRejectDialog);

    const noComments = await send('PATCH', `/api/candidates/${c.uuid}/reject`, recruiter.token, {
      status: 'rejected',
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round', comments: ' ' },
    });
    expect(noComments.statusCode).toBe(400);
    expect(noComments.json().message).toBe(M.rejectionCommentsRequired);

    const rejected = await send('PATCH', `/api/candidates/${c.uuid}/reject`, recruiter.token, {
      status: 'rejected',
      rejection_reason: 'Skills Mismatch',
      rejection_details: {
        reason: 'Skills Mismatch',
        stage: 'Technical Round',
        comments: 'Weak on system design',
        rejected_by: 'mallory',
        rejected_at: '1999-01-01T00:00:00Z',
      },
      changed_by: other.user.id,
    });
    expect(rejected.statusCode).toBe(200);
    const r: Candidate = rejected.json();
    expect(r.status).toBe('rejected');
    expect(r.rejection_details).toMatchObject({
      reason: 'Skills Mismatch',
      stage: 'Technical Round',
      comments: 'Weak on system design',
      rejected_by: recruiter.user.username,
      rejected_by_name: 'Priya Sharma',
    });
    expect(Date.now() - Date.parse(r.rejection_details!.rejected_at)).toBeLessThan(60_000);

    const after = await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
      status: 'applied',
    });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(M.alreadyRejected);

    const details: CandidateDetails = (
      await send('GET', `/api/candidates/${c.uuid}`, recruiter.token)
    ).json();
    expect(details.history.map((h) => [h.from, h.to])).toEqual([
      ['shortlisted', 'rejected'],
      ['applied', 'shortlisted'],
      [null, 'applied'],
    ]);
    expect(details.history[0]).toMatchObject({
      reason: 'Skills Mismatch',
      stage: 'Technical Round',
      comments: 'Weak on system design',
      changed_by: recruiter.user.username,
      changed_by_name: 'Priya Sharma',
    });
    expect(details.rejection_details).toMatchObject({ rejected_by_name: 'Priya Sharma' });
  });

  it('of two changes made from the same version, one wins and the other gets 409; history has one entry', async () => {
    const c = await createCandidate(ctx, recruiter.token, openJob.id);
    const before = await ctx.count('candidate_history');
    const [a, b] = await Promise.all([
      send('PATCH', `/api/candidates/${c.uuid}/status`, recruiter.token, {
        status: 'screening',
        version: c.version,
      }),
      send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, {
        status: 'interviewed',
        version: c.version,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await ctx.count('candidate_history')).toBe(before + 1);
  });

  it('takes many moves both ways between two statuses at once, none refused, the counts still true', async () => {
    const group = (status: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          createCandidate(ctx, recruiter.token, openJob.id, { status, source: 'Indeed' }),
        ),
      );
    const [applied, screening] = [await group('applied', 8), await group('screening', 8)];
    const moves = await Promise.all([
      ...applied.map((c) =>
        send('PATCH', `/api/candidates/${c.uuid}/status`, recruiter.token, { status: 'screening' }),
      ),
      ...screening.map((c) =>
        send('PATCH', `/api/candidates/${c.uuid}/status`, recruiter.token, { status: 'applied' }),
      ),
    ]);
    expect(moves.map((m) => m.statusCode)).toEqual(moves.map(() => 200));
    for (const status of ['applied', 'screening']) {
      const where = { job_id: openJob.id, status, source: 'Indeed' };
      const kept = (await ctx.app.db('candidate_counts').where(where).first('n')) as { n: number };
      const counted = (await ctx.app.db('candidates').where(where).count({ n: '*' }).first()) as {
        n: number;
      };
      expect(Number(kept.n), status).toBe(Number(counted.n));
    }
  });
});

describe('permissions: creator, admin, or anyone who may edit the job', () => {
  it("creator, admin and the job's editors may change a candidate; anyone else gets the required message", async () => {
    const c = await createCandidate(ctx, recruiter.token, job.id);
    const refused = [
      ['PUT', `/api/candidates/${c.uuid}`, { notes: 'x' }, M.noEditPermission],
      ['PATCH', `/api/candidates/${c.uuid}/status`, { status: 'screening' }, M.noStatusPermission],
      [
        'PATCH',
        `/api/candidates/${c.uuid}/reject`,
        { rejection_details: { reason: 'Other', stage: 'HR Round', comments: 'No' } },
        M.rejectFailed,
      ],
      ['DELETE', `/api/candidates/${c.uuid}`, undefined, M.noDeletePermission],
    ] as const;
    for (const [method, url, body, message] of refused) {
      const res = await send(method, url, other.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect((await send('GET', `/api/candidates/${c.uuid}`, other.token)).json().canEdit).toBe(false);
    for (const actor of [recruiter, jobEditor]) {
      const res = await send('PATCH', `/api/candidates/${c.uuid}`, actor.token, {
        notes: `by ${actor.user.username}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().canEdit).toBe(true);
    }
    expect(
      (await send('PATCH', `/api/candidates/${c.uuid}/status`, ctx.adminToken, { status: 'screening' }))
        .statusCode,
    ).toBe(200);
  });

  it('the employee list holds what the employee created or may edit', async () => {
    const mine = await createCandidate(ctx, other.token, openJob.id);
    const viaJob = await createCandidate(ctx, recruiter.token, job.id);
    const page = (u: LoginResponse): Promise<CandidatePage> =>
      send('GET', '/api/employee/candidates?pageSize=1000', u.token).then((r) => r.json());
    const otherIds = (await page(other)).items.map((c) => c.id);
    expect(otherIds).toContain(mine.id);
    expect(otherIds).not.toContain(viaJob.id);
    expect((await page(jobEditor)).items.map((c) => c.id)).toContain(viaJob.id);
  });
});

describe('editing', () => {
  it('PUT takes the whole form, PATCH attaches a resume, a stale edit gets 409', async () => {
    const c = await createCandidate(ctx, recruiter.token, job.id);
    const full = await send('PUT', `/api/candidates/${c.uuid}`, recruiter.token, {
      ...candidateBody(job.id),
      ...c,
      name: 'Renamed Person',
      source: 'Direct',
      referred_by: 'Ignored because not a referral',
      version: c.version,
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ name: 'Renamed Person', referred_by: null, version: c.version + 1 });

    const stored = await upload(
      '/api/upload/resume',
      recruiter.token,
      'file',
      'cv.pdf',
      'application/pdf',
      FILES.pdf,
    );
    expect(stored.statusCode).toBe(201);
    const attached = await send('PATCH', `/api/candidates/${c.id}`, recruiter.token, {
      resume_url: stored.json().url,
    });
    expect(attached.json().resume_url).toBe(stored.json().url);

    const stale = await send('PUT', `/api/candidates/${c.uuid}`, recruiter.token, {
      name: 'Late',
      version: c.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.name).toBe('Renamed Person');
  });

  it('deletes with its history and says so; an unknown candidate is 404', async () => {
    const c = await createCandidate(ctx, recruiter.token, openJob.id);
    const res = await send('DELETE', `/api/candidates/${c.uuid}`, recruiter.token);
    expect(res.json()).toEqual({ ok: true, message: M.deleted });
    const gone = await send('GET', `/api/candidates/${c.uuid}`, recruiter.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.notFound);
    expect(
      await ctx.app.db('candidate_history').where({ candidate_id: c.id }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
  });
});

describe('files', () => {
  it.each([
    ['pdf', FILES.pdf, 201],
    ['doc', FILES.doc, 201],
    ['docx', FILES.docx, 201],
    ['a plain zip', FILES.zip, 415],
    ['a program', FILES.exe, 415],
  ])('resume upload of %s: %s', async (_, data, status) => {
    const before = await ctx.count('uploads');
    const res = await upload(
      '/api/upload/resume',
      recruiter.token,
      'file',
      'resume.pdf',
      'application/pdf',
      data,
    );
    expect(res.statusCode).toBe(status);
    if (status !== 201) {
      expect(res.json().message).toBe(M.resumeType);
      expect(await ctx.count('uploads')).toBe(before);
    }
  });

  it('refuses a resume over 5 MB', async () => {
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(
      '/api/upload/resume',
      recruiter.token,
      'file',
      'big.pdf',
      'application/pdf',
      big,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(M.resumeTooLarge);
  });

  it('attaches a resume and a photo to the candidate; someone without permission stores nothing', async () => {
    const c = await createCandidate(ctx, recruiter.token, job.id);
    const resume = await upload(
      `/api/candidates/${c.uuid}/upload/resume`,
      recruiter.token,
      'resume',
      'cv.pdf',
      'application/pdf',
      FILES.pdf,
    );
    expect(resume.statusCode).toBe(201);
    expect(resume.json().candidate.resume_url).toBe(resume.json().url);
    const image = await upload(
      `/api/candidates/${c.uuid}/upload/image`,
      recruiter.token,
      'image',
      'me.png',
      'image/png',
      FILES.png,
    );
    expect(image.statusCode).toBe(201);
    expect(image.json().candidate.image_url).toMatch(/\.png$/);
    const before = await ctx.count('uploads');
    const refused = await upload(
      `/api/candidates/${c.uuid}/upload/resume`,
      other.token,
      'resume',
      'cv.pdf',
      'application/pdf',
      FILES.pdf,
    );
    expect(refused.statusCode).toBe(403);
    expect(await ctx.count('uploads')).toBe(before);
  });
});

describe('bulk upload', () => {
  it('adds the valid rows and reports in-file duplicates, stored duplicates and invalid rows', async () => {
    const stored = await createCandidate(ctx, recruiter.token, openJob.id);
    const row = (n: number, extra: Record<string, unknown> = {}) => ({
      name: `Bulk Person ${n}`,
      email: `bulk.${n}.${Date.now()}@example.com`,
      phone: `80000${String(n).padStart(5, '0')}`,
      experience: 2,
      status: 'Screening',
      source: 'naukri',
      job_id: openJob.id,
      ...extra,
    });
    const a = row(1);
    const { events, stop } = captureEvents();
    const before = await rows();
    const res = await send('POST', '/api/candidates/bulk-upload', recruiter.token, {
      created_by: 'x',
      created_by_id: 999,
      candidates: [
        a,
        row(2),
        { ...row(3), email: a.email.toUpperCase() },
        row(4, { email: stored.email }),
        row(5, { email: 'broken' }),
        row(6, { job_id: 999_999 }),
        row(7, { status: 'rejected' }),
        row(8, { name: 'Null\u0000Byte' }),
      ],
    });
    stop();
    expect(res.statusCode).toBe(200);
    const { success, message, results } = res.json();
    expect(success).toBe(true);
    expect(message).toContain(M.bulkDone);
    expect(results.success.map((s: { name: string }) => s.name)).toEqual(['Bulk Person 1', 'Bulk Person 2']);
    expect(results.duplicates).toEqual([
      expect.objectContaining({ name: 'Bulk Person 3', error: M.duplicateInFile }),
      expect.objectContaining({ name: 'Bulk Person 4', error: M.duplicateEmail }),
    ]);
    expect(results.errors).toEqual([
      expect.objectContaining({ row: 5, error: M.emailInvalid }),
      expect.objectContaining({
        row: 6,
        error: 'Job ID 999999 does not exist: write the ID of an existing job or its exact title',
      }),
      expect.objectContaining({ row: 7, error: expect.stringContaining('Status must be one of') }),
      expect.objectContaining({ row: 8, error: 'Name contains characters that are not allowed' }),
    ]);
    expect(await rows()).toEqual({ candidates: before.candidates + 2, history: before.history + 2 });
    expect(events.filter((e) => e.name === 'candidate.created')).toHaveLength(2);
    const created: Candidate = (
      await send('GET', `/api/candidates/${results.success[0].uuid}`, recruiter.token)
    ).json();
    expect(created).toMatchObject({
      status: 'screening',
      source: 'Naukri',
      created_by_id: recruiter.user.id,
    });
  });

  it('adds more rows than one INSERT carries (2,100), finding duplicates across batches, in one transaction', async () => {
    const stamp = Date.now().toString(36);
    const stored = await createCandidate(ctx, recruiter.token, openJob.id);
    const jobCount = async () =>
      ((await send('GET', `/api/jobs/${openJob.id}`, recruiter.token)).json() as Job).candidateCount;
    const countBefore = await jobCount();
    const candidates = Array.from({ length: 2100 }, (_, i) => ({
      name: `Batch ${stamp} ${i}`,
      email: `batch.${stamp}.${i}@example.com`,
      phone: `71${String(i).padStart(8, '0')}`,
      experience: 1,
      job_id: openJob.id,
    }));
    // Far from what they repeat: the phone of row 3, and a candidate already stored.
    candidates[2050]!.phone = candidates[3]!.phone;
    candidates[2099]!.email = stored.email;
    // Text the statement must escape, and question marks it must not take for placeholders.
    candidates[5]!.name = `Batch ${stamp} 5 O'Brien? \\ "quoted" ??`;
    const res = await send('POST', '/api/candidates/bulk-upload', recruiter.token, { candidates });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.success).toHaveLength(2098);
    expect(new Set(results.success.map((s: { id: number }) => s.id)).size).toBe(2098);
    // Each id answered is the stored row with that uuid and e-mail (on MySQL the ids are not read back).
    const success = results.success as { id: number; uuid: string; email: string; name: string }[];
    const rows = await ctx.app
      .db('candidates')
      .whereIn(
        'id',
        success.map((s) => s.id),
      )
      .select('id', 'uuid', 'email', 'name');
    const byId = new Map(rows.map((r) => [Number(r.id), { uuid: r.uuid, email: r.email, name: r.name }]));
    expect(
      success.filter(({ id, ...s }) => {
        const row = byId.get(id);
        return row?.uuid !== s.uuid || row.email !== s.email || row.name !== s.name;
      }),
    ).toEqual([]);
    expect(byId.get(success[5]!.id)!.name).toBe(`Batch ${stamp} 5 O'Brien? \\ "quoted" ??`);
    expect(results.duplicates).toEqual([
      expect.objectContaining({ name: `Batch ${stamp} 2050`, error: M.duplicateInFile }),
      expect.objectContaining({ name: `Batch ${stamp} 2099`, error: M.duplicateEmail }),
    ]);
    // The job's candidate count (summed from the maintained counts) moved with them.
    expect(await jobCount()).toBe(countBefore + 2098);
  });

  it('refuses an empty list', async () => {
    const res = await send('POST', '/api/candidates/bulk-upload', recruiter.token, { candidates: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.noValidCandidates);
  });
});

describe('the list', () => {
  let word: string;
  beforeAll(async () => {
    word = `Zeph${Date.now().toString(36)}`;
    const now = Date.now();
    await createCandidate(ctx, recruiter.token, openJob.id, {
      name: `${word} Alpha`,
      experience: 2,
      expected_ctc: 8,
      source: 'Naukri',
      current_location: 'Kerala, Ernakulam',
    });
    await createCandidate(ctx, recruiter.token, openJob.id, {
      name: `${word} Beta`,
      experience: 7,
      expected_ctc: 25,
      source: 'Referral',
      referred_by: 'Kiran',
      preferred_location: 'Kerala, Thrissur',
    });
    const gamma = await createCandidate(ctx, recruiter.token, job.id, {
      name: `${word} Gamma`,
      experience: 12,
      expected_ctc: 40,
    });
    await send('PATCH', `/api/candidates/${gamma.uuid}/status`, ctx.adminToken, { status: 'shortlisted' });
    expect(Date.now() - now).toBeLessThan(60_000);
  });

  const names = async (query: string) => {
    const res = await send('GET', `/api/candidates?search=${word}&pageSize=50&${query}`, other.token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CandidatePage).items.map((c) => c.name.replace(`${word} `, '')).sort();
  };

  it('searches name, e-mail, phone and job title; filters each way the panel offers', async () => {
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('statuses=shortlisted')).toEqual(['Gamma']);
    expect(await names('sources=Naukri&sources=Referral')).toEqual(['Alpha', 'Beta']);
    expect(await names('experienceMin=5&experienceMax=10')).toEqual(['Beta']);
    expect(await names('salaryMin=20')).toEqual(['Beta', 'Gamma']);
    expect(await names('location=kerala')).toEqual(['Alpha', 'Beta']);
    expect(await names(`jobId=${job.id}`)).toEqual(['Gamma']);
    const today = todayIn(APP_TIME_ZONE);
    expect(await names(`appliedFrom=${today}&appliedTo=${today}`)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('appliedTo=2000-01-01')).toEqual([]);
    const byTitle = await send(
      'GET',
      '/api/candidates?search=Platform%20Engineer&pageSize=1000',
      other.token,
    );
    expect((byTitle.json() as CandidatePage).items.every((c) => c.job.title === 'Platform Engineer')).toBe(
      true,
    );
    expect((byTitle.json() as CandidatePage).total).toBeGreaterThan(0);
  });

  it('reads applied dates as days in India: a candidate added at 01:30 there is on that day', async () => {
    const c = await createCandidate(ctx, recruiter.token, openJob.id);
    // 20:00 UTC on 9 March is 01:30 on 10 March in India.
    await ctx.app
      .db('candidates')
      .where({ id: c.id })
      .update({ created_at: new Date('2026-03-09T20:00:00Z') });
    const found = async (query: string) =>
      (
        (
          await send('GET', `/api/candidates?search=${encodeURIComponent(c.email)}&${query}`, other.token)
        ).json() as CandidatePage
      ).items.map((item) => item.id);
    expect(await found('appliedFrom=2026-03-10&appliedTo=2026-03-10')).toEqual([c.id]);
    expect(await found('appliedTo=2026-03-09')).toEqual([]);
    expect(await found('appliedFrom=2026-03-11')).toEqual([]);
  });

  it('finds a name by the start of any of its words, and by its new name after an edit', async () => {
    const find = async (term: string) =>
      (
        (
          await send('GET', `/api/candidates?search=${encodeURIComponent(term)}&pageSize=50`, other.token)
        ).json() as CandidatePage
      ).items.map((i) => i.name.replace(`${word} `, ''));
    expect(await find('gamm')).toEqual(['Gamma']);
    const c = await createCandidate(ctx, recruiter.token, openJob.id, { name: 'Old Nameword' });
    await send('PATCH', `/api/candidates/${c.uuid}`, recruiter.token, { name: 'Brandnew Surname' });
    expect(await find('brandnew')).toEqual(['Brandnew Surname']);
    expect(await find('nameword')).toEqual([]);
  });

  it('finds a candidate by the whole e-mail address and by the phone however it is typed', async () => {
    const c = await createCandidate(ctx, recruiter.token, openJob.id, { phone: '+91 77665 54433' });
    const find = async (term: string) =>
      (
        (
          await send('GET', `/api/candidates?search=${encodeURIComponent(term)}`, other.token)
        ).json() as CandidatePage
      ).items.map((i) => i.id);
    expect(await find(c.email.toUpperCase())).toEqual([c.id]);
    expect(await find('917766')).toContain(c.id);
    expect(await find('+91 77665-54433')).toEqual([c.id]);
  });

  it('pages five at a time, newest first, and refuses ranges out of order', async () => {
    const first: CandidatePage = (await send('GET', '/api/candidates', other.token)).json();
    expect(first.pageSize).toBe(5);
    expect(first.items).toHaveLength(5);
    const ids = first.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second: CandidatePage = (await send('GET', '/api/candidates?page=2', other.token)).json();
    expect(second.items[0]!.id).toBeLessThan(ids[4]!);
    expect(second.total).toBe(first.total);
    const bad = await send('GET', '/api/candidates?experienceMin=9&experienceMax=1', other.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.filterExperienceOrder);
  });

  it('gives the same pages forwards and from the far end, in every sort order', async () => {
    const skills = await createSkills(ctx, ['Paging']);
    const pagerJob = await createJob(ctx, ctx.adminToken, {
      ...jobBody([skills.Paging!]),
      title: 'Pager Job',
    });
    // Ties in name, experience and pay: the order within a tie must be the same from both ends.
    for (let i = 0; i < 8; i++)
      await createCandidate(ctx, recruiter.token, pagerJob.id, {
        name: `Pager ${i % 2}`,
        experience: i % 3,
        expected_ctc: 10 + (i % 2),
      });
    const list = async (params: string) =>
      (
        await send('GET', `/api/candidates?jobId=${pagerJob.id}&${params}`, other.token)
      ).json() as CandidatePage;
    for (const sort of ['newest', 'oldest', 'name', 'experience', 'expected_ctc']) {
      const whole = await list(`sort=${sort}&pageSize=100`);
      expect(whole.total).toBe(8);
      const paged: number[] = [];
      for (let page = 1; page <= 3; page++)
        paged.push(...(await list(`sort=${sort}&pageSize=3&page=${page}`)).items.map((c) => c.id));
      expect(paged).toEqual(whole.items.map((c) => c.id));
      expect((await list(`sort=${sort}&pageSize=3&page=4`)).items).toEqual([]);
    }
    // A to Z, and among equal names the first added first (the name index's own order).
    const byName = (await list('sort=name&pageSize=100')).items;
    const expected = [...byName].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    expect(byName.map((c) => c.id)).toEqual(expected.map((c) => c.id));
  });

  it("the job's tab searches source and creator too", async () => {
    const tab: CandidatePage = (
      await send('GET', `/api/candidates/job/${openJob.id}?search=referral`, other.token)
    ).json();
    expect(tab.items.map((c) => c.name)).toContain(`${word} Beta`);
    const byCreator: CandidatePage = (
      await send(
        'GET',
        `/api/candidates/job/${openJob.id}?search=${recruiter.user.username}&pageSize=1000`,
        other.token,
      )
    ).json();
    expect(byCreator.total).toBeGreaterThanOrEqual(2);
  });

  it('exports the whole filtered list as candidates_list.xlsx with the required columns, N/A, rupees and days', async () => {
    const book = await downloadedWorkbook(
      ctx,
      `/api/candidates/export?search=${word}&sources=Referral&sources=Naukri`,
      other.token,
      CANDIDATES_EXPORT.fileName,
    );
    expect(book.SheetNames).toEqual([CANDIDATES_EXPORT.sheetName]);
    const [header, ...rows] = XLSX.utils.sheet_to_json<(string | number)[]>(
      book.Sheets[CANDIDATES_EXPORT.sheetName]!,
      { header: 1 },
    );
    expect(header).toEqual([...CANDIDATES_EXPORT.columns]);
    // Newest first: Beta (Referral) was added after Alpha (Naukri); Gamma (LinkedIn) is filtered out.
    expect(rows.map((r) => r[1])).toEqual([`${word} Beta`, `${word} Alpha`]);
    const beta = Object.fromEntries(CANDIDATES_EXPORT.columns.map((column, i) => [column, rows[0]![i]]));
    expect(beta).toMatchObject({
      Name: `${word} Beta`,
      'Job Applied': openJob.title,
      Status: 'Applied',
      Source: 'Referral',
      Experience: 7,
      'Expected CTC': '₹25 LPA',
      'Notice Period': '30 days',
      // A file is read by people: the creator by name, as the screens show them.
      'Created By': 'Priya Sharma',
    });
    expect(String(beta['Applied Date'])).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
  });

  it('refuses an export with wrong filters before writing anything', async () => {
    for (const [query, message] of [
      ['experienceMin=8&experienceMax=2', M.filterExperienceOrder],
      ['statuses=hired', null],
      ['appliedFrom=yesterday', null],
    ] as const) {
      const res = await send('GET', `/api/candidates/export?${query}`, other.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/candidates/export' })).statusCode).toBe(401);
  });
});

describe('sharing the shortlist', () => {
  it('mails the job client (outbox without SMTP) and marks only the shortlisted candidates shared', async () => {
    const s = await createCandidate(ctx, recruiter.token, openJob.id, { name: 'Shortlisted One' });
    const a = await createCandidate(ctx, recruiter.token, openJob.id, { name: 'Still Applied' });
    const none = await send('POST', '/api/candidates/share', recruiter.token, {
      jobId: openJob.id,
      candidates: [a.uuid],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.noShortlisted);
    await send('PATCH', `/api/candidates/${s.uuid}/status`, recruiter.token, { status: 'shortlisted' });
    const res = await send('POST', '/api/candidates/share', recruiter.token, {
      jobId: String(openJob.id),
      clientEmail: 'attacker@evil.example',
      clientName: 'Acme',
      jobTitle: openJob.title,
      candidates: [s.uuid, a.id],
    });
    expect(res.statusCode).toBe(200);
    // No mail server: the mail waits in the outbox, and the answer says so rather than "shared".
    expect(res.json()).toMatchObject({
      success: true,
      message: M.sharedQueued(1),
      mail: 'queued',
      shared: [{ id: s.id }],
    });
    const outbox = (await send('GET', '/api/mail/outbox', ctx.adminToken)).json().items;
    expect(outbox[0]).toMatchObject({
      to: openJob.clientEmail,
      status: 'queued',
      subject: `Shortlisted candidates for ${openJob.title}`,
    });
    // The mail carries the client's review link (it waits in the outbox with it), not the candidates' details.
    const [link] = res.json().links;
    expect(link).toMatchObject({ recipient: openJob.clientEmail });
    expect(outbox[0].text).toContain(link.url);
    expect(outbox[0].text).not.toContain(s.email);
    expect(outbox[0].text).not.toContain('Still Applied');
    expect((await send('GET', '/api/mail/outbox', recruiter.token)).statusCode).toBe(403);
    const after: Candidate = (await send('GET', `/api/candidates/${s.uuid}`, recruiter.token)).json();
    expect(after.shared_with_client).toBe(true);
    expect(after.shared_at).not.toBeNull();
  });
});

describe('the maintained counts', () => {
  it('equal a count of the candidates after every kind of change, firm-wide and per user', async () => {
    const c = await createCandidate(ctx, recruiter.token, job.id, { source: 'Agency' });
    await send('PATCH', `/api/candidates/${c.uuid}`, recruiter.token, {
      job_id: openJob.id,
      source: 'Naukri',
      status: 'selected',
    });
    const d = await createCandidate(ctx, recruiter.token, openJob.id);
    await send('DELETE', `/api/candidates/${d.uuid}`, recruiter.token);
    const r = await createCandidate(ctx, other.token, openJob.id);
    const rejected = await send('PATCH', `/api/candidates/${r.uuid}/reject`, ctx.adminToken, {
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round', comments: 'Counted' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const bulk = await send('POST', '/api/candidates/bulk-upload', other.token, {
      candidates: [1, 2].map((n) => ({
        name: `Counted ${n}`,
        email: `counted${n}@example.com`,
        phone: `70000${String(n).padStart(5, '0')}`,
        experience: 1,
        status: n === 1 ? 'screening' : 'applied',
        source: 'Direct',
        job_id: openJob.id,
      })),
    });
    expect(bulk.json().results.success).toHaveLength(2);

    /** The groups a full count gives, and those the table of counts keeps, as comparable text. */
    const compare = async (table: string, by: string[]) => {
      const counted = (await ctx.app
        .db('candidates')
        .whereNotNull('created_by_id')
        .select(by)
        .count({ n: '*' })
        .groupBy(by)) as Record<string, unknown>[];
      const kept = (await ctx.app
        .db(table)
        .where('n', '>', 0)
        .select([...by, 'n'])) as typeof counted;
      const norm = (rows: typeof counted) =>
        rows.map((row) => `${by.map((column) => row[column]).join('/')}=${Number(row.n)}`).sort();
      expect(norm(kept), table).toEqual(norm(counted));
      return norm(kept);
    };
    await compare('candidate_counts', ['job_id', 'status', 'source']);
    const perUser = await compare('candidate_creator_counts', ['created_by_id', 'status']);
    expect(perUser).toContain(`${other.user.id}/rejected=1`);
    const page: CandidatePage = (await send('GET', '/api/candidates', other.token)).json();
    expect(page.total).toBe(await ctx.count('candidates'));
  });
});
