import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_MAILS,
  APPLICATION_REFERENCE_PATTERN,
  PUBLIC_MESSAGES,
  type Candidate,
  type CandidateDetails,
  type Job,
  type LinkedApplication,
} from '@portal/contracts';
import { auth, multipartForm, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate, FILES } from './candidate-fixtures.ts';
import { headerOf, startSmtpServer, textOf } from './smtp-server.ts';

/**
 * The careers form must not tell anyone whether a person is in the firm's pool: an address on file and a
 * new one get the same answer, and only the mailbox of the address learns what happened. A stranger's
 * application never changes the profile on file; its resume stays with the application for the staff.
 */
const smtp = await startSmtpServer();
const ctx = setupTestApp({ SMTP_URL: smtp.url, APPLY_RATE_LIMIT: '1000' });
const send = requester(ctx);
let ownJob: Job;
let otherJob: Job;
let onFile: Candidate;

/** A PDF whose bytes say who sent it, so that a stored file can be told apart from another. */
const pdfSaying = (words: string) => Buffer.concat([FILES.pdf, Buffer.from(`% ${words}\n`)]);

function apply(jobId: number, fields: Record<string, string>, resume = FILES.pdf) {
  const form = multipartForm({
    ...fields,
    resume: { filename: 'cv.pdf', contentType: 'application/pdf', data: resume },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/jobs/${jobId}/apply`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** The outbox rows written since row `after`, oldest first. */
const outboxSince = async (after: number) =>
  (await ctx.app.db('mail_outbox').where('id', '>', after).orderBy('id')) as Record<string, unknown>[];
const lastOutboxId = async () =>
  Number(((await ctx.app.db('mail_outbox').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0);

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Kotlin']);
  ownJob = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Kotlin!]),
    title: 'Android Developer',
    questions: [],
  });
  otherJob = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Kotlin!]),
    title: 'Mobile Architect',
    questions: [],
  });
  onFile = await createCandidate(ctx, ctx.adminToken, ownJob.id, {
    name: 'Lakshmi Pillai',
    email: 'lakshmi.pillai@example.com',
    phone: '9847012345',
    current_company: 'Infosys',
    job_answers: {},
  });
  // The profile holds a photo and a resume of its own, which no stranger may replace.
  for (const [kind, field, name, type, data] of [
    ['resume', 'resume', 'lakshmi.pdf', 'application/pdf', pdfSaying('the profile resume')],
    ['image', 'image', 'lakshmi.png', 'image/png', FILES.png],
  ] as const) {
    const form = multipartForm({ [field]: { filename: name, contentType: type, data } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/candidates/${onFile.uuid}/upload/${kind}`,
      payload: form.payload,
      headers: { ...form.headers, ...auth(ctx.adminToken) },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('the answer to the browser', () => {
  it('is the same for a new address, an address on file for another job and for the same job', async () => {
    const mark = await lastOutboxId();
    const fresh = await apply(otherJob.id, { name: 'Nobody Known', email: 'nobody.known@example.com' });
    const another = await apply(otherJob.id, { name: 'Someone', email: onFile.email });
    const same = await apply(ownJob.id, { name: 'Someone', email: onFile.email.toUpperCase() });

    const answers = [fresh, another, same].map((res) => ({
      status: res.statusCode,
      type: res.headers['content-type'],
      body: res.json() as Record<string, unknown>,
    }));
    for (const { status, type, body } of answers) {
      expect(status).toBe(201);
      expect(type).toBe(answers[0]!.type);
      expect(body).toEqual({
        success: true,
        message: PUBLIC_MESSAGES.applied,
        reference: expect.stringMatching(APPLICATION_REFERENCE_PATTERN),
      });
    }
    // Equal but for the reference each application is given.
    const withoutReference = answers.map(({ status, body: { reference: _, ...rest } }) => ({ status, rest }));
    expect(withoutReference[1]).toEqual(withoutReference[0]);
    expect(withoutReference[2]).toEqual(withoutReference[0]);
    expect(new Set(answers.map((a) => a.body.reference)).size).toBe(3);
    // Each path queued one mail (and only one) before answering, to the address it was given.
    expect((await outboxSince(mark)).map((r) => r.to_address)).toEqual([
      'nobody.known@example.com',
      onFile.email,
      onFile.email.toUpperCase(),
    ]);
    // Three different mails tell the three different truths (their words: the next tests).
    const mails = [
      await smtp.next('nobody.known@example.com'),
      await smtp.next(onFile.email),
      await smtp.next(onFile.email),
    ];
    expect(new Set(mails.map((m) => textOf(m).split('\n')[2])).size).toBe(3);
    await ctx.app.mailer.settled();
  });

  it('does not wait for the mail server: the answer comes while the mail is still being sent', async () => {
    const held = smtp.hold();
    try {
      const res = await apply(otherJob.id, { name: 'Someone', email: onFile.email });
      expect(res.statusCode).toBe(201);
      await held.arrived();
    } finally {
      held.release();
    }
    const mail = await smtp.next(onFile.email);
    expect(headerOf(mail, 'Subject')).toBe(APPLICATION_MAILS.subject(otherJob.title));
    await ctx.app.mailer.settled();
  });
});

describe('the e-mail to the address given', () => {
  it('tells a new address its application is in, and an address on file what was done with it', async () => {
    const cases = [
      { job: otherJob, email: 'new.person@example.com', text: APPLICATION_MAILS.received },
      { job: otherJob, email: onFile.email, text: APPLICATION_MAILS.addedToProfile },
      { job: ownJob, email: onFile.email, text: APPLICATION_MAILS.appliedAgain },
    ];
    for (const { job, email, text } of cases) {
      const mark = await lastOutboxId();
      const res = await apply(job.id, { name: 'Whoever Typed This', email });
      const reference = res.json().reference as string;
      const mail = await smtp.next(email);
      expect(mail.to).toEqual([email]);
      expect(headerOf(mail, 'Subject')).toBe(APPLICATION_MAILS.subject(job.title));
      expect(textOf(mail).trim()).toBe(text(job.title, reference));
      // Nothing the sender typed is put in the mailbox of the address.
      expect(textOf(mail)).not.toContain('Whoever Typed This');
      await ctx.app.mailer.settled();
      const [row] = await outboxSince(mark);
      expect(row).toMatchObject({
        to_address: email,
        subject: APPLICATION_MAILS.subject(job.title),
        text_body: text(job.title, reference),
        status: 'sent',
      });
    }
    expect(APPLICATION_MAILS.addedToProfile('X', 'R')).not.toBe(APPLICATION_MAILS.received('X', 'R'));
  });

  it("tells an address that matched someone else's phone only what a new applicant is told", async () => {
    const email = 'not.lakshmi@example.com';
    const res = await apply(otherJob.id, { name: 'Phone Prober', email, phone: '+91 98470 12345' });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.next(email);
    expect(textOf(mail).trim()).toBe(APPLICATION_MAILS.received(otherJob.title, res.json().reference));
    // Recorded on the profile the phone belongs to, for the staff, as any repeat application.
    const details: CandidateDetails = (
      await send('GET', `/api/candidates/${onFile.uuid}`, ctx.adminToken)
    ).json();
    expect(details.history[0]).toMatchObject({ kind: 'application', job_id: otherJob.id });
    await ctx.app.mailer.settled();
  });
});

describe('the profile on file', () => {
  it("keeps every field, its photo and its resume after a stranger's application; the staff read that one's resume", async () => {
    const profile = async () => ctx.app.db('candidates').where({ id: onFile.id }).first();
    const before = await profile();
    expect(before.image_url).toMatch(/\.png$/);
    expect(before.resume_url).toMatch(/\.pdf$/);

    const strangersResume = pdfSaying('a stranger sent this');
    const res = await apply(
      otherJob.id,
      {
        name: 'Not Lakshmi',
        email: onFile.email,
        phone: '9000000001',
        experience: '12',
        currentCompany: 'Rival Corp',
        currentCTC: '40',
        expectedCTC: '80',
        noticePeriod: '90',
        currentLocation: 'Goa, North Goa',
        preferredLocation: 'Goa, South Goa',
      },
      strangersResume,
    );
    expect(res.statusCode).toBe(201);
    expect(await profile()).toEqual(before);

    // The application's resume stays with it: on the profile's history and on the job applied to.
    const details: CandidateDetails = (
      await send('GET', `/api/candidates/${onFile.uuid}`, ctx.adminToken)
    ).json();
    const [entry] = details.history;
    expect(entry).toMatchObject({ kind: 'application', job_id: otherJob.id });
    expect(entry!.resume_url).toMatch(/\.pdf$/);
    expect(entry!.resume_url).not.toBe(before.resume_url);
    const file = await send('GET', entry!.resume_url!, ctx.adminToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(strangersResume)).toBe(true);
    // The profile's own resume is still what it was.
    expect(
      (await send('GET', details.resume_url!, ctx.adminToken)).rawPayload.equals(
        pdfSaying('the profile resume'),
      ),
    ).toBe(true);
    const linked: LinkedApplication[] = (
      await send('GET', `/api/candidates/job/${otherJob.id}/linked-applications`, ctx.adminToken)
    ).json();
    expect(linked.find((l) => l.uuid === onFile.uuid)?.resume_url).toBe(entry!.resume_url);
    // Not something a visitor can read.
    expect((await send('GET', entry!.resume_url!)).statusCode).toBe(401);
    await ctx.app.mailer.settled();
  });
});
