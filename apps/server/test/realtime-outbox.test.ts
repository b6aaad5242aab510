// Reconnect without loss: every message a change sends to a room is numbered there and kept
// in the event outbox with the change; a client that was away reads what it missed from GET /api/events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  type Candidate,
  type EventsResponse,
  type Job,
  type JoinAck,
  type LiveSequence,
  type LoginResponse,
} from '@portal/contracts';
import { buildApp, type App } from '../src/app.ts';
import { createDb } from '../src/db/connection.ts';
import { PRUNE_CHUNK } from '../src/realtime/outbox.ts';
import { auth, multipartForm, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate, refusedCandidateChanges } from './candidate-fixtures.ts';
import { liveClients, until, type LiveClient } from './live-clients.ts';

type Client = LiveClient;

const ctx = setupTestApp();
const send = requester(ctx);
let address: string;
let job: Job;
let employee: LoginResponse;
const live = liveClients();
const extraApps: App[] = [];

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(ctx, ['React']);
  employee = await ctx.createUser({ name: 'Esha Employee' });
  job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
});
afterAll(async () => {
  live.closeAll();
  await Promise.all(extraApps.map((a) => a.close()));
});

const open = (url: string, token: string) => live.open(url, { token });
const reconnect = (client: Client) =>
  new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
    client.connect();
  });
/** The connection drops (not a sign-out): the server keeps the session for Socket.IO's recovery. */
const cutOff = (client: Client) =>
  new Promise<void>((resolve) => {
    client.once('disconnect', () => resolve());
    client.io.engine.close();
  });
const joinJob = (client: Client, jobId: number) =>
  new Promise<JoinAck>((resolve) => client.emit('job:join', { jobId }, resolve));

async function eventsSince(room: string, since: number, token = ctx.adminToken): Promise<EventsResponse> {
  const res = await send('GET', `/api/events?room=${room}&since=${since}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Follows one room the way the web client does (apps/web/src/lib/live.ts): applies each message whose
 * number is the last + 1, ignores repeats, and reads what it missed from GET /api/events.
 */
function follow(client: Client, room: string, from: number) {
  const state = {
    last: from,
    applied: [] as { seq: number; name: string; payload: unknown }[],
    repeats: 0,
    gaps: 0,
  };
  const apply = (seq: number, name: string, payload: unknown) => {
    if (seq <= state.last) state.repeats++;
    else if (seq > state.last + 1) state.gaps++;
    else {
      state.applied.push({ seq, name, payload });
      state.last = seq;
    }
  };
  client.onAny((name: string, payload: unknown, sequence?: LiveSequence) => {
    if (sequence?.room === room) apply(sequence.seq, name, payload);
  });
  return {
    state,
    async catchUp() {
      const missed = await eventsSince(room, state.last);
      expect(missed.reset).toBe(false);
      for (const m of missed.events) apply(m.seq, m.name, m.payload);
    },
  };
}

const moveStatus = async (c: Candidate, status: string, through: App = ctx.app) => {
  const res = await through.inject({
    method: 'PATCH',
    url: `/api/candidates/${c.uuid}/status`,
    headers: auth(ctx.adminToken),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Everything the room said after `from`, as the outbox keeps it: what a follower must have applied. */
async function truthSince(room: string, from: number) {
  const all = await eventsSince(room, from);
  expect(all.reset).toBe(false);
  return all.events.map(({ seq, name, payload }) => ({ seq, name, payload }));
}

describe('reconnecting without loss', () => {
  it('a client cut off while changes happen gets them all, in order and once, when Socket.IO recovers', async () => {
    const client = await open(address, ctx.adminToken);
    const room = `job:${job.id}`;
    const joined = await joinJob(client, job.id);
    expect(joined).toEqual({ ok: true, data: { seq: expect.any(Number) } });
    const start = joined.ok ? joined.data!.seq : 0;
    const follower = follow(client, room, start);

    const c = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Before The Cut' });
    expect(await until(() => follower.state.applied.some((m) => m.name === 'candidate:created'))).toBe(true);

    await cutOff(client);
    await moveStatus(c, 'screening');
    await moveStatus(c, 'interviewed');
    const added = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'While Away' });
    await reconnect(client);
    expect(client.recovered).toBe(true);

    const truth = await truthSince(room, start);
    expect(await until(() => follower.state.last === truth.at(-1)!.seq)).toBe(true);
    expect(follower.state.applied).toEqual(truth);
    expect(follower.state.repeats + follower.state.gaps).toBe(0);
    const statuses = truth.filter((m) => m.name === 'candidate:status-changed').map((m) => m.payload);
    expect(statuses).toMatchObject([{ to: 'screening' }, { to: 'interviewed' }]);
    expect(truth.filter((m) => m.name === 'candidate:created').map((m) => m.payload)).toMatchObject([
      { id: c.id },
      { id: added.id },
    ]);
  });

  it('…and when it does not: the server restarted in between (same database), the rest comes from /api/events', async () => {
    const startNode = async (port: number) => {
      const db = createDb(ctx.config.DATABASE_URL);
      const node = await buildApp({ config: ctx.config, db, logger: false });
      node.addHook('onClose', async () => db.destroy());
      extraApps.push(node);
      const url = await node.listen({ port, host: '127.0.0.1' });
      return { node, url };
    };
    const first = await startNode(0);
    const port = Number(new URL(first.url).port);
    const client = await open(first.url, ctx.adminToken);
    const room = `job:${job.id}`;
    const joined = await joinJob(client, job.id);
    const start = joined.ok ? joined.data!.seq : 0;
    const follower = follow(client, room, start);
    const c = await createCandidate({ ...ctx, app: first.node }, ctx.adminToken, job.id, {
      name: 'Before The Restart',
    });
    expect(await until(() => follower.state.applied.length >= 2)).toBe(true);

    const gone = new Promise<string>((resolve) => client.once('disconnect', resolve));
    await first.node.close();
    // A restart is not the end of a session: the client is free to come back.
    expect(await gone).toBe('transport close');
    // Meanwhile another node (or the restarted one, before the client is back) changes things.
    await moveStatus(c, 'screening');
    await moveStatus(c, 'shortlisted');
    await createCandidate(ctx, ctx.adminToken, job.id, { name: 'During The Restart' });

    const second = await startNode(port);
    await reconnect(client);
    expect(client.recovered).toBe(false);
    // The rooms are joined again; the join's number is past the last applied one: catch up.
    const rejoined = await joinJob(client, job.id);
    expect(rejoined.ok && rejoined.data!.seq).toBeGreaterThan(follower.state.last);
    await follower.catchUp();
    await moveStatus(c, 'interviewed', second.node);

    const truth = await truthSince(room, start);
    expect(await until(() => follower.state.last === truth.at(-1)!.seq)).toBe(true);
    expect(follower.state.applied).toEqual(truth);
    expect(
      truth.filter((m) => m.name === 'candidate:status-changed').map((m) => (m.payload as { to: string }).to),
    ).toEqual(['screening', 'shortlisted', 'interviewed']);
  });

  it('numbers concurrent changes without repeats or holes; a follower heals the gaps it sees', async () => {
    const client = await open(address, ctx.adminToken);
    const room = `job:${job.id}`;
    const joined = await joinJob(client, job.id);
    const start = joined.ok ? joined.data!.seq : 0;
    const follower = follow(client, room, start);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createCandidate(ctx, ctx.adminToken, job.id, { name: `Concurrent ${i}` }),
      ),
    );
    // Each new candidate says candidate:created and job:changed (its count) to the job's room.
    const truth = await truthSince(room, start);
    expect(truth).toHaveLength(16);
    expect(truth.map((m) => m.seq)).toEqual(Array.from({ length: 16 }, (_, i) => start + 1 + i));
    await until(() => follower.state.repeats + follower.state.gaps + follower.state.applied.length >= 16);
    if (follower.state.gaps > 0) await follower.catchUp();
    expect(follower.state.applied).toEqual(truth);
  });

  it('keeps no message of a change that was refused or rolled back', async () => {
    const c = await createCandidate(ctx, ctx.adminToken, job.id);
    const kept = await ctx.count('event_outbox');
    await refusedCandidateChanges(ctx, ctx.adminToken, c);
    expect(await ctx.count('event_outbox')).toBe(kept);
  });
});

describe('GET /api/events', () => {
  it('answers whoever may join the room, refuses the others, and says what is wrong with the input', async () => {
    const url = (q: string) => `/api/events?${q}`;
    expect((await send('GET', url('room=board&since=0'))).statusCode).toBe(401);
    const ledger = await send('GET', url('room=ledger&since=0'), employee.token);
    expect([ledger.statusCode, ledger.json().message]).toEqual([403, AUTH_MESSAGES.forbidden]);
    const unknownJob = await send('GET', url('room=job:999999&since=0'), employee.token);
    expect([unknownJob.statusCode, unknownJob.json().message]).toEqual([404, 'Job not found']);
    for (const q of ['room=job:abc&since=0', 'room=nowhere&since=0', 'room=board&since=-1', 'room=board']) {
      const res = await send('GET', url(q), employee.token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/room|since/i);
    }
    const board = await send('GET', url('room=board&since=0'), employee.token);
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({ reset: false, last: expect.any(Number) });
    expect((await send('GET', url('room=ledger&since=0'), ctx.adminToken)).statusCode).toBe(200);
  });

  it('says reset when the client is behind what is kept, or ahead of the room', async () => {
    const room = `job:${job.id}`;
    await createCandidate(ctx, ctx.adminToken, job.id);
    const { last } = await eventsSince(room, 0);
    expect(await eventsSince(room, last + 5)).toEqual({ reset: true, last, events: [] });
    // Older than the retention: pruned (the periodic prune, run now with a cut-off in the future).
    expect(await ctx.app.outbox.prune(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await eventsSince(room, last - 1)).toEqual({ reset: true, last, events: [] });
    expect(await eventsSince(room, last)).toEqual({ reset: false, last, events: [] });
    // The numbers go on after a prune.
    await createCandidate(ctx, ctx.adminToken, job.id);
    const next = await eventsSince(room, last);
    expect(next.events.map((m) => m.seq)).toEqual([last + 1, last + 2]);
  });

  it('keeps a message for two rooms once and replays it to both; with its first row pruned, a reset', async () => {
    const room = `job:${job.id}`;
    const [jobFrom, dashboardFrom] = [
      (await eventsSince(room, 0)).last,
      (await eventsSince('dashboard', 0)).last,
    ];
    const created = await createCandidate(ctx, ctx.adminToken, job.id);
    const createdIn = async (r: string, from: number) =>
      (await eventsSince(r, from)).events.filter((m) => m.name === 'candidate:created');
    const [inJob] = await createdIn(room, jobFrom);
    const [inDashboard] = await createdIn('dashboard', dashboardFrom);
    expect(inJob!.payload).toMatchObject({ id: created.id, uuid: created.uuid, job_id: job.id });
    expect(inDashboard!.payload).toEqual(inJob!.payload);
    // Stored once: the dashboard's row names the job room's.
    const rows = await ctx.app
      .db('event_outbox')
      .where((w) => w.where({ room, seq: inJob!.seq }).orWhere({ room: 'dashboard', seq: inDashboard!.seq }))
      .select('room', 'payload', 'payload_room', 'payload_seq');
    const byRoom = new Map(rows.map((r) => [r.room, r]));
    expect(byRoom.get(room)).toMatchObject({ payload: expect.any(String), payload_room: null });
    expect(byRoom.get('dashboard')).toMatchObject({ payload: null, payload_room: room });
    expect(Number(byRoom.get('dashboard')!.payload_seq)).toBe(inJob!.seq);
    // A prune that took the job room's row first: the dashboard cannot replay that message, so it says reset.
    await ctx.app.db('event_outbox').where({ room, seq: inJob!.seq }).delete();
    expect(await eventsSince('dashboard', dashboardFrom)).toMatchObject({ reset: true, events: [] });
  });

  it('keeps the text of a payload as it was: quotes, backslashes, question marks, line breaks, other scripts', async () => {
    const room = `job:${job.id}`;
    const from = (await eventsSince(room, 0)).last;
    const notes = `O'Brien said "yes" \\ 'no'? \\' 100% \n\t\u0000 ; -- नमस्ते 😀 \u2028 end\\`;
    const payload = { id: 1, job_id: job.id, notes } as unknown as Candidate;
    await ctx.app.db.transaction((trx) =>
      ctx.app.outbox.record(trx, [{ name: 'candidate.updated', payload }]),
    );
    const { events } = await eventsSince(room, from);
    expect(events.map((m) => m.payload)).toEqual([{ id: 1, job_id: job.id, notes }]);
  });

  it('prunes a backlog larger than one delete statement takes', async () => {
    const room = 'job:prune-backlog';
    const old = new Date(Date.now() - 3_600_000);
    const rows = Array.from({ length: PRUNE_CHUNK + 10 }, (_, i) => ({
      room,
      seq: i + 1,
      name: 'job:changed',
      payload: '{}',
      created_at: old,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.app.db('event_outbox').insert(rows.slice(i, i + 500));
    expect(await ctx.app.outbox.prune(new Date(Date.now() - 60_000))).toBe(rows.length);
    expect(await ctx.app.db('event_outbox').where({ room }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('the ledger room', () => {
  it('admins only; an instalment posted through the API reaches it, with the figures after it', async () => {
    const admin = await open(address, ctx.adminToken);
    const staff = await open(address, employee.token);
    const refused = await new Promise<JoinAck>((resolve) => staff.emit('ledger:join', resolve));
    expect(refused).toEqual({ ok: false, message: AUTH_MESSAGES.forbidden });
    const joined = await new Promise<JoinAck>((resolve) => admin.emit('ledger:join', resolve));
    expect(joined).toEqual({ ok: true, data: { seq: expect.any(Number) } });
    const got: { name: string; payload: unknown; sequence?: LiveSequence }[] = [];
    const staffGot: string[] = [];
    admin.onAny((name: string, payload: unknown, sequence?: LiveSequence) =>
      got.push({ name, payload, sequence }),
    );
    staff.onAny((name: string) => staffGot.push(name));

    const customer = await ctx.createUser({ name: 'Kiran Customer', role: 'user' });
    const loan = await send('POST', '/api/loans', ctx.adminToken, {
      customer_id: customer.user.id,
      loan_amount: 500000,
      advance_amount: 0,
    });
    expect(loan.statusCode, loan.body).toBe(201);
    const form = multipartForm({
      loan_id: loan.json().loan_id,
      customer_id: String(customer.user.id),
      amount: '25000',
      transaction_type: 'credit',
      date: new Date().toISOString().slice(0, 10),
      comments: 'instalment',
    });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { ...form.headers, ...auth(ctx.adminToken) },
      payload: form.payload,
    });
    expect(paid.statusCode, paid.body).toBe(201);

    expect(await until(() => got.some((m) => m.name === 'ledger:stats'))).toBe(true);
    const changes = got.filter((m) => m.name === 'ledger:changed');
    // Both name the purchase by its LN id: its open detail screens know the change is theirs.
    expect(changes.map((m) => m.payload)).toEqual([
      { kind: 'loan', id: loan.json().id, loan_id: loan.json().loan_id },
      { kind: 'transaction', id: paid.json().transaction.id, loan_id: loan.json().loan_id },
    ]);
    const start = joined.ok ? joined.data!.seq : 0;
    expect(changes.map((m) => m.sequence)).toEqual([
      { room: 'ledger', seq: start + 1 },
      { room: 'ledger', seq: start + 2 },
    ]);
    expect(got.find((m) => m.name === 'ledger:stats')!.payload).toMatchObject({
      activeLoans: expect.any(Number),
      totalAvailableFunds: expect.any(Number),
    });
    expect(staffGot).toEqual([]);
  });
});
