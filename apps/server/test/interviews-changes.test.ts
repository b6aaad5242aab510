import { beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVIEW_MESSAGES as M,
  type Candidate,
  type Interview,
  type InterviewCreate,
  type Job,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { invitationsOf, istStart } from './interview-fixtures.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let job: Job;
let candidate: Candidate;
let editor: Awaited<ReturnType<typeof ctx.createUser>>;
let outsider: Awaited<ReturnType<typeof ctx.createUser>>;
let asha: Awaited<ReturnType<typeof ctx.createUser>>;
let vikram: Awaited<ReturnType<typeof ctx.createUser>>;

const uidOf = async (id: number): Promise<string> =>
  (await ctx.app.db('interviews').where({ id }).first('uid')).uid;

const body = (days: number, overrides: Partial<InterviewCreate> = {}): InterviewCreate => ({
  round: 'HR Round',
  start: istStart(days).start,
  durationMinutes: 45,
  mode: 'in_person',
  location: 'Acme, 4th floor, MG Road, Bengaluru',
  interviewerIds: [asha.user.id],
  ...overrides,
});

async function schedule(
  overrides: Partial<InterviewCreate> = {},
  days = 4,
  c = candidate,
): Promise<Interview> {
  const res = await send('POST', `/api/candidates/${c.uuid}/interviews`, editor.token, body(days, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Go']);
  [editor, outsider, asha, vikram] = [
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser({ name: 'Asha Rao' }),
    await ctx.createUser({ name: 'Vikram Shah' }),
  ];
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Go!]),
    questions: [],
    editable_by: [editor.user.id],
  });
  candidate = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Meera Iyer' });
});

describe('rescheduling', () => {
  it('raises SEQUENCE and keeps the UID in every updated invitation; a removed interviewer gets a CANCEL', async () => {
    const interview = await schedule({ interviewerIds: [asha.user.id] }, 4);
    const uid = await uidOf(interview.id);
    const { start, utc } = istStart(5, '15:15');
    const res = await send('PATCH', `/api/interviews/${interview.id}`, editor.token, {
      start,
      durationMinutes: 90,
      interviewerIds: [vikram.user.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved: Interview = res.json();
    expect(moved).toMatchObject({
      id: interview.id,
      start: utc,
      end: new Date(new Date(utc).getTime() + 90 * 60_000).toISOString(),
      sequence: 1,
      status: 'scheduled',
    });
    expect(moved.interviewers.map((p) => p.name)).toEqual(['Vikram Shah']);
    expect(await uidOf(interview.id)).toBe(uid);

    const mails = await invitationsOf(ctx.app.db, uid);
    const updated = mails.filter((m) => m.calendar.sequence === 1);
    expect(
      updated
        .filter((m) => m.calendar.method === 'REQUEST')
        .map((m) => m.to_address)
        .sort(),
    ).toEqual([candidate.email, vikram.user.email.toLowerCase()].sort());
    for (const m of updated.filter((u) => u.calendar.method === 'REQUEST')) {
      expect(m.calendar.start).toBe(utc.replace('.000Z', 'Z'));
      expect(m.calendar.uid).toBe(uid);
    }
    // 15:15 in India is 09:45 UTC.
    expect(updated[0]!.calendar.start.slice(11, 16)).toBe('09:45');
    expect(updated.filter((m) => m.calendar.method === 'CANCEL').map((m) => m.to_address)).toEqual([
      asha.user.email.toLowerCase(),
    ]);
    // Changing only the note raises the sequence again.
    const noted = await send('PATCH', `/api/interviews/${interview.id}`, editor.token, {
      note: 'Bring the portfolio',
    });
    expect(noted.json()).toMatchObject({ sequence: 2, note: 'Bring the portfolio', start: utc });
    expect((await invitationsOf(ctx.app.db, uid)).filter((m) => m.calendar.sequence === 2)).toHaveLength(2);
  });

  it('checks the overlap again without counting itself, and refuses wrong input with the field', async () => {
    const a = await schedule({ interviewerIds: [vikram.user.id] }, 20);
    const b = await schedule({ interviewerIds: [vikram.user.id], start: istStart(20, '12:00').start }, 20);
    // Moving within its own time is no clash with itself.
    const self = await send('PATCH', `/api/interviews/${a.id}`, editor.token, {
      start: istStart(20, '10:15').start,
    });
    expect(self.statusCode, self.body).toBe(200);
    const onto = await send('PATCH', `/api/interviews/${a.id}`, editor.token, {
      start: istStart(20, '12:15').start,
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().clashes).toMatchObject([{ interviewer: 'Vikram Shah', interviewId: b.id }]);
    const forced = await send('PATCH', `/api/interviews/${a.id}`, editor.token, {
      start: istStart(20, '12:15').start,
      confirmOverlap: true,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    for (const [wrong, field] of [
      [{ start: new Date(Date.now() - 60_000).toISOString() }, 'start'],
      [{ durationMinutes: 0 }, 'durationMinutes'],
      [{ mode: 'video' }, 'videoUrl'],
      [{ mode: 'video', videoUrl: 'ftp://x.example' }, 'videoUrl'],
      [{ interviewerIds: [], clientContactIds: [] }, 'interviewerIds'],
    ] as const) {
      const res = await send('PATCH', `/api/interviews/${a.id}`, editor.token, wrong);
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json().field, JSON.stringify(wrong)).toBe(field);
    }
    expect((await send('PATCH', `/api/interviews/${a.id}`, editor.token, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/api/interviews/${a.id}`, outsider.token, { note: 'x' })).statusCode).toBe(
      403,
    );
    expect((await send('PATCH', '/api/interviews/999999', editor.token, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('cancelling', () => {
  it('sends METHOD:CANCEL with the same UID and a raised SEQUENCE; twice is a 409, and a cancelled one stays', async () => {
    const interview = await schedule({}, 7);
    const uid = await uidOf(interview.id);
    expect((await send('POST', `/api/interviews/${interview.id}/cancel`, outsider.token)).statusCode).toBe(
      403,
    );
    const res = await send('POST', `/api/interviews/${interview.id}/cancel`, editor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', sequence: 1 });
    const cancels = (await invitationsOf(ctx.app.db, uid)).filter((m) => m.calendar.method === 'CANCEL');
    expect(cancels.map((m) => m.to_address).sort()).toEqual(
      [candidate.email, asha.user.email.toLowerCase()].sort(),
    );
    for (const m of cancels) {
      expect(m.icalendar_method).toBe('CANCEL');
      expect(m.calendar).toMatchObject({ uid, sequence: 1, status: 'CANCELLED' });
    }
    const again = await send('POST', `/api/interviews/${interview.id}/cancel`, editor.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyCancelled);
    const patch = await send('PATCH', `/api/interviews/${interview.id}`, editor.token, { note: 'x' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(M.cancelledCannotChange);
    expect((await send('POST', '/api/interviews/999999/cancel', editor.token)).statusCode).toBe(404);
  });
});

describe('reading interviews', () => {
  it("lists a candidate's interviews newest start first, to anyone signed in", async () => {
    const other = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Kabir Sen' });
    const early = await schedule({}, 30, other);
    const late = await schedule({}, 40, other);
    const middle = await schedule({}, 35, other);
    const res = await send('GET', `/api/candidates/${other.uuid}/interviews`, outsider.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: Interview) => i.id)).toEqual([late.id, middle.id, early.id]);
    expect(res.json().items[0]).toMatchObject({
      candidateName: 'Kabir Sen',
      mode: 'in_person',
      round: 'HR Round',
    });
    expect(
      (await send('GET', '/api/candidates/00000000-0000-7000-8000-000000000000/interviews', outsider.token))
        .statusCode,
    ).toBe(404);
    expect((await send('GET', `/api/candidates/${other.uuid}/interviews`)).statusCode).toBe(401);
  });

  it("mine=1 lists only the caller's interviews as an interviewer, by start, within from / to", async () => {
    const solo = await ctx.createUser({ name: 'Solo Interviewer' });
    const other = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Dev Patel' });
    const second = await schedule({ interviewerIds: [solo.user.id, asha.user.id] }, 62, other);
    const first = await schedule({ interviewerIds: [solo.user.id] }, 61, other);
    await schedule({ interviewerIds: [vikram.user.id] }, 60, other);
    const mine = await send('GET', '/api/interviews?mine=1', solo.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items.map((i: Interview) => i.id)).toEqual([first.id, second.id]);
    const bounded = await send(
      'GET',
      `/api/interviews?mine=1&from=${encodeURIComponent(second.start)}&to=${encodeURIComponent(
        new Date(new Date(second.start).getTime() + 1).toISOString(),
      )}`,
      solo.token,
    );
    expect(bounded.json().items.map((i: Interview) => i.id)).toEqual([second.id]);
    expect((await send('GET', '/api/interviews?mine=1', outsider.token)).json().items).toEqual([]);
    expect((await send('GET', '/api/interviews', solo.token)).statusCode).toBe(400);
    expect((await send('GET', '/api/interviews?mine=1&from=yesterday', solo.token)).statusCode).toBe(400);
  });
});
