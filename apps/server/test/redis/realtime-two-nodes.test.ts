// Two app processes on one MySQL database and one Redis: a change made through node A reaches a socket on
// node B, both see the same viewers of a job, and a message's number is the same whichever node sent it
// (the Socket.IO Redis streams adapter, the event outbox in the shared database).
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  REVIEW_MESSAGES,
  type EventsResponse,
  type Job,
  type LiveSequence,
  type LoginResponse,
  type ShareAnswer,
} from '@portal/contracts';
import { startTestServer, TEST_ADMIN, type RunningServer } from '../../../../scripts/test-server.ts';
import { employeeBody } from '../../../../scripts/fixtures.ts';
import { redisUrl } from '../helper.ts';
import { jobBody } from '../job-fixtures.ts';
import { candidateBody } from '../candidate-fixtures.ts';
import { liveClients, until, type LiveClient } from '../live-clients.ts';

type Client = LiveClient;

const mysqlServer = inject('mysqlServer').url;
const dbName = `portal_two_nodes_${randomBytes(4).toString('hex')}`;
const onServer = async (sql: string) => {
  const admin = knexFactory({ client: 'mysql2', connection: mysqlServer });
  await admin.raw(sql);
  await admin.destroy();
};
const jwtSecret = randomBytes(24).toString('hex');
let nodeA: RunningServer;
let nodeB: RunningServer;
let admin: LoginResponse;
let job: Job;
let skillId: number;
const live = liveClients();

/** A JSON call to one node. */
async function call<T>(node: RunningServer, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const env = {
    DATABASE_URL: `${mysqlServer}/${dbName}`,
    REDIS_URL: redisUrl(),
    // Both nodes sign and check the same session tokens.
    JWT_SECRET: jwtSecret,
  };
  // One after the other: the first migrates the database and creates the admin.
  nodeA = await startTestServer(env);
  nodeB = await startTestServer(env);
  admin = await call<LoginResponse>(nodeA, 'POST', '/api/v2/login', undefined, TEST_ADMIN);
  const skill = await call<{ id: number }>(nodeA, 'POST', '/api/skills', admin.token, { name: 'React' });
  skillId = skill.id;
  job = await newJob();
}, 120_000);
afterAll(async () => {
  live.closeAll();
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await onServer(`DROP DATABASE IF EXISTS \`${dbName}\``);
});

const open = (node: RunningServer, token: string) => live.open(node.url, { token });
const adminName = () => admin.user.name;
const newJob = () =>
  call<Job>(nodeA, 'POST', '/api/jobs', admin.token, { ...jobBody([skillId]), questions: [] });

/** A new user (created through node A), signed in: their token. */
async function signedIn(name: string) {
  const username = `u${randomBytes(4).toString('hex')}`;
  const body = employeeBody(username, { name, username });
  await call(nodeA, 'POST', '/api/users', admin.token, body);
  const login = await call<LoginResponse>(nodeA, 'POST', '/api/v2/login', undefined, {
    username,
    password: body.password,
  });
  return { id: login.user.id, token: login.token };
}

/** The names in the latest `presence` message a client received (undefined before the first). */
function lastViewers(client: Client) {
  let names: string[] | undefined;
  client.on('presence', (p) => (names = p.viewers.map((v) => v.name).sort()));
  return () => names;
}
/** Waits until every watcher's latest presence names exactly `names`. */
const allSee = (watchers: (() => string[] | undefined)[], names: string[], ms?: number) =>
  until(() => watchers.every((w) => JSON.stringify(w()) === JSON.stringify([...names].sort())), ms);
const join_ = (client: Client, jobId: number) =>
  new Promise((resolve) => client.emit('job:join', { jobId, viewing: true }, resolve));

describe('two app processes on one MySQL and one Redis', () => {
  it('a change through node A reaches a socket on node B; presence is the same from both', async () => {
    const onA = await open(nodeA, admin.token);
    const username = `recruiter${randomBytes(3).toString('hex')}`;
    const body = employeeBody(username, { name: 'Recruiter On Node B', username });
    await call(nodeA, 'POST', '/api/users', admin.token, body);
    const recruiter = await call<LoginResponse>(nodeB, 'POST', '/api/v2/login', undefined, {
      username,
      password: body.password,
    });
    const onB = await open(nodeB, recruiter.token);
    const received: { name: string; sequence?: LiveSequence }[] = [];
    const viewersOnA: string[][] = [];
    const viewersOnB: string[][] = [];
    onB.on('candidate:created', (c, sequence) => received.push({ name: c.name, sequence }));
    onA.on('presence', (p) => viewersOnA.push(p.viewers.map((v) => v.name).sort()));
    onB.on('presence', (p) => viewersOnB.push(p.viewers.map((v) => v.name).sort()));
    await join_(onA, job.id);
    await join_(onB, job.id);

    const c = await call<{ id: number; uuid: string; name: string }>(
      nodeA,
      'POST',
      '/api/candidates',
      admin.token,
      candidateBody(job.id, { name: 'Cross Node Candidate' }),
    );
    expect(await until(() => received.length > 0)).toBe(true);
    expect(received.map((m) => m.name)).toEqual([c.name]);
    // The same two viewers, whichever node is asked.
    expect(await until(() => viewersOnA.at(-1)?.length === 2 && viewersOnB.at(-1)?.length === 2)).toBe(true);
    expect(viewersOnB.at(-1)).toEqual(viewersOnA.at(-1));
    expect(viewersOnA.at(-1)).toContain('Recruiter On Node B');

    const changed = new Promise<[unknown, LiveSequence]>((resolve) =>
      onA.once('candidate:status-changed', (payload, sequence) => resolve([payload, sequence])),
    );
    await call(nodeB, 'PATCH', `/api/candidates/${c.uuid}/status`, admin.token, { status: 'screening' });
    const [payload, sequence] = await changed;
    expect(payload).toMatchObject({ candidateId: c.id, to: 'screening' });
    // Numbered in the shared database: either node reads the same message back at that number.
    const room = `job:${job.id}`;
    const fromB = await call<EventsResponse>(
      nodeB,
      'GET',
      `/api/events?room=${room}&since=${sequence.seq - 1}`,
      recruiter.token,
    );
    expect(fromB.events[0]).toMatchObject({ room, seq: sequence.seq, name: 'candidate:status-changed' });
    expect(received[0]!.sequence!.seq).toBeLessThan(sequence.seq);
  });

  it('presence follows leaves and disconnects on either node', async () => {
    const room = await newJob();
    const viewer = await signedIn('Viewer Two Nodes');
    const watchers = [await open(nodeA, admin.token), await open(nodeB, admin.token)];
    const seen = watchers.map(lastViewers);
    for (const w of watchers) await join_(w, room.id);
    expect(await allSee(seen, [adminName()])).toBe(true);

    // One user with a socket on each node counts once, and stays while either socket is there.
    const onA = await open(nodeA, viewer.token);
    const onB = await open(nodeB, viewer.token);
    await join_(onA, room.id);
    await join_(onB, room.id);
    expect(await allSee(seen, [adminName(), 'Viewer Two Nodes'])).toBe(true);
    await new Promise((resolve) => onB.emit('job:leave', { jobId: room.id }, resolve));
    // A socket joining now is told who is there: the viewer still is, through node A.
    const late = await open(nodeB, admin.token);
    const seenLate = lastViewers(late);
    await join_(late, room.id);
    expect(await allSee([seenLate], [adminName(), 'Viewer Two Nodes'])).toBe(true);

    // Their last socket goes (a disconnect on node A): both nodes' viewers see them leave.
    onA.disconnect();
    expect(await allSee([...seen, seenLate], [adminName()])).toBe(true);
    // Back on node B, then a leave there.
    await join_(onB, room.id);
    expect(await allSee(seen, [adminName(), 'Viewer Two Nodes'])).toBe(true);
    await new Promise((resolve) => onB.emit('job:leave', { jobId: room.id }, resolve));
    expect(await allSee(seen, [adminName()])).toBe(true);
  });

  it("a stopped node's viewers disappear, and a crashed node's once its heartbeat lapses", async () => {
    const room = await newJob();
    const env = { DATABASE_URL: `${mysqlServer}/${dbName}`, REDIS_URL: redisUrl(), JWT_SECRET: jwtSecret };
    const [nodeC, nodeD] = await Promise.all([startTestServer(env), startTestServer(env)]);
    try {
      const stopping = await signedIn('Viewer On Stopped Node');
      const crashing = await signedIn('Viewer On Crashed Node');
      const watchers = [await open(nodeA, admin.token), await open(nodeB, admin.token)];
      const seen = watchers.map(lastViewers);
      for (const w of watchers) await join_(w, room.id);
      await join_(await open(nodeC, stopping.token), room.id);
      await join_(await open(nodeD, crashing.token), room.id);
      expect(await allSee(seen, [adminName(), 'Viewer On Stopped Node', 'Viewer On Crashed Node'])).toBe(
        true,
      );

      await nodeC.stop();
      expect(await allSee(seen, [adminName(), 'Viewer On Crashed Node'])).toBe(true);
      // A crash says nothing: the other nodes notice its silence (a heartbeat of a few seconds, three missed).
      await nodeD.kill();
      expect(await allSee(seen, [adminName()], 40_000)).toBe(true);
    } finally {
      await Promise.all([nodeC.stop(), nodeD.stop()]);
    }
  }, 90_000);

  it("a revoke through node A closes that link's review sockets on both nodes, each told first; the share's other link stays", async () => {
    const shared = await call<Job>(nodeA, 'POST', '/api/jobs', admin.token, {
      ...jobBody([skillId]),
      questions: [],
      clientName: 'Two Nodes Client',
      clientEmail: 'two-nodes@acme.example',
    });
    await call(nodeA, 'POST', '/api/candidates', admin.token, {
      ...candidateBody(shared.id),
      status: 'shortlisted',
    });
    const contact = await call<{ id: number }>(
      nodeA,
      'POST',
      `/api/jobs/${shared.id}/client-contacts`,
      admin.token,
      { name: 'Second Recipient', email: 'second@acme.example' },
    );
    const answer = await call<ShareAnswer>(nodeA, 'POST', '/api/candidates/share', admin.token, {
      jobId: shared.id,
      contactIds: [contact.id],
    });
    const [revoked, kept] = answer.links.map((l) => ({ id: l.id, token: l.url.split('/review/')[1]! }));
    const reviewSocket = async (node: RunningServer, token: string) => {
      const client = await live.open(node.url, { auth: { reviewToken: token } });
      const heard: string[] = [];
      client.on('review:revoked', (p) => heard.push(p.message));
      const closed = new Promise<{ reason: string; heard: string[] }>((resolve) =>
        client.once('disconnect', (reason) => resolve({ reason, heard: [...heard] })),
      );
      await new Promise((resolve) => client.emit('review:join', { token }, resolve));
      return { client, closed };
    };
    const onA = await reviewSocket(nodeA, revoked!.token);
    const onB = await reviewSocket(nodeB, revoked!.token);
    const other = await reviewSocket(nodeB, kept!.token);

    await call(nodeA, 'POST', `/api/shares/links/${revoked!.id}/revoke`, admin.token);
    const told = { reason: 'io server disconnect', heard: [REVIEW_MESSAGES.linkRevoked] };
    expect(await Promise.all([onA.closed, onB.closed])).toEqual([told, told]);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.client.connected).toBe(true);
  });

  it("a session that ends loses its sockets on every node; a deactivated user's go too", async () => {
    const user = await signedIn('Signs Out Everywhere');
    const sockets = [await open(nodeA, user.token), await open(nodeB, user.token)];
    const closed = sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve)));
    await call(nodeA, 'POST', '/api/v2/logout', user.token);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);

    const worker = await signedIn('Deactivated Everywhere');
    const theirs = [await open(nodeA, worker.token), await open(nodeB, worker.token)];
    const gone = theirs.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve)));
    await call(nodeB, 'PUT', `/api/users/${worker.id}`, admin.token, { status: 'inactive' });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
  });
});
