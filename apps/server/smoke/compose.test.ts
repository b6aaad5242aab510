// docker-compose.yml for real: MySQL, Redis, an S3 server and two app nodes built from the Dockerfile behind
// HAProxy. Everything goes through the balancer; a request picks its node with the balancer's own cookie
// (PORTAL_NODE=app1), as a browser's Socket.IO session does. A node is then killed during a burst of writes
// and sockets, and comes back. Runs in `npm test` when Docker answers (scripts/test.mjs); every step is bounded.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type {
  ClientToServerEvents,
  EventsResponse,
  LiveSequence,
  ServerToClientEvents,
} from '@portal/contracts';
import { dockerAvailable } from '../../../scripts/docker.mjs';
import { makePng } from '../../../scripts/fixtures.ts';
import { candidateBody } from '../test/candidate-fixtures.ts';
import { jobBody } from '../test/job-fixtures.ts';

const root = resolve(import.meta.dirname, '../../..');
const run = process.env.PORTAL_TEST_RUN || randomBytes(4).toString('hex');
const project = `portal-smoke-${run}`;
const admin = { username: 'admin', password: `smoke-${randomBytes(6).toString('hex')}` };

/** `docker compose` (Compose 2) or `docker-compose` (Compose 1, Debian's), whichever is installed. */
function findCompose(): { bin: string; pre: string[]; label: string } | undefined {
  for (const [bin, pre] of [
    ['docker', ['compose']],
    ['docker-compose', []],
  ] as const) {
    const probe = spawnSync(bin, [...pre, 'version'], { stdio: 'ignore', timeout: 15_000 });
    if (probe.status === 0) return { bin, pre: [...pre], label: [bin, ...pre].join(' ') };
  }
  return undefined;
}

const compose = (await dockerAvailable()) ? findCompose() : undefined;

const env = {
  ...process.env,
  // A random loopback port: the host's own :8080 may be taken.
  PROXY_PORT: '127.0.0.1:0',
  ADMIN_PASSWORD: admin.password,
  // None: as in the README's first run, the first node generates the key in the shared data volume.
  JWT_SECRET: '',
  APP_IMAGE: process.env.APP_IMAGE || 'portal-app:latest',
};

/** Runs one compose command, killed after `timeoutMs`; rejects with the end of its output. */
function composeRun(args: string[], timeoutMs: number): Promise<string> {
  const { bin, pre } = compose!;
  const full = [...pre, '-p', project, ...args];
  return new Promise((done, fail) => {
    const child = spawn(bin, full, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => (clearTimeout(timer), fail(e)));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return done(out);
      const why = signal ? `killed after ${Math.round(timeoutMs / 1000)} s` : `exit ${code}`;
      fail(new Error(`${bin} ${full.join(' ')}: ${why}\n${out.split('\n').slice(-30).join('\n')}`));
    });
  });
}

/** The balancer's address on this machine. */
async function published(): Promise<string> {
  const out = (await composeRun(['port', 'proxy', '8080'], 30_000)).trim().split('\n').pop()!;
  const port = out.slice(out.lastIndexOf(':') + 1);
  if (!/^\d+$/.test(port)) throw new Error(`no published port for the balancer: ${out}`);
  return `http://127.0.0.1:${port}`;
}

type Node = 'app1' | 'app2';
/** The balancer's cookie that sends a request to one node. */
const pinTo = (node: Node) => `PORTAL_NODE=${node}`;

let base = '';

/** One call through the balancer; `node` pins it to that node. Answers the status, body and who served it. */
async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown; form?: FormData; node?: Node } = {},
) {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.node ? { cookie: pinTo(init.node) } : {}),
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    signal: AbortSignal.timeout(15_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(bytes.toString()) as Record<string, unknown>;
  } catch {
    /* a file */
  }
  return { status: res.status, json, bytes, servedBy: res.headers.get('x-served-by') };
}

/** Polls readiness through the balancer (pinned to `node` when given), at most `ms`. */
async function ready(node?: Node, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await api('/api/ready', { node }).catch(() => undefined);
    if (res?.status === 200 && (!node || res.servedBy === node)) return res.json;
    if (Date.now() > end)
      throw new Error(`/api/ready through ${node ?? 'the balancer'}: no 200 within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function signIn(node: Node): Promise<string> {
  const res = await api('/api/v2/login', { method: 'POST', body: admin, node });
  expect(res.status).toBe(200);
  expect(res.servedBy).toBe(node);
  return res.json.token as string;
}

/** Waits until `check` holds or `ms` pass; answers whether it holds. */
async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
}

type Live = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A Socket.IO client through the balancer that follows one job room as the web app does: it applies each
 * message once, in order; after a reconnect (to whichever node the balancer picks) it joins again and asks
 * `GET /api/events` for what it missed.
 */
function follower(token: string, jobId: number, options: { node?: Node; polling?: boolean } = {}) {
  const room = `job:${jobId}`;
  const applied: number[] = [];
  let last = -1;
  let connects = 0;
  let disconnectedAt = 0;
  let reconnectedAt = 0;
  // Messages ahead of the next one expected: concurrent writes commit, and so arrive, out of order.
  const ahead = new Set<number>();
  const drain = () => {
    while (ahead.delete(last + 1)) applied.push(++last);
  };
  let catchingUp = Promise.resolve();
  const catchUp = () =>
    (catchingUp = catchingUp.then(async () => {
      const res = await api(`/api/events?room=${room}&since=${last}`, { token }).catch(() => undefined);
      const answer = res?.json as unknown as EventsResponse | undefined;
      if (res?.status !== 200 || !answer || answer.reset) return;
      for (const event of answer.events) if (event.seq === last + 1) applied.push((last = event.seq));
      drain();
    }));
  // A gap still open after a second is a lost message: asked for, as the web app does.
  let gapCheck: NodeJS.Timeout | undefined;
  const watchGap = () => {
    if (ahead.size === 0 || gapCheck) return;
    const waitingFor = last;
    gapCheck = setTimeout(() => {
      gapCheck = undefined;
      if (ahead.size > 0 && last === waitingFor) void catchUp().then(watchGap);
      else watchGap();
    }, 1_000);
  };
  const socket: Live = connect(base, {
    transports: options.polling ? ['polling', 'websocket'] : ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    auth: { token },
    // The balancer's cookie, kept between the polling transport's requests (or set to pin a node).
    withCredentials: true,
    ...(options.node ? { extraHeaders: { cookie: pinTo(options.node) } } : {}),
  });
  const joined = new Promise<void>((done) => {
    socket.on('connect', () => {
      connects++;
      socket.emit('job:join', { jobId }, (ack) => {
        if (last < 0 && ack.ok && ack.data) last = ack.data.seq;
        else void catchUp();
        if (connects > 1) reconnectedAt = Date.now();
        done();
      });
    });
  });
  socket.on('disconnect', () => (disconnectedAt ||= Date.now()));
  socket.on('candidate:created', (_payload, { seq }: LiveSequence) => {
    if (last < 0 || seq <= last) return;
    ahead.add(seq);
    drain();
    watchGap();
  });
  return {
    socket,
    joined,
    applied,
    get last() {
      return last;
    },
    get disconnectedAt() {
      return disconnectedAt;
    },
    get reconnectedAt() {
      return reconnectedAt;
    },
  };
}

/** The id of a service's container. */
async function containerOf(service: string) {
  return (await composeRun(['ps', '-q', service], 30_000)).trim();
}

/** A command run as it is, killed after `ms`; rejects with its output. */
function runCommand(bin: string, args: string[], ms = 60_000): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) done(out);
      else fail(new Error(`${bin} ${args.join(' ')}: exit ${code}\n${out}`));
    });
  });
}

let up = false;
let showLogs = true; // until the stack is up and while every test passes
let token = '';
let jobId = 0;
const sockets: Live[] = [];

describe.skipIf(!compose)('docker compose: two app nodes behind HAProxy, with MySQL, Redis and S3', () => {
  beforeAll(async () => {
    const t0 = Date.now();
    // Built once for both nodes (they share the image); Docker's layer cache makes repeat builds quick.
    await composeRun(['build', '--force-rm', 'app1'], 15 * 60_000);
    const t1 = Date.now();
    up = true;
    // `up` waits for the health checks the nodes depend on: MySQL, then the first node (it migrates).
    await composeRun(['up', '-d', '--no-build'], 5 * 60_000);
    base = await published();
    await Promise.all([ready('app1'), ready('app2')]);
    console.log(
      `compose (${compose!.label}), project ${project}: image built in ${t1 - t0} ms, ` +
        `stack up in ${Date.now() - t1} ms, balancer at ${base}`,
    );
    token = await signIn('app1');
    const skill = await api('/api/skills', { method: 'POST', token, body: { name: `Compose ${run}` } });
    expect(skill.status).toBe(201);
    const job = await api('/api/jobs', {
      method: 'POST',
      token,
      body: { ...jobBody([skill.json.id as number]) },
    });
    expect(job.status).toBe(201);
    jobId = job.json.id as number;
    showLogs = false;
  });

  afterEach(({ task }) => {
    if (task.result?.state === 'fail') showLogs = true;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    if (!up) return;
    if (showLogs) console.log(await composeRun(['logs', '--tail', '40'], 60_000).catch((e) => String(e)));
    await composeRun(['down', '-v', '--remove-orphans', '-t', '5'], 2 * 60_000);
  });

  it('has each node reach MySQL and Redis, and the balancer send requests to both', async () => {
    for (const node of ['app1', 'app2'] as const) {
      expect(await ready(node, 10_000)).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    }
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 6; i++) servedBy.add((await api('/api/health')).servedBy);
    expect([...servedBy].sort()).toEqual(['app1', 'app2']);
  });

  it('signs in through each node, and a session from one node works on the other', async () => {
    const tokenTwo = await signIn('app2');
    expect((await api('/api/skills', { token, node: 'app2' })).status).toBe(200);
    expect((await api('/api/skills', { token: tokenTwo, node: 'app1' })).status).toBe(200);
  });

  it('serves through one node a file uploaded through the other (the S3 bucket)', async () => {
    const png = await makePng(24);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await api('/api/upload/photo', { method: 'POST', token, form, node: 'app1' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.servedBy).toBe('app1');
    const served = await api(uploaded.json.url as string, { token, node: 'app2' });
    expect(served.status).toBe(200);
    expect(served.servedBy).toBe('app2');
    expect(served.bytes.equals(png)).toBe(true);
  });

  it('delivers a change made through one node to sockets connected through the balancer to the other', async () => {
    // Pinned to node 2 by the cookie, over WebSocket and over the polling transport.
    const viaWebSocket = follower(token, jobId, { node: 'app2' });
    const viaPolling = follower(token, jobId, { node: 'app2', polling: true });
    // Left to the balancer: the cookie it sets keeps the polling requests on one node.
    const unpinned = follower(token, jobId, { polling: true });
    const all = [viaWebSocket, viaPolling, unpinned];
    sockets.push(...all.map((f) => f.socket));
    await Promise.all(all.map((f) => f.joined));
    const created = await api('/api/candidates', {
      method: 'POST',
      token,
      body: candidateBody(jobId),
      node: 'app1',
    });
    expect(created.status).toBe(201);
    expect(await until(() => all.every((f) => f.applied.length === 1), 10_000)).toBe(true);
    all.forEach((f) => f.socket.disconnect());
  });

  it('loses no acknowledged write and no change when a node is killed during a burst, and takes it back', async () => {
    const followers = Array.from({ length: 100 }, () => follower(token, jobId));
    sockets.push(...followers.map((f) => f.socket));
    await Promise.all(followers.map((f) => f.joined));

    // 200 candidates through the balancer, ten at a time; node 1 is killed (no shutdown) after the 50th.
    const acknowledged: number[] = [];
    let failed = 0;
    let killedAt = 0;
    let killing: Promise<unknown> | undefined;
    const app1 = await containerOf('app1');
    let next = 0;
    const writer = async () => {
      while (next < 200) {
        next++;
        const res = await api('/api/candidates', { method: 'POST', token, body: candidateBody(jobId) }).catch(
          () => undefined,
        );
        if (res?.status === 201) acknowledged.push(res.json.id as number);
        else failed++;
        if (acknowledged.length === 50 && !killing) {
          killedAt = Date.now();
          killing = runCommand('docker', ['kill', app1]);
        }
      }
    };
    const burstStart = Date.now();
    await Promise.all(Array.from({ length: 10 }, writer));
    await killing;
    console.log(`node loss: burst of 200 writes took ${Date.now() - burstStart} ms`);
    let pinnedTo1ServedBy: string | null = null;
    const watchBalancer = setInterval(() => {
      void api('/api/health', { node: 'app1' })
        .then((r) => (pinnedTo1ServedBy = r.servedBy))
        .catch(() => undefined);
    }, 250);
    onTestFinished(() => clearInterval(watchBalancer));

    // Once the balancer has taken node 1 out (a request pinned to it goes to node 2), it has cut node 1's
    // sockets; each of them is back, on node 2, within 10 s of the kill.
    expect(await until(() => pinnedTo1ServedBy === 'app2', 15_000)).toBe(true);
    const cut = followers.filter((f) => f.disconnectedAt > 0);
    expect(cut.length).toBeGreaterThan(0);
    expect(await until(() => cut.every((f) => f.reconnectedAt > 0 && f.socket.connected), 15_000)).toBe(true);
    const backAfter = Math.max(...cut.map((f) => f.reconnectedAt - killedAt));
    expect(backAfter).toBeLessThan(10_000);

    // Every acknowledged write is in MySQL.
    const inMysql = new Set(
      (
        await composeRun(
          [
            'exec',
            '-T',
            'mysql',
            'mysql',
            '-uportal',
            '-pportal',
            'portal',
            '-N',
            '-e',
            `SELECT id FROM candidates WHERE job_id = ${jobId}`,
          ],
          60_000,
        )
      )
        .split('\n')
        .map(Number)
        .filter(Boolean),
    );
    expect(acknowledged.filter((id) => !inMysql.has(id))).toEqual([]);

    // Every socket ends with every change of the room exactly once, in order (live or replayed).
    const room = await api(`/api/events?room=job:${jobId}&since=0`, { token });
    const last = (room.json as unknown as EventsResponse).last;
    expect(await until(() => followers.every((f) => f.last === last), 15_000)).toBe(true);
    for (const f of followers) {
      const first = f.applied[0]!;
      expect(f.applied).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    }
    const createdIds = new Set(
      (room.json as unknown as EventsResponse).events
        .filter((e) => e.name === 'candidate:created')
        .map((e) => (e.payload as { id: number }).id),
    );
    expect(acknowledged.filter((id) => !createdIds.has(id))).toEqual([]);
    console.log(
      `node loss: ${cut.length} of 100 sockets reconnected, the last ${(backAfter / 1000).toFixed(1)} s ` +
        `after the kill; writes acknowledged ${acknowledged.length}, found in MySQL ` +
        `${acknowledged.filter((id) => inMysql.has(id)).length}, not acknowledged ${failed}`,
    );

    // The killed node comes back and takes traffic again.
    await runCommand('docker', ['start', app1]);
    await ready('app1', 60_000);
    const servedBy = new Set<string | null>();
    await until(() => {
      void api('/api/health').then((r) => servedBy.add(r.servedBy));
      return servedBy.has('app1') && servedBy.has('app2');
    }, 20_000);
    expect([...servedBy].sort()).toEqual(['app1', 'app2']);
    followers.forEach((f) => f.socket.disconnect());
  }, 300_000);
});
