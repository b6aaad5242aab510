import { beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVIEW_MESSAGES as M,
  type Candidate,
  type ClientContact,
  type Interview,
  type InterviewCreate,
  type Job,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { invitationsOf, istStart } from './interview-fixtures.ts';

const ctx = setupTestApp({ MAIL_FROM: 'Acme Recruiting <jobs@portal.example>' });
const send = requester(ctx);
let job: Job;
let otherJob: Job;
let candidate: Candidate;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let outsider: Awaited<ReturnType<typeof ctx.createUser>>;
let asha: Awaited<ReturnType<typeof ctx.createUser>>;
let vikram: Awaited<ReturnType<typeof ctx.createUser>>;
let contact: ClientContact;
let otherContact: ClientContact;

const url = (c: Candidate = candidate) => `/api/candidates/${c.uuid}/interviews`;
const uidOf = async (id: number): Promise<string> =>
  (await ctx.app.db('interviews').where({ id }).first('uid')).uid;

/** A body every check accepts, `days` ahead at 10:00 in India; override what the test is about. */
const body = (days: number, overrides: Partial<InterviewCreate> = {}): InterviewCreate => ({
  round: 'Technical Round 1',
  start: istStart(days).start,
  durationMinutes: 60,
  mode: 'video',
  videoUrl: 'https://meet.example/abc-defg',
  interviewerIds: [asha.user.id],
  ...overrides,
});

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Kotlin']);
  [editor, outsider, asha, vikram] = [
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser({ name: 'Asha Rao' }),
    await ctx.createUser({ name: 'Vikram Shah' }),
  ];
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Kotlin!]),
    title: 'Android Lead',
    questions: [],
    editable_by: [editor.user.id],
  });
  otherJob = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Kotlin!]), questions: [] });
  candidate = await createCandidate(ctx, ctx.adminToken, job.id, { name: '<b>Meera</b> Iyer' });
  contact = (
    await send('POST', `/api/jobs/${job.id}/client-contacts`, ctx.adminToken, {
      name: 'Priya Nair',
      email: 'priya@client.example',
    })
  ).json();
  otherContact = (
    await send('POST', `/api/jobs/${otherJob.id}/client-contacts`, ctx.adminToken, {
      name: 'Other Client',
      email: 'other@client.example',
    })
  ).json();
});

describe('scheduling an interview', () => {
  it('stores the start in UTC and mails the candidate and every interviewer an invitation (METHOD:REQUEST)', async () => {
    const { start, utc } = istStart(3, '10:00');
    const res = await send('POST', url(), editor.token, {
      ...body(3),
      start,
      clientContactIds: [contact.id],
      note: 'Focus on Kotlin coroutines',
    });
    expect(res.statusCode, res.body).toBe(201);
    const interview: Interview = res.json();
    expect(interview).toMatchObject({
      uuid: candidate.uuid,
      jobId: job.id,
      jobTitle: 'Android Lead',
      round: 'Technical Round 1',
      start: utc,
      end: new Date(new Date(utc).getTime() + 3_600_000).toISOString(),
      mode: 'video',
      status: 'scheduled',
      sequence: 0,
      note: 'Focus on Kotlin coroutines',
      createdBy: editor.user.name,
    });
    // 10:00 in India is 04:30 UTC.
    expect(interview.start.slice(11, 16)).toBe('04:30');
    expect(interview.interviewers).toEqual([
      { kind: 'user', id: asha.user.id, name: 'Asha Rao', email: asha.user.email.toLowerCase() },
      { kind: 'contact', id: contact.id, name: 'Priya Nair', email: 'priya@client.example' },
    ]);

    const mails = await invitationsOf(ctx.app.db, await uidOf(interview.id));
    expect(mails.map((m) => m.to_address).sort()).toEqual(
      [candidate.email, asha.user.email.toLowerCase(), 'priya@client.example'].sort(),
    );
    for (const mail of mails) {
      expect(mail.icalendar_method).toBe('REQUEST');
      expect(mail.calendar).toMatchObject({
        method: 'REQUEST',
        sequence: 0,
        status: 'CONFIRMED',
        start: utc.replace('.000Z', 'Z'),
        startIsUtc: true,
        location: 'https://meet.example/abc-defg',
        organizer: 'mailto:jobs@portal.example',
      });
      expect(mail.calendar.attendees.sort()).toEqual(
        [candidate.email, asha.user.email.toLowerCase(), 'priya@client.example'].sort(),
      );
      // The candidate's name is text: plain in the text part, escaped in the HTML part.
      expect(mail.text_body).toContain('<b>Meera</b> Iyer');
      expect(mail.html_body).toContain('&lt;b&gt;Meera&lt;/b&gt; Iyer');
      expect(mail.html_body).not.toContain('<b>Meera');
    }
    // The note is for the interviewers, not the candidate.
    const toCandidate = mails.find((m) => m.to_address === candidate.email)!;
    expect(toCandidate.text_body).not.toContain('coroutines');
    expect(toCandidate.calendar.description).not.toContain('coroutines');
    expect(mails.find((m) => m.to_address === 'priya@client.example')!.text_body).toContain('coroutines');
  });

  it('answers 400 naming the field for each wrong input, and writes nothing', async () => {
    const before = [await ctx.count('interviews'), await ctx.count('mail_outbox')];
    const past = new Date(Date.now() - 3_600_000).toISOString();
    for (const [wrong, field, message] of [
      [{ start: past }, 'start', M.startInPast],
      [{ start: '2030-01-01T10:00:00' }, 'start', M.startInvalid],
      [{ durationMinutes: 0 }, 'durationMinutes', M.durationInvalid],
      [{ durationMinutes: 481 }, 'durationMinutes', M.durationInvalid],
      [{ interviewerIds: [999_999] }, 'interviewerIds', M.interviewerNotUser],
      [{ interviewerIds: [] }, 'interviewerIds', M.interviewersRequired],
      [{ interviewerIds: [], clientContactIds: [otherContact.id] }, 'clientContactIds', M.contactNotOfJob],
      [{ videoUrl: 'http://meet.example/x' }, 'videoUrl', M.videoUrlInvalid],
      [{ videoUrl: 'javascript:alert(1)' }, 'videoUrl', M.videoUrlInvalid],
      [{ videoUrl: undefined }, 'videoUrl', M.videoUrlRequired],
      [{ mode: 'in_person', videoUrl: undefined }, 'location', M.locationRequired],
      [{ round: 'Final with the CEO' }, 'round', M.roundNotOfJob],
    ] as const) {
      const res = await send('POST', url(), editor.token, { ...body(5), ...wrong });
      expect(res.statusCode, `${JSON.stringify(wrong)}: ${res.body}`).toBe(400);
      expect(res.json(), JSON.stringify(wrong)).toMatchObject({ message: message, field });
    }
    const inactive = await ctx.createUser();
    await ctx.app.db('users').where({ id: inactive.user.id }).update({ status: 'inactive' });
    const res = await send('POST', url(), editor.token, body(5, { interviewerIds: [inactive.user.id] }));
    expect(res.json()).toMatchObject({ message: M.interviewerNotUser, field: 'interviewerIds' });
    // A deleted account keeps its status: it is no interviewer either.
    const deleted = await ctx.createUser();
    expect((await send('DELETE', `/api/users/${deleted.user.id}`, ctx.adminToken)).statusCode).toBe(200);
    const gone = await send('POST', url(), editor.token, body(5, { interviewerIds: [deleted.user.id] }));
    expect(gone.json()).toMatchObject({ message: M.interviewerNotUser, field: 'interviewerIds' });
    expect([await ctx.count('interviews'), await ctx.count('mail_outbox')]).toEqual(before);
  });

  it('is for those who may edit the candidate: 403 for others, 404 for an unknown candidate', async () => {
    const refused = await send('POST', url(), outsider.token, body(6));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.noPermission);
    const unknown = await send(
      'POST',
      '/api/candidates/00000000-0000-7000-8000-000000000000/interviews',
      ctx.adminToken,
      body(6),
    );
    expect(unknown.statusCode).toBe(404);
    expect((await send('POST', url(), undefined, body(6))).statusCode).toBe(401);
  });
});

describe('overlapping interviews', () => {
  it('are a 409 naming the clash, unless the request confirms it', async () => {
    const first = await send('POST', url(), ctx.adminToken, body(10, { interviewerIds: [vikram.user.id] }));
    expect(first.statusCode, first.body).toBe(201);
    const other = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Kabir Sen' });
    const overlapping = body(10, { interviewerIds: [vikram.user.id], start: istStart(10, '10:30').start });
    const before = await ctx.count('mail_outbox');

    const clash = await send('POST', url(other), ctx.adminToken, overlapping);
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: M.clash(['Vikram Shah']),
      clashes: [
        {
          interviewer: 'Vikram Shah',
          interviewId: first.json().id,
          start: first.json().start,
          end: first.json().end,
          candidate: '<b>Meera</b> Iyer',
        },
      ],
    });
    expect(await ctx.count('mail_outbox')).toBe(before);
    // Right after the first one ends is no clash.
    const after = await send('POST', url(other), ctx.adminToken, {
      ...overlapping,
      start: istStart(10, '11:00').start,
    });
    expect(after.statusCode, after.body).toBe(201);
    const confirmed = await send('POST', url(other), ctx.adminToken, {
      ...overlapping,
      confirmOverlap: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('of one interviewer scheduled at once for two jobs: one is scheduled, the other answered with the clash', async () => {
    const here = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Tara Bose' });
    const there = await createCandidate(ctx, ctx.adminToken, otherJob.id, { name: 'Omar Khan' });
    const solo = await ctx.createUser({ name: 'Solo Rao' });
    const same = body(14, { interviewerIds: [solo.user.id] });
    const answers = await Promise.all([
      send('POST', url(here), ctx.adminToken, same),
      send('POST', url(there), ctx.adminToken, same),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('find a client interviewer by address, and leave out cancelled interviews', async () => {
    const first = await send(
      'POST',
      url(),
      ctx.adminToken,
      body(12, { interviewerIds: [], clientContactIds: [contact.id] }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(
      'POST',
      url(),
      ctx.adminToken,
      body(12, { interviewerIds: [], clientContactIds: [contact.id] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().clashes).toMatchObject([{ interviewer: 'Priya Nair', interviewId: first.json().id }]);
    expect((await send('POST', `/api/interviews/${first.json().id}/cancel`, ctx.adminToken)).statusCode).toBe(
      200,
    );
    const now = await send(
      'POST',
      url(),
      ctx.adminToken,
      body(12, { interviewerIds: [], clientContactIds: [contact.id] }),
    );
    expect(now.statusCode, now.body).toBe(201);
  });
});
