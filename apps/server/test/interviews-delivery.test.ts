import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVIEW_MESSAGES as M,
  interviewTimeText,
  APP_TIME_ZONE,
  type Interview,
  type Job,
  type LiveSequence,
  type Notification,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { istStart, leafParts, readCalendar } from './interview-fixtures.ts';
import { startSmtpServer, type ReceivedMail } from './smtp-server.ts';
import { liveClients, until } from './live-clients.ts';

const smtp = await startSmtpServer();
const ctx = setupTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Acme Recruiting <jobs@portal.example>' });
const send = requester(ctx);
const live = liveClients();
let address: string;
let job: Job;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let asha: Awaited<ReturnType<typeof ctx.createUser>>;

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(ctx, ['Swift']);
  editor = await ctx.createUser({ name: 'Esha Editor' });
  asha = await ctx.createUser({ name: 'Asha Rao' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Swift!]),
    title: 'iOS Lead',
    questions: [],
    editable_by: [editor.user.id],
  });
});
afterAll(() => live.closeAll());

/** The calendar part of a mail as the SMTP server got it: its content type and what ical.js reads of it. */
function calendarPartOf(mail: ReceivedMail) {
  const part = leafParts(mail.data).find((p) => /^text\/calendar/i.test(p.contentType));
  expect(part, 'a text/calendar part').toBeDefined();
  return { contentType: part!.contentType, calendar: readCalendar(part!.text) };
}

describe('invitations through SMTP', () => {
  it('reach the candidate and the interviewers with a text/calendar part (method=REQUEST, then CANCEL)', async () => {
    const candidate = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Meera Iyer' });
    const { start, utc } = istStart(3, '10:00');
    const res = await send('POST', `/api/candidates/${candidate.uuid}/interviews`, editor.token, {
      round: 'Technical Round 1',
      start,
      durationMinutes: 30,
      mode: 'phone',
      interviewerIds: [asha.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const interview: Interview = res.json();
    const { uid } = await ctx.app.db('interviews').where({ id: interview.id }).first('uid');

    for (const to of [candidate.email, asha.user.email]) {
      const mail = await smtp.next(to);
      expect(mail.from).toBe('jobs@portal.example');
      const { contentType, calendar } = calendarPartOf(mail);
      expect(contentType).toMatch(/method=REQUEST/i);
      expect(calendar).toMatchObject({
        method: 'REQUEST',
        uid,
        sequence: 0,
        start: utc.replace('.000Z', 'Z'),
        location: 'Phone',
      });
      expect(calendar.start.slice(11, 16)).toBe('04:30');
    }
    await ctx.app.mailer.settled();
    const rows = await ctx.app.db('mail_outbox').whereNotNull('icalendar').select('status');
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);

    const cancelled = await send('POST', `/api/interviews/${interview.id}/cancel`, editor.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = calendarPartOf(await smtp.next(candidate.email));
    expect(cancel.contentType).toMatch(/method=CANCEL/i);
    expect(cancel.calendar).toMatchObject({ method: 'CANCEL', uid, sequence: 1, status: 'CANCELLED' });
  });
});

describe('live and in the bell', () => {
  it("reaches the job room's sockets (sequenced) and the staff interviewers' bell, never the actor's", async () => {
    const candidate = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Kabir Sen' });
    const watcher = await live.open(address, { token: ctx.adminToken });
    const joined = await new Promise<{ ok: boolean }>((resolve) =>
      watcher.emit('job:join', { jobId: job.id }, resolve),
    );
    expect(joined.ok).toBe(true);
    const heard: { name: string; payload: Interview; sequence: LiveSequence }[] = [];
    watcher.onAny((name: string, payload: Interview, sequence: LiveSequence) => {
      if (name.startsWith('interview:')) heard.push({ name, payload, sequence });
    });
    const bell = await live.open(address, { token: asha.token });
    const rung: Notification[] = [];
    bell.on('notification:new', (n) => rung.push(n));

    const res = await send('POST', `/api/candidates/${candidate.uuid}/interviews`, editor.token, {
      round: 'HR Round',
      start: istStart(8, '16:00').start,
      durationMinutes: 60,
      mode: 'video',
      videoUrl: 'https://meet.example/kabir',
      interviewerIds: [asha.user.id, editor.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const interview: Interview = res.json();

    expect(await until(() => heard.length === 1)).toBe(true);
    expect(heard[0]).toMatchObject({
      name: 'interview:scheduled',
      payload: { id: interview.id, uuid: candidate.uuid, jobId: job.id, round: 'HR Round', sequence: 0 },
      sequence: { room: `job:${job.id}` },
    });
    expect(await until(() => rung.length === 1)).toBe(true);
    const text = M.bellScheduled('Kabir Sen', 'iOS Lead', interviewTimeText(interview.start, APP_TIME_ZONE));
    expect(rung[0]).toMatchObject({ kind: 'interview_scheduled', text });
    const ashaBell = await send('GET', '/api/notifications', asha.token);
    expect(ashaBell.json().items[0]).toMatchObject({ kind: 'interview_scheduled', text });
    // The editor scheduled it: an interviewer too, but not told of their own change.
    const editorBell = await send('GET', '/api/notifications', editor.token);
    expect(editorBell.json().items.filter((n: Notification) => n.kind === 'interview_scheduled')).toEqual([]);

    const moved = await send('PATCH', `/api/interviews/${interview.id}`, editor.token, {
      start: istStart(9, '16:00').start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await until(() => heard.length === 2)).toBe(true);
    expect(heard[1]).toMatchObject({ name: 'interview:changed', payload: { id: interview.id, sequence: 1 } });
    expect(heard[1]!.sequence.seq).toBe(heard[0]!.sequence.seq + 1);
    await send('POST', `/api/interviews/${interview.id}/cancel`, editor.token);
    expect(await until(() => heard.length === 3)).toBe(true);
    expect(heard[2]).toMatchObject({
      name: 'interview:cancelled',
      payload: { status: 'cancelled', sequence: 2 },
    });
  });
});
