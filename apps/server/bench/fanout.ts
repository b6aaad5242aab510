/**
 * Fan-out benchmark (`BENCH_CASES=fanout`): sockets in one job room; a REST status change, timed
 * from the request to the last socket's delivery (p50, p99), against a bare Socket.IO server that emits the
 * same message on a plain HTTP request, its rounds alternating with the app's (target: app p99 at most
 * 1.5 × bare p99); the same for a board move (`POST …/move`, timed to the last socket's `candidate:moved`) and for
 * a person's change (`PUT /api/people/:id`, the sockets half in each of the person's two jobs' rooms, timed to the
 * last socket's `person:updated`). Then
 * 10,000 sockets on one node (all connected, all receiving, server memory per socket; target under 10 KB),
 * and the same sockets split over two nodes through Redis (the streams adapter). The sockets live in a child
 * process (fanout-clients.ts), WebSocket transport only. Figures are printed; nothing asserts a time.
 */
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { seedCandidates } from './candidates.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import {
  SETTLE_MS,
  kb,
  load,
  memory,
  ms,
  ratio,
  startBare,
  startClients,
  timeRounds,
  type Clients,
} from './fanout-harness.ts';

/** How many candidates the rounds take turns with: about ten changes each over a run's two thousand. */
const ROTATION = 200;

export async function benchFanout({
  mysqlBase,
  redisUrl,
  sockets,
  many,
  rounds,
  manyRounds,
}: {
  mysqlBase?: string;
  redisUrl?: string;
  sockets: number;
  many: number;
  rounds: number;
  /** Rounds timed with `many` sockets. */
  manyRounds: number;
}) {
  const dialect = mysqlBase ? 'MySQL' : 'SQLite';
  console.log(`fan-out: ${sockets.toLocaleString()} and ${many.toLocaleString()} sockets in one job room`);

  // The bare Socket.IO server: the floor the app is measured against. Its sockets stay connected while
  // the app is measured at the same count, and its rounds alternate with the app's (see timeRounds).
  const bare = await startBare();
  const bareClients = startClients();
  const bareBefore = await memory();
  const bareConnectStart = performance.now();
  await bareClients.connect([bare.url], sockets, { event: 'job:join', payload: { jobId: 1 } });
  const bareConnectSeconds = (performance.now() - bareConnectStart) / 1000;
  const bareBytes = ((await memory(SETTLE_MS)).heap - bareBefore.heap) / sockets;
  let bareRound = 0;
  const bareSide = {
    clients: bareClients,
    trigger: async () => {
      const round = ++bareRound;
      await (await fetch(`${bare.url}/emit?v=${round}`)).text();
      return round;
    },
  };
  console.log(
    `  bare Socket.IO, ${sockets} sockets:`.padEnd(46) +
      `connected in ${bareConnectSeconds.toFixed(1)} s; server memory per socket: heap+external ${kb(bareBytes)} KB`,
  );
  let clients: Clients;
  // The same count as the app's large case, measured the same way: the floor for its memory per socket.
  clients = startClients();
  const bareManyBefore = await memory();
  const bareMany = await clients.connect([bare.url], many, { event: 'job:join', payload: { jobId: 1 } });
  const bareManyBytes = ((await memory(SETTLE_MS)).heap - bareManyBefore.heap) / bareMany.sockets;
  await clients.close();
  console.log(
    `  bare Socket.IO, ${many.toLocaleString()} sockets:`.padEnd(46) +
      `connected ${bareMany.sockets.toLocaleString()}/${many.toLocaleString()}; server memory per socket: heap+external ${kb(bareManyBytes)} KB   (${load()})`,
  );

  /**
   * A job with a few dozen candidates whose statuses the rounds move back and forth through the API, one
   * candidate after another: a candidate's history stays a realistic length (a move's analytics recount
   * reads it, so one candidate moved a thousand times would time that instead of the delivery). Beside it,
   * a second job and people with an application in each, whose changes (PUT /api/people/:id) reach both jobs'
   * rooms as `person:updated`.
   */
  async function appWithCandidate(env: Record<string, string> = {}) {
    const bench = await createBenchApp(mysqlBase, 'fanout', { env });
    await seedSkills(bench.db, 5);
    await seedJobs(bench.db, 2, { skillPool: 5 });
    const [jobId, otherJobId] = (await bench.db('jobs').orderBy('id').pluck('id')).map(Number) as [
      number,
      number,
    ];
    const [{ id: adminId }] = (await bench.db('users').orderBy('id').limit(1).select('id')) as [
      { id: number },
    ];
    await seedCandidates(bench.db, 0, ROTATION, [jobId], adminId);
    // Candidates numbered from ROTATION over both jobs: three in ten are a second application (in the other
    // job) of a person seeded seven before (bench/candidates.ts).
    await seedCandidates(bench.db, ROTATION, ROTATION * 2, [jobId, otherJobId], adminId);
    await rebuildCandidateCounts(bench.db);
    // Each candidate's versions in a range of its own: a round's version then names one change (the
    // clients report a round by the version its message carries). The same for the people's.
    // (A rejected candidate's status no longer changes: those the seed rejected sit out.)
    const rows = (await bench
      .db('candidates')
      .where('job_id', jobId)
      .where('id', '<=', ROTATION)
      .whereNot('status', 'rejected')
      .orderBy('id')
      .select('id', 'uuid', 'status')) as { id: number; uuid: string; status: string }[];
    const cards: { uuid: string; status: string; version: number }[] = [];
    for (const [k, row] of rows.entries()) {
      const version = (k + 1) * 1_000_000;
      await bench.db('candidates').where({ id: row.id }).update({ version });
      cards.push({ uuid: row.uuid, status: row.status, version });
    }
    const twoJobs = (await bench
      .db('candidates')
      .groupBy('person_id')
      .havingRaw('COUNT(*) = 2')
      .select('person_id')) as { person_id: number }[];
    const people: { id: number; version: number }[] = [];
    for (const [k, { person_id }] of twoJobs.entries()) {
      const version = (k + 1) * 1_000_000;
      await bench.db('people').where({ id: person_id }).update({ version });
      people.push({ id: Number(person_id), version });
    }
    const { address, token } = await bench.listen();
    const send = async (path: string, method: string, body: unknown) => {
      const res = await fetch(`${address}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { version: number }).version;
    };
    let turn = 0;
    /** The next candidate, to the other of two statuses. */
    const next = () => {
      const card = cards[turn++ % cards.length]!;
      card.status = card.status === 'screening' ? 'shortlisted' : 'screening';
      return card;
    };
    const change = async () => {
      const card = next();
      card.version = await send(`/api/candidates/${card.uuid}/status`, 'PATCH', { status: card.status });
      return card.version;
    };
    // A board move (POST …/move) between the same two columns: its `candidate:moved` ends the round.
    const move = async () => {
      const card = next();
      card.version = await send(`/api/candidates/${card.uuid}/move`, 'POST', {
        status: card.status,
        version: card.version,
      });
      return card.version;
    };
    // A person's current company changed: its `person:updated`, sent to both jobs' rooms, ends the round.
    let edits = 0;
    const editPerson = async () => {
      const person = people[edits++ % people.length]!;
      person.version = await send(`/api/people/${person.id}`, 'PUT', {
        current_company: `Firm ${edits}`,
        version: person.version,
      });
      return person.version;
    };
    return { bench, address, token, jobId, otherJobId, change, move, editPerson };
  }

  /** What each kind of round does, the message that ends it, and which job rooms its sockets join. */
  const ROUNDS_OF = {
    status: { label: 'changes', message: undefined, trigger: 'change', rooms: 'one' },
    move: { label: 'board moves', message: 'candidate:moved', trigger: 'move', rooms: 'one' },
    person: { label: "person's changes", message: 'person:updated', trigger: 'editPerson', rooms: 'both' },
  } as const;

  /** Connects `count` sockets over `urls` into the job's room; times rounds; prints memory per socket. */
  async function measure(
    label: string,
    urls: string[],
    count: number,
    app: Awaited<ReturnType<typeof appWithCandidate>>,
    how: keyof typeof ROUNDS_OF = 'status',
    beside?: typeof bareSide,
  ) {
    // The previous measure's sockets gone from the server first: their disconnects (each leaving the room
    // tells the others who is viewing) would otherwise still be sent while this measure's rounds run.
    const { io } = app.bench.app;
    while (io.of('/').sockets.size > 0) await new Promise((r) => setTimeout(r, 20));
    // The database connections the joins will open, opened first: they are the pool's, not the sockets'
    // (on MySQL, up to 30 connections, 15 MB: 15 KB a socket of 1,000).
    await app.bench.fillPools();
    const before = await memory(SETTLE_MS);
    const connectStart = performance.now();
    const kind = ROUNDS_OF[how];
    // A person's sockets half in each of their two jobs' rooms; the others all in the first job's.
    const jobIds = kind.rooms === 'both' ? [app.jobId, app.otherJobId] : [app.jobId];
    const joined = await clients.connect(
      urls,
      count,
      { event: 'job:join', payloads: jobIds.map((jobId) => ({ jobId })) },
      { token: app.token, ...(kind.message ? { message: kind.message } : {}) },
    );
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const after = await memory(SETTLE_MS);
    // With many sockets a round takes seconds on a small machine: fewer of them still show every socket receiving.
    const measured = count > sockets ? manyRounds : rounds;
    const times = await timeRounds(clients, measured, app[kind.trigger], beside);
    if (times.beside)
      console.log(
        `  bare Socket.IO, ${count.toLocaleString()} sockets, alternating:`.padEnd(46) +
          `p50 ${ms(times.beside.p50)} ms   p99 ${ms(times.beside.p99)} ms   (${measured} emits)`,
      );
    console.log(
      `  ${label}, ${count.toLocaleString()} sockets (${dialect}):`.padEnd(46) +
        `p50 ${ms(times.p50)} ms   p99 ${ms(times.p99)} ms   ` +
        `(${measured} ${kind.label}${times.missed ? `, ${times.missed} NOT received by every socket` : ', every socket received each'})`,
    );
    console.log(
      `      connected ${joined.sockets.toLocaleString()}/${count.toLocaleString()} (${joined.failed} failed) in ${connectSeconds.toFixed(1)} s; ` +
        `server memory per socket: heap+external ${kb((after.heap - before.heap) / joined.sockets)} KB   (${load()})`,
    );
    return times;
  }

  const single = await appWithCandidate();
  try {
    clients = startClients();
    const appTimes = await measure('app, one node', [single.address], sockets, single, 'status', bareSide);
    console.log(`  app p99 / bare p99 = ${ratio(appTimes)} (target at most 1.5)`);
    await clients.close();
    clients = startClients();
    const moveTimes = await measure(
      'app, one node, board moves',
      [single.address],
      sockets,
      single,
      'move',
      bareSide,
    );
    console.log(`  board move p99 / bare p99 = ${ratio(moveTimes)} (target at most 1.5)`);
    await clients.close();
    clients = startClients();
    const personTimes = await measure(
      "app, one node, a person's changes (2 rooms)",
      [single.address],
      sockets,
      single,
      'person',
      bareSide,
    );
    console.log(`  person's change p99 / bare p99 = ${ratio(personTimes)} (target at most 1.5)`);
    await clients.close();
    await bareClients.close();
    await bare.close();
    clients = startClients();
    await measure('app, one node', [single.address], many, single);
    await clients.close();
  } finally {
    await single.bench.close();
  }

  if (!redisUrl) {
    console.log('  two nodes through Redis: skipped (set BENCH_REDIS_URL or REDIS_URL)');
    return;
  }
  const pair = await appWithCandidate({ REDIS_URL: redisUrl });
  try {
    const second = await pair.bench.addNode();
    for (const count of [sockets, many]) {
      clients = startClients();
      await measure('two nodes via Redis', [pair.address, second], count, pair);
      await clients.close();
    }
  } finally {
    await pair.bench.close();
  }
}
