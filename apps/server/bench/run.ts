/**
 * `npm run bench`: first the throughput case (throughput.ts: the list routes against their data path and a
 * bare Fastify route, with autocannon), then seeds realistic volumes into a fresh database, starts the real
 * app listening on a port, and times list calls through HTTP, printing median and p95 per case.
 * BENCH_DB=mysql uses MySQL: the server MYSQL_URL names, else a container as the tests start one
 * (test/containers.ts; MYSQL_IMAGE chooses its image). BENCH_CASES=throughput, latency, candidates, bulk,
 * ledger, dashboards, fanout, files, pipeline, people (the people migration and the talent pool), board
 * (the board in Chromium), analytics or review (the client review page and decisions) (comma-separated) runs
 * those parts. The fan-out case's two-node part needs Redis: BENCH_REDIS_URL (or REDIS_URL; a database
 * index of its own, e.g. redis://127.0.0.1:6379/11, keeps its stream apart).
 * BENCH_KEEP=1 keeps the 1,000,000 candidates' database between runs (bench/candidates.ts). The bulk case
 * (only the candidates case's bulk import) is not in the default list; BENCH_BULK_ROUNDS sets how many
 * 5,000-row imports are timed (5). bench/profile.ts says where a list request's time goes, part by part.
 */
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { benchThroughput } from './throughput.ts';
import { benchBulk, benchCandidates } from './candidates.ts';
import { benchLedger } from './ledger.ts';
import { benchDashboards } from './dashboards.ts';
import { benchPeople } from './people.ts';
import { benchFanout } from './fanout.ts';
import { benchFiles } from './files.ts';
import { benchPipeline } from './pipeline.ts';
import { benchAnalytics } from './analytics.ts';
import { benchBoard } from './board.ts';
import { benchReview } from './review.ts';
import { provideServer, startMysqlContainer } from '../test/containers.ts';

const SKILLS = Number(process.env.BENCH_SKILLS ?? 100_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
/** 5,000-row bulk imports timed (the candidates and bulk cases). */
const BULK_ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 5);
const CASES = (
  process.env.BENCH_CASES ?? 'throughput,latency,candidates,people,ledger,dashboards,fanout,review'
).split(',');

const useMysql = process.env.BENCH_DB === 'mysql';
// MYSQL_URL names a server; else a throwaway one in a container, as the tests start theirs (test/containers.ts,
// MYSQL_IMAGE), when Docker answers; else the usual local server.
const mysqlServer = useMysql
  ? await provideServer('MySQL', 'MYSQL_URL', 'mysql://root@127.0.0.1:3306', () => startMysqlContainer())
  : undefined;
const mysqlBase = mysqlServer?.url ?? 'mysql://root@127.0.0.1:3306';
if (mysqlServer?.source === 'container') console.log(`MySQL: container from ${mysqlServer.image}`);
/** The cases asked for, in turn. */
async function runCases() {
  if (CASES.includes('throughput')) {
    await benchThroughput({
      mysqlBase: useMysql ? mysqlBase : undefined,
      seconds: Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 3),
      rounds: Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 5),
      connections: 50,
    });
  }
  /** The large candidates' database: how many, on which server, and whether it is kept between runs. */
  const candidateData = {
    mysqlBase: useMysql ? mysqlBase : undefined,
    large: Number(process.env.BENCH_CANDIDATES ?? 1_000_000),
    keep: process.env.BENCH_KEEP === '1',
  };
  if (CASES.includes('candidates')) {
    await benchCandidates({
      ...candidateData,
      rounds: Number(process.env.BENCH_CANDIDATE_ROUNDS ?? 50),
      bulkRounds: BULK_ROUNDS,
    });
  }
  if (CASES.includes('bulk')) await benchBulk({ ...candidateData, rounds: BULK_ROUNDS });
  if (CASES.includes('people')) {
    await benchPeople({
      ...candidateData,
      rounds: Number(process.env.BENCH_CANDIDATE_ROUNDS ?? 50),
    });
  }
  if (CASES.includes('ledger')) {
    await benchLedger({
      mysqlBase: useMysql ? mysqlBase : undefined,
      transactions: Number(process.env.BENCH_TRANSACTIONS ?? 100_000),
    });
  }
  if (CASES.includes('dashboards')) {
    await benchDashboards({
      mysqlBase: useMysql ? mysqlBase : undefined,
      large: Number(process.env.BENCH_CANDIDATES ?? 1_000_000),
      rounds: Number(process.env.BENCH_CANDIDATE_ROUNDS ?? 50),
    });
  }
  if (CASES.includes('board')) await benchBoard();
  if (CASES.includes('analytics')) {
    await benchAnalytics({
      mysqlBase: useMysql ? mysqlBase : undefined,
      candidates: Number(process.env.BENCH_ANALYTICS_CANDIDATES ?? 100_000),
      rounds: Number(process.env.BENCH_CANDIDATE_ROUNDS ?? 50),
    });
  }
  if (CASES.includes('fanout')) {
    await benchFanout({
      mysqlBase: useMysql ? mysqlBase : undefined,
      redisUrl: process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL,
      sockets: Number(process.env.BENCH_FANOUT_SOCKETS ?? 1000),
      many: Number(process.env.BENCH_FANOUT_MANY ?? 10_000),
      // 1,000: a p99 is then the tenth slowest round. Of 100 rounds it was the second slowest, and moved by
      // ±50 % from one run to the next; of 400 (the fourth slowest), the ratio to bare still moved by ±0.15.
      rounds: Number(process.env.BENCH_FANOUT_ROUNDS ?? 1000),
      manyRounds: Number(process.env.BENCH_FANOUT_MANY_ROUNDS ?? 80),
    });
  }
  if (CASES.includes('review')) {
    await benchReview({
      mysqlBase: useMysql ? mysqlBase : undefined,
      sockets: Number(process.env.BENCH_FANOUT_SOCKETS ?? 1000),
      rounds: Number(process.env.BENCH_REVIEW_ROUNDS ?? 500),
      pageRounds: Number(process.env.BENCH_REVIEW_PAGE_ROUNDS ?? 200),
    });
  }
  if (CASES.includes('files')) {
    await benchFiles({
      rounds: Number(process.env.BENCH_FILE_ROUNDS ?? 20),
      clients: Number(process.env.BENCH_FILE_CLIENTS ?? 20),
    });
  }
  if (CASES.includes('pipeline')) {
    await benchPipeline({
      mysqlBase: useMysql ? mysqlBase : undefined,
      candidates: Number(process.env.BENCH_PIPELINE_CANDIDATES ?? 20_000),
      rounds: Number(process.env.BENCH_PIPELINE_ROUNDS ?? 50),
    });
  }
  if (!CASES.includes('latency')) return;

  const { db, listen, close } = await createBenchApp(useMysql ? mysqlBase : undefined, 'bench');

  const seedStart = performance.now();
  await seedSkills(db, SKILLS);
  console.log(
    `seeded ${SKILLS.toLocaleString()} skills in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${useMysql ? 'MySQL' : 'SQLite'})`,
  );

  const jobSeedStart = performance.now();
  await seedJobs(db, JOBS);
  console.log(
    `seeded ${JOBS.toLocaleString()} jobs in ${((performance.now() - jobSeedStart) / 1000).toFixed(1)} s`,
  );

  const { address, token } = await listen();

  async function timeCase(name: string, path: (i: number) => string) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      const res = await fetch(`${address}${path(i)}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(`${name.padEnd(44)} median ${pick(0.5)} ms   p95 ${pick(0.95)} ms   (${ROUNDS} requests)`);
  }

  await timeCase('skills: first page', () => '/api/skills');
  await timeCase('skills: deep page (page 5000)', () => '/api/skills?page=5000');
  await timeCase('skills: search "skill 4" page 2', () => '/api/skills?search=skill%204&page=2');
  await timeCase('skills: search, no match', (i) => `/api/skills?search=nomatch${i}`);

  const filters = 'types=Full-time&skills=Skill%201&salaryMin=5&salaryMax=30&experienceMin=2&experienceMax=8';
  await timeCase('jobs: first page, all tabs counted', () => '/api/jobs');
  await timeCase(
    'jobs: search + filters, active tab (target < 50)',
    () => `/api/jobs?search=engineer&${filters}&status=active`,
  );
  await timeCase('jobs: search + filters, page 3', () => `/api/jobs?search=senior&${filters}&page=3`);
  await timeCase('jobs: common search term, no filters', () => '/api/jobs?search=engineer');
  await timeCase('jobs: rare search term', (i) => `/api/jobs?search=number%20${1000 + i}.`);
  await timeCase(
    'jobs: two skills, expired tab',
    () => '/api/jobs?skills=Skill%201&skills=Skill%202&status=expired',
  );
  await timeCase('jobs: deep page (page 5000)', () => '/api/jobs?page=5000');

  await close();
}

try {
  await runCases();
} finally {
  // The container this run started, if any, goes whether the cases finished or failed.
  await mysqlServer?.stop();
}
process.exit(0);
