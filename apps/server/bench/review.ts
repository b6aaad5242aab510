/**
 * Client review bench (`BENCH_CASES=review`, the review links' targets): a shortlist of 50 candidates shared with
 * a client and three contacts (four review links), on the app as a user starts it (its logger on, BENCH_LOG_LEVEL).
 * 1. 200 clients deciding at once: every (link, candidate) pair's decision POSTed together; all 200 must be
 *    answered and stored (review_decisions, the links' activity, the cards' summaries).
 *    Then each candidate's thread of three comments (two clients', one staff reply), sent at once: the same count.
 * 2. The review page's answer (`GET /api/review/:token`) with every candidate carrying its four recipients'
 *    decisions and a thread of three comments (two clients', one staff reply): p50 and p95 (target p50 < 30 ms).
 * 3. A client's decision seen on 1,000 open boards (sockets in the job's room, `candidate:client-feedback`),
 *    timed from the POST to the last socket's delivery, its rounds alternating with bare Socket.IO's
 *    (fanout-harness.ts; target app p99 at most 1.5 × bare p99).
 * The review pages' rate limits (per address and per link) are raised: every request here comes from one
 * address, many times a minute. Figures are printed; nothing asserts a time.
 */
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { seedCandidates } from './candidates.ts';
import { load, ms, ratio, startBare, startClients, timeRounds, type Clients } from './fanout-harness.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { countRows } from '../src/lib/paging.ts';
import type { ShareAnswer } from '@portal/contracts';
import { employeeBody } from '../../../scripts/fixtures.ts';

const SHARED = 50;
const CONTACTS = 3;
const DECISIONS = ['interested', 'on_hold', 'not_a_fit'] as const;
const WARM_UP = 20;

type Bench = Awaited<ReturnType<typeof createBenchApp>>;
interface Link {
  id: number;
  token: string;
}

/** A JSON request to the app: its status and answer. */
async function call(address: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${address}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown };
}

async function ok<T>(answer: Promise<{ status: number; text: string; json: () => unknown }>, what: string) {
  const res = await answer;
  if (res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.text}`);
  return res.json() as T;
}

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** The job, its 50 shortlisted candidates (with notes for the client) shared with its client and 3 contacts. */
async function seedShare(bench: Bench) {
  await seedSkills(bench.db, 5);
  await seedJobs(bench.db, 1, { skillPool: 5 });
  const [jobId] = (await bench.db('jobs').orderBy('id').pluck('id')).map(Number) as [number];
  const [{ id: adminId }] = (await bench.db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];
  await seedCandidates(bench.db, 0, SHARED, [jobId], adminId);
  await bench.db('candidates').where('job_id', jobId).update({ status: 'shortlisted' });
  await rebuildCandidateCounts(bench.db);
  const { address, token } = await bench.listen();
  const contactIds: number[] = [];
  for (let i = 1; i <= CONTACTS; i++) {
    const contact = await ok<{ id: number }>(
      call(address, 'POST', `/api/jobs/${jobId}/client-contacts`, token, {
        name: `Contact ${i}`,
        email: `contact${i}@client.example`,
      }),
      'client contact',
    );
    contactIds.push(contact.id);
  }
  const uuids = (await bench.db('candidates').where('job_id', jobId).orderBy('id').pluck('uuid')) as string[];
  const notes = Object.fromEntries(
    uuids.map((uuid, i) => [uuid, `Strong on payments; ${i + 1} years leading a small team.`]),
  );
  const share = await ok<ShareAnswer>(
    call(address, 'POST', '/api/candidates/share', token, { jobId, contactIds, notes }),
    'share',
  );
  const links: Link[] = share.links.map((l) => ({ id: l.id, token: l.url.split('/review/')[1]! }));
  return { address, token, jobId, uuids, links };
}

type Seeded = Awaited<ReturnType<typeof seedShare>>;

const decisionPath = (link: Link, uuid: string) => `/api/review/${link.token}/candidates/${uuid}/decision`;

/** Every (link, candidate) pair decides at once: how many were answered 200 and stored, and how long it took. */
async function decideAtOnce(bench: Bench, { address, links, uuids }: Seeded, label: string) {
  const pairs = links.flatMap((link) => uuids.map((uuid) => ({ link, uuid })));
  const start = performance.now();
  const answers = await Promise.all(
    pairs.map(async ({ link, uuid }, i) => {
      const sent = performance.now();
      const res = await call(address, 'POST', decisionPath(link, uuid), undefined, {
        decision: DECISIONS[i % DECISIONS.length],
        ...(i % 3 === 2 ? { reason: 'Skills Mismatch' } : {}),
        comment: `Seen by recipient ${link.id}.`,
        rating: 1 + (i % 5),
      });
      return { status: res.status, ms: performance.now() - sent };
    }),
  );
  const took = performance.now() - start;
  const stored = await countRows(bench.db('review_decisions'));
  const recorded = await countRows(bench.db('share_link_activity').where('kind', 'decision'));
  const cards = await countRows(bench.db('candidates').whereNotNull('client_decision'));
  const answered = answers.filter((a) => a.status === 200).length;
  const statuses = [...new Set(answers.filter((a) => a.status !== 200).map((a) => a.status))];
  const slowest = Math.max(...answers.map((a) => a.ms));
  const lost = stored === pairs.length && recorded === pairs.length ? 'nothing lost' : 'SOME LOST';
  console.log(
    `  ${pairs.length} clients deciding at once (${label}):`.padEnd(46) +
      `${answered}/${pairs.length} answered 200${statuses.length ? ` (others: ${statuses.join(', ')})` : ''}; ` +
      `stored ${stored}/${pairs.length}, activity ${recorded}/${pairs.length}, cards ${cards}/${uuids.length}: ${lost}`,
  );
  console.log(`      all answered in ${ms(took)} ms, slowest answer ${ms(slowest)} ms   (${load()})`);
}

/**
 * Each candidate's thread: a comment from two of the recipients and a staff reply, all sent at once (three
 * on each candidate at the same moment): how many were answered 201 and stored. Those refused are sent again
 * one at a time, so that the review page is timed with every thread whole.
 */
async function addComments(bench: Bench, { address, token, links, uuids }: Seeded, label: string) {
  const requests = uuids.flatMap((uuid) => [
    () =>
      call(address, 'POST', `/api/review/${links[0]!.token}/candidates/${uuid}/comments`, undefined, {
        text: 'Could we see their notice period confirmed?',
      }),
    () =>
      call(address, 'POST', `/api/review/${links[1]!.token}/candidates/${uuid}/comments`, undefined, {
        text: 'Interested, but the expected CTC is high for us.',
      }),
    () =>
      call(address, 'POST', `/api/candidates/${uuid}/client-comments`, token, {
        shareLinkId: links[0]!.id,
        text: 'Confirmed: 30 days, negotiable.',
      }),
  ]);
  const answers = await Promise.all(requests.map((request) => request()));
  const stored = await countRows(bench.db('review_comments'));
  const refused = answers.flatMap((a, i) => (a.status === 201 ? [] : [{ i, status: a.status }]));
  const statuses = [...new Set(refused.map((r) => r.status))];
  console.log(
    `  ${requests.length} comments at once (${label}):`.padEnd(46) +
      `${requests.length - refused.length}/${requests.length} answered 201${statuses.length ? ` (others: ${statuses.join(', ')})` : ''}; ` +
      `stored ${stored}/${requests.length}: ${stored === requests.length ? 'nothing lost' : 'SOME LOST'}`,
  );
  for (const { i } of refused) {
    const again = await requests[i]!();
    if (again.status !== 201) throw new Error(`comment: HTTP ${again.status} ${again.text}`);
  }
  if (refused.length) console.log(`      the ${refused.length} refused sent again one at a time`);
  return requests.length;
}

/** The review page's answer, timed one request after another. */
async function timeReviewPage({ address, links }: Seeded, rounds: number, label: string, comments: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < rounds + WARM_UP; i++) {
    const start = performance.now();
    const res = await fetch(`${address}/api/review/${links[i % links.length]!.token}`);
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`review page: HTTP ${res.status}`);
    if (i >= WARM_UP) times.push(performance.now() - start);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  console.log(
    `  review page, ${SHARED} candidates (${label}):`.padEnd(46) +
      `p50 ${ms(percentile(times, 0.5))} ms   p95 ${ms(percentile(times, 0.95))} ms   ` +
      `(${rounds} requests, ${(bytes / 1024).toFixed(0)} KB each; target p50 < 30 ms)`,
  );
  console.log(
    `      each candidate with ${links.length} decisions and ${comments / SHARED} comments   (${load()})`,
  );
}

/**
 * A client's decision to the last of `sockets` boards (a viewer's sockets in the job room), its rounds
 * alternating with bare Socket.IO's. The viewer is not the job's nor the sharer's: their bell would send each
 * decision a second time to the same sockets, which one person's thousand boards never are.
 */
async function timeDecisionFanout(
  bench: Bench,
  seeded: Seeded,
  { sockets, rounds, label }: { sockets: number; rounds: number; label: string },
) {
  const viewer = employeeBody('viewer', { name: 'Board Viewer' });
  await ok(call(seeded.address, 'POST', '/api/users', seeded.token, viewer), 'viewer');
  const { token } = await ok<{ token: string }>(
    call(seeded.address, 'POST', '/api/v2/login', undefined, {
      username: viewer.username,
      password: viewer.password,
    }),
    'viewer sign-in',
  );
  const bare = await startBare();
  const bareClients = startClients();
  let clients: Clients | undefined;
  try {
    await bareClients.connect([bare.url], sockets, { event: 'job:join', payload: { jobId: 1 } });
    let bareRound = 0;
    const bareSide = {
      clients: bareClients,
      trigger: async () => {
        const round = ++bareRound;
        await (await fetch(`${bare.url}/emit?v=${round}`)).text();
        return round;
      },
    };
    await bench.fillPools();
    clients = startClients();
    const joined = await clients.connect(
      [seeded.address],
      sockets,
      { event: 'job:join', payload: { jobId: seeded.jobId } },
      { token, message: 'candidate:client-feedback', roundBy: 'count' },
    );
    // Each round one recipient changes their mind on one candidate: the 200 pairs in turn, between two choices.
    const pairs = seeded.links.flatMap((link) => seeded.uuids.map((uuid) => ({ link, uuid })));
    let round = 0;
    const decide = async () => {
      const pair = pairs[round % pairs.length]!;
      const decision = Math.floor(round / pairs.length) % 2 ? 'interested' : 'on_hold';
      await ok(
        call(seeded.address, 'POST', decisionPath(pair.link, pair.uuid), undefined, { decision }),
        'decide',
      );
      return ++round;
    };
    const times = await timeRounds(clients, rounds, decide, bareSide);
    console.log(
      `  bare Socket.IO, ${sockets.toLocaleString()} sockets, alternating:`.padEnd(46) +
        `p50 ${ms(times.beside!.p50)} ms   p99 ${ms(times.beside!.p99)} ms   (${rounds} emits)`,
    );
    console.log(
      `  client decision to ${sockets.toLocaleString()} boards (${label}):`.padEnd(46) +
        `p50 ${ms(times.p50)} ms   p99 ${ms(times.p99)} ms   ` +
        `(${rounds} decisions${times.missed ? `, ${times.missed} NOT received by every socket` : ', every socket received each'})`,
    );
    console.log(
      `      connected ${joined.sockets.toLocaleString()}/${sockets.toLocaleString()} (${joined.failed} failed)   (${load()})`,
    );
    console.log(`  client decision p99 / bare p99 = ${ratio(times)} (target at most 1.5)`);
  } finally {
    await clients?.close();
    await bareClients.close();
    await bare.close();
  }
}

export async function benchReview({
  mysqlBase,
  sockets,
  rounds,
  pageRounds,
}: {
  mysqlBase?: string;
  sockets: number;
  /** Decisions timed to the boards (after 20 to warm up). */
  rounds: number;
  /** Review page requests timed. */
  pageRounds: number;
}) {
  const label = mysqlBase ? 'MySQL' : 'SQLite';
  console.log(`review: a shortlist of ${SHARED} candidates shared with ${CONTACTS + 1} recipients`);
  const bench = await createBenchApp(mysqlBase, 'review', {
    env: { REVIEW_RATE_LIMIT: '1000000', REVIEW_LINK_RATE_LIMIT: '1000000' },
  });
  try {
    const seeded = await seedShare(bench);
    await decideAtOnce(bench, seeded, label);
    const comments = await addComments(bench, seeded, label);
    await timeReviewPage(seeded, pageRounds, label, comments);
    await timeDecisionFanout(bench, seeded, { sockets, rounds, label });
  } finally {
    await bench.close();
  }
}
