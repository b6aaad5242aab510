import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_MAILS,
  APPLICATION_REFERENCE_PATTERN,
  CAREERS_SOURCE,
  PUBLIC_MESSAGES,
  type Candidate,
  type CandidateDetails,
  type Job,
  type PipelineBoard,
} from '@portal/contracts';
import { auth, multipartForm, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate, FILES } from './candidate-fixtures.ts';
import { headerOf, startSmtpServer, textOf } from './smtp-server.ts';

/**
 * The careers form must not tell anyone whether a person is in the firm's pool: an address on file and a
 * new one get the same answer, and only the mailbox of the address learns what happened. A person on file
 * who applies to another job becomes an application of theirs in that job's pipeline; a stranger's
 * application never changes the profile on file, and its resume stays with the application for the staff.
 */
const smtp = await startSmtpServer();
const ctx = setupTestApp({ SMTP_URL: smtp.url, APPLY_RATE_LIMIT: '1000' });
const send = requester(ctx);
let ownJob: Job;
let onFile: Candidate;
let skillId: number;
let jobsMade = 0;

/** A job of its own for one case: a person applies to a job once, then again. */
const freshJob = () =>
  createJob(ctx, ctx.adminToken, {
    ...jobBody([skillId]),
    title: `Mobile Architect ${++jobsMade}`,
    questions: [],
  });

/** The job's applications as its Candidates tab lists them. */
const applicationsIn = async (jobId: number): Promise<Candidate[]> =>
  (await send('GET', `/api/candidates/job/${jobId}`, ctx.adminToken)).json().items;

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
  skillId = skills.Kotlin!;
  ownJob = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skillId]),
    title: 'Android Developer',
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
    const otherJob = await freshJob();
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
    const otherJob = await freshJob();
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
      { job: await freshJob(), email: 'new.person@example.com', text: APPLICATION_MAILS.received },
      { job: await freshJob(), email: onFile.email, text: APPLICATION_MAILS.addedToProfile },
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
    const otherJob = await freshJob();
    const email = 'not.lakshmi@example.com';
    const res = await apply(otherJob.id, { name: 'Phone Prober', email, phone: '+91 98470 12345' });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.next(email);
    expect(textOf(mail).trim()).toBe(APPLICATION_MAILS.received(otherJob.title, res.json().reference));
    // For the staff, an application of the person the phone belongs to, in the job applied to.
    const [application] = await applicationsIn(otherJob.id);
    expect(application).toMatchObject({
      person_id: onFile.person_id,
      name: onFile.name,
      email: onFile.email,
    });
    await ctx.app.mailer.settled();
  });
});

describe('a person on file applying to another job', () => {
  it("is an application of theirs on that job's board, in Applied, with the resume sent; the profile keeps every field", async () => {
    const otherJob = await freshJob();
    const profile = async () => ctx.app.db('candidates').where({ id: onFile.id }).first();
    const person = async () => ctx.app.db('people').where({ id: onFile.person_id }).first();
    const [before, personBefore] = [await profile(), await person()];
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
    expect(await person()).toEqual(personBefore);

    // On the job's board, in Applied, as the person the firm knows (not as typed), with its own reference.
    const board: PipelineBoard = (
      await send('GET', `/api/jobs/${otherJob.id}/pipeline`, ctx.adminToken)
    ).json();
    const applied = board.columns.find((c) => c.status === 'applied')!;
    expect(applied.cards.map((c) => c.name)).toEqual(['Lakshmi Pillai']);
    const [application] = await applicationsIn(otherJob.id);
    expect(application).toMatchObject({
      person_id: onFile.person_id,
      name: 'Lakshmi Pillai',
      current_company: 'Infosys',
      source: CAREERS_SOURCE,
      status: 'applied',
      image_url: before.image_url,
    });
    // Counted among the person's applications (this file's earlier cases added others).
    expect(application!.applications_count).toBe(
      (await ctx.app.db('candidates').where({ person_id: onFile.person_id })).length,
    );
    expect(
      (await ctx.app.db('candidates').where({ id: application!.id }).first()).application_reference,
    ).toBe(res.json().reference);

    // The resume sent is this application's; the profile's own is still what it was.
    expect(application!.resume_url).toMatch(/\.pdf$/);
    expect(application!.resume_url).not.toBe(before.resume_url);
    const file = await send('GET', application!.resume_url!, ctx.adminToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(strangersResume)).toBe(true);
    expect(
      (await send('GET', before.resume_url, ctx.adminToken)).rawPayload.equals(
        pdfSaying('the profile resume'),
      ),
    ).toBe(true);
    // Not something a visitor can read.
    expect((await send('GET', application!.resume_url!)).statusCode).toBe(401);

    // Applying again to that job records the resubmission on its application, with the new resume.
    const again = await apply(otherJob.id, { name: 'Lakshmi', email: onFile.email }, pdfSaying('again'));
    expect(again.statusCode).toBe(201);
    expect(await applicationsIn(otherJob.id)).toHaveLength(1);
    const details: CandidateDetails = (
      await send('GET', `/api/candidates/${application!.uuid}`, ctx.adminToken)
    ).json();
    expect(details.history[0]).toMatchObject({ kind: 'application', job_id: otherJob.id });
    const resent = await send('GET', details.history[0]!.resume_url!, ctx.adminToken);
    expect(resent.rawPayload.equals(pdfSaying('again'))).toBe(true);
    await ctx.app.mailer.settled();
  });
});
