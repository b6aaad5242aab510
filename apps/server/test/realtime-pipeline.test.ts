// The pipeline board live: moves reach every client of the job's room in one numbered order, a client
// that was away catches up from GET /api/events, and who looks at which card is passed on (not kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ID,
  PIPELINE_MESSAGES,
  type Ack,
  type CandidateMovedEvent,
  type CardFocusEvent,
  type EventsResponse,
  type Job,
  type JoinAck,
  type LiveSequence,
  type LoginResponse,
  type PipelineCard,
  type RecruitmentDashboard,
} from '@portal/contracts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';
import { liveClients, until, type LiveClient } from './live-clients.ts';

const ctx = setupTestApp();
const send = requester(ctx);
let address: string;
let job: Job;
let editor: LoginResponse;
const live = liveClients();
/** The cards of the job's applied column, top first, as the last move left them. */
let cards: PipelineCard[] = [];

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(ctx, ['Go']);
  editor = await ctx.createUser({ name: 'Priya Sharma' });
  job = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Go!]),
    questions: [],
    editable_by: [editor.user.id],
  });
  for (let i = 0; i < 3; i++) await createCandidate(ctx, ctx.adminToken, job.id, { name: `Card ${i}` });
  const res = await send('GET', `/api/jobs/${job.id}/pipeline`, ctx.adminToken);
  cards = res.json().columns[0].cards;
});
afterAll(() => live.closeAll());

const room = () => `job:${job.id}`;
const joinJob = (client: LiveClient, jobId = job.id) =>
  new Promise<JoinAck>((resolve) => client.emit('job:join', { jobId }, resolve));
const ask = (client: LiveClient, name: 'card:focus' | 'card:blur', payload: unknown) =>
  new Promise<Ack>((resolve) => (client.emit as (...a: unknown[]) => void)(name, payload, resolve));

/** Moves the bottom card of the applied column to its top, as `token`'s user. */
async function moveBottomToTop(token: string) {
  const bottom = cards[cards.length - 1]!;
  const res = await send('POST', `/api/candidates/${bottom.uuid}/move`, token, {
    status: 'applied',
    before: cards[0]!.uuid,
    version: bottom.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  cards = [res.json<PipelineCard>(), ...cards.slice(0, -1)];
}

/** Every numbered message of the job's room a client hears, in arrival order. */
function record(client: LiveClient) {
  const heard: { seq: number; name: string; payload: unknown }[] = [];
  client.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
    if (sequence?.room === room()) heard.push({ seq: sequence.seq, name, payload });
  });
  return heard;
}

async function eventsSince(since: number): Promise<EventsResponse> {
  const res = await send('GET', `/api/events?room=${room()}&since=${since}`, ctx.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('moves live', () => {
  it("two clients see each other's moves in the same order, numbered one after another", async () => {
    const a = await live.open(address, { token: ctx.adminToken });
    const b = await live.open(address, { token: editor.token });
    const [ja, jb] = [await joinJob(a), await joinJob(b)];
    const start = Math.max(ja.ok ? ja.data!.seq : 0, jb.ok ? jb.data!.seq : 0);
    const [heardA, heardB] = [record(a), record(b)];
    for (let i = 0; i < 10; i++) await moveBottomToTop(i % 2 ? editor.token : ctx.adminToken);
    const moved = (h: typeof heardA) => h.filter((m) => m.name === 'candidate:moved');
    expect(await until(() => moved(heardA).length === 10 && moved(heardB).length === 10)).toBe(true);
    expect(heardA).toEqual(heardB);
    expect(heardA.map((m) => m.seq)).toEqual(heardA.map((_, i) => start + 1 + i));
    const events = moved(heardA).map((m) => m.payload as CandidateMovedEvent);
    expect(events.map((e) => e.by.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 'Priya Sharma' : expect.any(String))),
    );
    expect(events.at(-1)).toMatchObject({
      uuid: cards[0]!.uuid,
      jobId: job.id,
      from: 'applied',
      to: 'applied',
      position: cards[0]!.position,
      version: cards[0]!.version,
    });
    a.disconnect();
    b.disconnect();
  });

  it('a move is one message: candidate:moved says from and to; the dashboard hears it and its figures follow', async () => {
    const client = await live.open(address, { token: ctx.adminToken });
    const board = await live.open(address, { token: ctx.adminToken });
    await joinJob(client);
    expect(await new Promise((resolve) => board.emit('dashboard:join', resolve))).toMatchObject({ ok: true });
    const heard = record(client);
    const onDashboard: { name: string; payload: unknown }[] = [];
    const stats: RecruitmentDashboard[] = [];
    board.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
      if (sequence?.room === 'dashboard') onDashboard.push({ name, payload });
    });
    board.on('dashboard:stats', (figures) => stats.push(figures));
    const screeningBefore = (await send('GET', '/api/dashboard/recruitment', ctx.adminToken))
      .json<RecruitmentDashboard>()
      .candidateStatusData.find((s) => s.status === 'screening')!.count;

    // To another column, then (the next card) to another place in its own column.
    const top = cards[0]!;
    const across = await send('POST', `/api/candidates/${top.uuid}/move`, ctx.adminToken, {
      status: 'screening',
      version: top.version,
    });
    expect(across.statusCode, across.body).toBe(200);
    cards = cards.slice(1);
    await moveBottomToTop(ctx.adminToken);

    // The room's messages are sent in order: anything else a move sent would come before the second move.
    expect(await until(() => heard.length >= 2)).toBe(true);
    expect(heard.map((m) => m.name)).toEqual(['candidate:moved', 'candidate:moved']);
    expect(heard[0]!.payload).toMatchObject({ from: 'applied', to: 'screening', uuid: top.uuid });
    expect(heard[1]!.seq).toBe(heard[0]!.seq + 1);
    // The dashboard hears the change of status only, and its figures count it.
    expect(await until(() => onDashboard.length >= 1)).toBe(true);
    expect(onDashboard.map((m) => [m.name, (m.payload as CandidateMovedEvent).uuid])).toEqual([
      ['candidate:moved', top.uuid],
    ]);
    expect(
      await until(
        () =>
          stats.at(-1)?.candidateStatusData.find((s) => s.status === 'screening')?.count ===
          screeningBefore + 1,
      ),
    ).toBe(true);
    client.disconnect();
    board.disconnect();
  });

  it('a client cut off during 100 moves shows all of them, in order, once, after reconnecting', async () => {
    const client = await live.open(address, { token: ctx.adminToken });
    const joined = await joinJob(client);
    let last = joined.ok ? joined.data!.seq : 0;
    const start = last;
    const applied: { seq: number; name: string; payload: unknown }[] = [];
    const apply = (seq: number, name: string, payload: unknown) => {
      if (seq !== last + 1) return;
      applied.push({ seq, name, payload });
      last = seq;
    };
    client.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
      if (sequence?.room === room()) apply(sequence.seq, name, payload);
    });
    await moveBottomToTop(ctx.adminToken);
    expect(await until(() => applied.length === 1)).toBe(true);

    // Gone for good (a clean close: nothing for Socket.IO to recover), then back as a fresh connection.
    client.disconnect();
    for (let i = 0; i < 100; i++) await moveBottomToTop(i % 3 ? ctx.adminToken : editor.token);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
      client.connect();
    });
    expect(client.recovered).toBe(false);
    const rejoined = await joinJob(client);
    expect(rejoined.ok && rejoined.data!.seq).toBeGreaterThan(last);
    const missed = await eventsSince(last);
    expect(missed.reset).toBe(false);
    for (const m of missed.events) apply(m.seq, m.name, m.payload);

    const truth = (await eventsSince(start)).events.map(({ seq, name, payload }) => ({ seq, name, payload }));
    expect(applied).toEqual(truth);
    const moves = applied.filter((m) => m.name === 'candidate:moved');
    expect(moves).toHaveLength(101);
    expect(new Set(moves.map((m) => m.seq)).size).toBe(101);
    expect((moves.at(-1)!.payload as CandidateMovedEvent).uuid).toBe(cards[0]!.uuid);
    client.disconnect();
  }, 120_000);
});

describe('who looks at which card', () => {
  it('passes card:focus and card:blur to the others in the job room, and blurs on disconnect', async () => {
    const a = await live.open(address, { token: editor.token });
    const b = await live.open(address, { token: ctx.adminToken });
    const outside = await live.open(address, { token: ctx.adminToken });
    await joinJob(a);
    await joinJob(b);
    const heard = (client: LiveClient) => {
      const got: { name: string; event: CardFocusEvent }[] = [];
      client.on('card:focus', (event) => got.push({ name: 'card:focus', event }));
      client.on('card:blur', (event) => got.push({ name: 'card:blur', event }));
      return got;
    };
    const [byA, byB, byOutside] = [heard(a), heard(b), heard(outside)];
    const uuid = cards[0]!.uuid;

    expect(await ask(outside, 'card:focus', { jobId: job.id, uuid })).toEqual({
      ok: false,
      message: PIPELINE_MESSAGES.focusRefused,
    });
    expect(await ask(a, 'card:focus', { jobId: job.id })).toMatchObject({ ok: false });
    expect(await ask(a, 'card:focus', { jobId: job.id, uuid, dragging: true })).toEqual({ ok: true });
    expect(await until(() => byB.length === 1)).toBe(true);
    expect(byB[0]).toEqual({
      name: 'card:focus',
      event: { uuid, jobId: job.id, userId: editor.user.id, name: 'Priya Sharma', dragging: true },
    });
    expect(await ask(a, 'card:blur', { jobId: job.id, uuid })).toEqual({ ok: true });
    expect(await until(() => byB.length === 2)).toBe(true);
    expect(byB[1]).toMatchObject({ name: 'card:blur', event: { uuid, dragging: false } });

    await ask(a, 'card:focus', { jobId: job.id, uuid });
    expect(await until(() => byB.length === 3)).toBe(true);
    a.disconnect();
    expect(await until(() => byB.length === 4)).toBe(true);
    expect(byB[3]).toMatchObject({ name: 'card:blur', event: { uuid, userId: editor.user.id } });
    // Not to the sender, not outside the room, and not kept for GET /api/events.
    expect(byA).toEqual([]);
    expect(byOutside).toEqual([]);
    const kept = await eventsSince(0);
    expect(kept.events.some((m) => m.name.startsWith('card:'))).toBe(false);
    b.disconnect();
    outside.disconnect();
  });
  it('refuses a focus or blur that is not the shape the contract gives, before reading anything', async () => {
    const a = await live.open(address, { token: editor.token });
    await joinJob(a);
    const uuid = cards[0]!.uuid;
    const malformed: unknown[] = [
      null,
      'card',
      { jobId: job.id },
      { jobId: job.id, uuid: '' },
      { jobId: job.id, uuid: 'not-a-uuid!' },
      { jobId: job.id, uuid: `${uuid}0` },
      { jobId: String(job.id), uuid },
      { jobId: MAX_ID + 1, uuid },
      { jobId: job.id, uuid, dragging: 'yes' },
    ];
    for (const payload of malformed)
      for (const name of ['card:focus', 'card:blur'] as const)
        expect(await ask(a, name, payload), `${name} ${JSON.stringify(payload)}`).toEqual({
          ok: false,
          message: PIPELINE_MESSAGES.focusRefused,
        });
    // The same card in capitals is the shape, and the card (its uuid is compared lower-cased).
    expect(await ask(a, 'card:focus', { jobId: job.id, uuid: uuid.toUpperCase() })).toEqual({ ok: true });
    a.disconnect();
  });
  it("refuses to show a card of another job (or none) on a job's board, and passes nothing on", async () => {
    const skills = await createSkills(ctx, ['Rust']);
    const otherJob = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Rust!]), questions: [] });
    const elsewhere = await createCandidate(ctx, ctx.adminToken, otherJob.id, { name: 'Elsewhere' });
    const a = await live.open(address, { token: editor.token });
    const b = await live.open(address, { token: ctx.adminToken });
    await joinJob(a);
    await joinJob(b);
    const byB: CardFocusEvent[] = [];
    b.on('card:focus', (event) => byB.push(event));

    for (const uuid of [elsewhere.uuid, elsewhere.uuid.toUpperCase(), '00000000-0000-4000-8000-000000000000'])
      expect(await ask(a, 'card:focus', { jobId: job.id, uuid })).toEqual({
        ok: false,
        message: PIPELINE_MESSAGES.focusNotOnBoard,
      });
    // The first focus b hears is the one allowed after them: the refused ones were never passed on.
    expect(await ask(a, 'card:focus', { jobId: job.id, uuid: cards[1]!.uuid })).toEqual({ ok: true });
    expect(await until(() => byB.length === 1)).toBe(true);
    expect(byB.map((e) => e.uuid)).toEqual([cards[1]!.uuid]);
    a.disconnect();
    b.disconnect();
  });
});
