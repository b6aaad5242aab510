import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  JOB_MESSAGES,
  MAX_ID,
  REALTIME_MESSAGES,
  type JoinAck,
  type Job,
  type LoginResponse,
} from '@portal/contracts';
import { auth, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate, refusedCandidateChanges } from './candidate-fixtures.ts';
import { liveClients, until, type LiveClient } from './live-clients.ts';

type Client = LiveClient;

const ctx = setupTestApp();
const send = requester(ctx);
let address: string;
let job: Job;
let otherJob: Job;
let alice: LoginResponse;
let bob: LoginResponse;
const live = liveClients();

beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const skills = await createSkills(ctx, ['React']);
  alice = await ctx.createUser({ name: 'Alice Thomas' });
  bob = await ctx.createUser({ name: 'Bob Fernandes' });
  job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
  otherJob = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), questions: [] });
});
afterAll(() => live.closeAll());

/** A connected client (or the connection error's message). */
const open = (who: Parameters<typeof live.open>[1] = {}) => live.open(address, who);

const ask = <E extends 'job:join' | 'job:leave'>(
  client: Client,
  event: E,
  jobId: number,
  extra: { viewing?: boolean } = {},
) =>
  new Promise<JoinAck>((resolve) =>
    (client.emit as (...a: unknown[]) => void)(event, { jobId, ...extra }, resolve),
  );
const askRoom = (client: Client, event: 'board:join' | 'dashboard:join') =>
  new Promise<JoinAck>((resolve) => client.emit(event, resolve));

/** Everything a client receives, by message name. */
function record(client: Client) {
  const got: { name: string; payload: unknown }[] = [];
  client.onAny((name: string, payload: unknown) => got.push({ name, payload }));
  return got;
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe('the handshake', () => {
  it('refuses anonymous, forged and revoked sessions; accepts a token or the session cookie', async () => {
    await expect(open()).rejects.toThrow(REALTIME_MESSAGES.notSignedIn);
    await expect(open({ token: 'not-a-jwt' })).rejects.toThrow(REALTIME_MESSAGES.sessionExpired);
    await expect(open({ token: alice.token })).resolves.toBeTruthy();
    await expect(open({ cookie: `portal_session=${encodeURIComponent(bob.token)}` })).resolves.toBeTruthy();

    const temp = await ctx.createUser({ name: 'Leaving Soon' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/logout', headers: auth(temp.token) });
    expect(res.statusCode).toBeLessThan(300);
    await expect(open({ token: temp.token })).rejects.toThrow(REALTIME_MESSAGES.sessionExpired);
  });

  it("refuses the session cookie from another site's page, as the API's writes do; a token is not affected", async () => {
    const cookie = `portal_session=${encodeURIComponent(alice.token)}`;
    const own = new URL(address).host;
    await expect(open({ cookie, headers: { origin: 'https://evil.example' } })).rejects.toThrow(
      AUTH_MESSAGES.crossSiteRefused,
    );
    await expect(open({ cookie, headers: { 'sec-fetch-site': 'cross-site' } })).rejects.toThrow(
      AUTH_MESSAGES.crossSiteRefused,
    );
    await expect(open({ cookie, headers: { origin: `http://${own}` } })).resolves.toBeTruthy();
    await expect(open({ cookie, headers: { 'sec-fetch-site': 'same-origin' } })).resolves.toBeTruthy();
    await expect(
      open({
        token: alice.token,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
    ).resolves.toBeTruthy();
  });

  it('closes the sockets of a session that signs out, and of a user who is deactivated', async () => {
    const temp = await ctx.createUser({ name: 'Temp Worker' });
    const socket = await open({ token: temp.token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await ctx.app.inject({ method: 'POST', url: '/api/v2/logout', headers: auth(temp.token) });
    expect(await closed).toBe('io server disconnect');

    const worker = await ctx.createUser({ name: 'Deactivated Later' });
    const second = await open({ token: worker.token });
    const gone = new Promise<string>((resolve) => second.once('disconnect', resolve));
    const off = await send('PUT', `/api/users/${worker.user.id}`, ctx.adminToken, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('rooms and messages', () => {
  it("answers a job:join that is not the contract's shape as an unknown job, and such a job:leave as done", async () => {
    const a = await open({ token: alice.token });
    const request = (event: 'job:join' | 'job:leave', payload: unknown) =>
      new Promise<JoinAck>((resolve) => (a.emit as (...x: unknown[]) => void)(event, payload, resolve));
    const malformed: unknown[] = [
      null,
      job.id,
      {},
      { jobId: 0 },
      { jobId: MAX_ID + 1 },
      { jobId: String(MAX_ID + 1) },
      { jobId: job.id, viewing: 'yes' },
    ];
    for (const payload of malformed) {
      expect(await request('job:join', payload), JSON.stringify(payload)).toEqual({
        ok: false,
        message: JOB_MESSAGES.notFound,
      });
      expect(await request('job:leave', payload), JSON.stringify(payload)).toEqual({ ok: true });
    }
    expect(await request('job:join', { jobId: job.id, viewing: false })).toMatchObject({ ok: true });
    a.disconnect();
  });

  it('acknowledges joins, refuses an unknown job, and shows who is viewing', async () => {
    const a = await open({ token: alice.token });
    const b = await open({ token: bob.token });
    const seenByA = record(a);
    expect(await ask(a, 'job:join', 999_999)).toEqual({ ok: false, message: 'Job not found' });
    // A join answers with the room's latest message number, where the client's sequence starts.
    expect(await ask(a, 'job:join', job.id, { viewing: true })).toEqual({
      ok: true,
      data: { seq: expect.any(Number) },
    });
    expect(await ask(b, 'job:join', job.id, { viewing: true })).toEqual({
      ok: true,
      data: { seq: expect.any(Number) },
    });
    const viewers = () =>
      seenByA
        .filter((m) => m.name === 'presence')
        .map((m) => (m.payload as { viewers: { name: string }[] }).viewers.map((v) => v.name).sort())
        .pop();
    expect(await until(() => viewers()?.length === 2)).toBe(true);
    expect(viewers()).toEqual(['Alice Thomas', 'Bob Fernandes']);
    b.disconnect();
    expect(await until(() => viewers()?.length === 1)).toBe(true);
    expect(viewers()).toEqual(['Alice Thomas']);
  });

  it("counts a socket that only follows a job's changes (a list across jobs) as no viewer; one on its screens is", async () => {
    const onDetails = await open({ token: alice.token });
    const onList = await open({ token: bob.token });
    const seenOnList = record(onList);
    const seenOnDetails = record(onDetails);
    const latest = (got: { name: string; payload: unknown }[]) =>
      got
        .filter((m) => m.name === 'presence' && (m.payload as { jobId: number }).jobId === otherJob.id)
        .map((m) => (m.payload as { viewers: { name: string }[] }).viewers.map((v) => v.name).sort())
        .pop();
    expect((await ask(onList, 'job:join', otherJob.id)).ok).toBe(true);
    expect((await ask(onDetails, 'job:join', otherJob.id, { viewing: true })).ok).toBe(true);
    expect(await until(() => latest(seenOnDetails)?.length === 1)).toBe(true);
    expect(latest(seenOnDetails)).toEqual(['Alice Thomas']);
    // Bob opens the job's details (the same socket joins again, viewing): now he counts.
    expect((await ask(onList, 'job:join', otherJob.id, { viewing: true })).ok).toBe(true);
    expect(await until(() => latest(seenOnDetails)?.length === 2)).toBe(true);
    expect(latest(seenOnList)).toEqual(['Alice Thomas', 'Bob Fernandes']);
    // Back to the list only: following, no longer viewing, and no longer told who views.
    expect((await ask(onList, 'job:join', otherJob.id)).ok).toBe(true);
    expect(await until(() => latest(seenOnDetails)?.length === 1)).toBe(true);
    expect(latest(seenOnDetails)).toEqual(['Alice Thomas']);
    const heardOnList = seenOnList.filter((m) => m.name === 'presence').length;
    // Still following: a change of the job's candidates reaches the list.
    const c = await createCandidate(ctx, ctx.adminToken, otherJob.id);
    expect(await until(() => seenOnList.some((m) => m.name === 'candidate:created'))).toBe(true);
    onDetails.disconnect();
    await settle();
    expect(seenOnList.filter((m) => m.name === 'presence').length).toBe(heardOnList);
    await send('DELETE', `/api/candidates/${c.uuid}`, ctx.adminToken);
  });

  it('sends each candidate event to its job room and the dashboard, and not to other jobs', async () => {
    const inJob = await open({ token: alice.token });
    const inOtherJob = await open({ token: bob.token });
    const onDashboard = await open({ token: ctx.adminToken });
    const onBoard = await open({ token: bob.token });
    await ask(inJob, 'job:join', job.id);
    await ask(inOtherJob, 'job:join', otherJob.id);
    await askRoom(onDashboard, 'dashboard:join');
    await askRoom(onBoard, 'board:join');
    const [job$, other$, dash$, board$] = [
      record(inJob),
      record(inOtherJob),
      record(onDashboard),
      record(onBoard),
    ];

    const c = await createCandidate(ctx, alice.token, job.id);
    const moved = await send('PATCH', `/api/candidates/${c.uuid}/status`, alice.token, {
      status: 'screening',
      version: c.version,
    });
    expect(moved.statusCode).toBe(200);
    await until(() => job$.some((m) => m.name === 'candidate:status-changed'));
    await settle();

    // Presence and the coalesced dashboard figures (test/realtime-dashboard.test.ts) come on their own time;
    // notifications go to their user's room, whatever rooms the socket joined (test/notifications.test.ts).
    const names = (got: { name: string }[]) =>
      got
        .map((m) => m.name)
        .filter((n) => n !== 'presence' && n !== 'dashboard:stats' && n !== 'notification:new');
    expect(names(job$)).toEqual(['candidate:created', 'job:changed', 'candidate:status-changed']);
    expect(names(dash$)).toEqual(['candidate:created', 'job:changed', 'candidate:status-changed']);
    expect(names(board$)).toEqual(['job:changed']);
    expect(names(other$)).toEqual([]);
    expect(job$.find((m) => m.name === 'candidate:status-changed')!.payload).toMatchObject({
      candidateId: c.id,
      jobId: job.id,
      from: 'applied',
      to: 'screening',
      version: c.version + 1,
      changedBy: alice.user.username,
    });
    expect(board$[0]!.payload).toMatchObject({ id: job.id, candidateCount: expect.any(Number) });
  });

  it('sends a candidate with the fields the API shows every reader, without the writer’s own canEdit', async () => {
    // Bob watches a job whose candidate Alice adds and edits: the API lets him see it but not edit it.
    const watcher = await open({ token: bob.token });
    await ask(watcher, 'job:join', job.id);
    const got = record(watcher);
    const c = await createCandidate(ctx, alice.token, job.id);
    const edited = await send('PUT', `/api/candidates/${c.uuid}`, alice.token, { name: 'Renamed Live' });
    expect(edited.statusCode).toBe(200);
    await until(() => got.some((m) => m.name === 'candidate:updated'));

    const asBob = await send('GET', `/api/candidates/${c.uuid}`, bob.token);
    expect(asBob.json()).toMatchObject({ canEdit: false });
    const { canEdit: _own, ...seenByBob } = asBob.json() as Record<string, unknown>;
    for (const name of ['candidate:created', 'candidate:updated']) {
      const payload = got.find((m) => m.name === name)!.payload as Record<string, unknown>;
      expect(payload).not.toHaveProperty('canEdit');
      // Every key of the message is one the API shows Bob (the details add history and job questions).
      expect(Object.keys(payload).filter((k) => !(k in seenByBob))).toEqual([]);
    }
    expect(got.find((m) => m.name === 'candidate:updated')!.payload).toMatchObject({ name: 'Renamed Live' });
  });

  it('sends nothing for a change that was refused or rolled back', async () => {
    const watcher = await open({ token: alice.token });
    await ask(watcher, 'job:join', job.id);
    const got = record(watcher);
    const c = await createCandidate(ctx, alice.token, job.id);
    await until(() => got.some((m) => m.name === 'candidate:created'));
    got.length = 0;
    // A duplicate is refused inside the transaction: nothing was written, nothing is said.
    await refusedCandidateChanges(ctx, alice.token, c);
    await settle(400);
    expect(got.filter((m) => m.name !== 'presence')).toEqual([]);
  });
});
