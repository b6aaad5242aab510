/**
 * Throughput of the list routes against their data path (data-path.ts: the same SQL on the same database
 * through the driver alone, in a bare Fastify route) and a bare Fastify list route, side by side in one run:
 * autocannon (in a worker thread, so that it does not share the server's event loop) loads each route in
 * turn for a few seconds, the rounds repeat, and the medians and their ratios (app ÷ data path, per round,
 * then the median) are printed with the machine's load average. The data is a
 * small firm's: a skills catalogue of a few hundred and 25 jobs, so that what is measured is the cost of
 * a request rather than of a large scan (run.ts times those).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { dataPlaceOf, startDataPath, type DataPath } from './data-path.ts';
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';

export interface ThroughputOptions {
  /** MySQL server URL without a database; unset: SQLite. */
  mysqlBase?: string | undefined;
  /** Seconds each route is loaded per round. */
  seconds: number;
  rounds: number;
  connections: number;
}

/** A list of 20 skill-shaped items, the size of a skills page, from a route with nothing around it. */
async function startBareServer() {
  const now = new Date().toISOString();
  const items = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `Skill ${i + 1}`,
    description: `Benchmark skill number ${i + 1}`,
    status: 'active',
    created_by: null,
    created_by_id: null,
    updated_by: null,
    updated_by_id: null,
    created_at: now,
    updated_at: now,
  }));
  const bare = Fastify({ logger: false });
  bare.get('/list', async () => ({ items, total: 200, page: 1, pageSize: 20 }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { bare, address };
}

async function load(url: string, token: string | undefined, opts: ThroughputOptions, seconds = opts.seconds) {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: seconds,
    workers: 1,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  return result.requests.average;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchThroughput(opts: ThroughputOptions) {
  const bench = await createBenchApp(opts.mysqlBase, 'throughput');
  const { bare, address: bareAddress } = await startBareServer();
  let dataPath: DataPath | undefined;
  try {
    await seedSkills(bench.db, 300);
    await seedJobs(bench.db, 25);
    const { address, token } = await bench.listen();
    dataPath = await startDataPath(dataPlaceOf(bench.db));

    // `of`: the case whose figure this one is divided by (its data path); the static route's ratio is also shown.
    const cases = [
      { name: 'bare Fastify list (20 items)', url: `${bareAddress}/list`, token: undefined, of: -1 },
      { name: 'data path: skills page SQL', url: `${dataPath.address}/skills`, token: undefined, of: -1 },
      { name: 'GET /api/skills (first page of 300)', url: `${address}/api/skills`, token, of: 1 },
      { name: 'data path: jobs page SQL', url: `${dataPath.address}/jobs`, token: undefined, of: -1 },
      { name: 'GET /api/jobs (first page of 25)', url: `${address}/api/jobs`, token, of: 3 },
    ];
    const figures = cases.map(() => [] as number[]);
    console.log(
      `throughput (${opts.mysqlBase ? 'MySQL' : 'SQLite'}): autocannon, ${opts.connections} connections, ` +
        `${opts.seconds} s per route, ${opts.rounds} rounds; load average ${loadAverage()}`,
    );
    for (const c of cases) await load(c.url, c.token, opts, 1); // warm-up: JIT, pools, caches
    for (let round = 0; round < opts.rounds; round++) {
      for (const [i, c] of cases.entries()) figures[i]!.push(await load(c.url, c.token, opts));
      console.log(
        `  round ${round + 1}: ` +
          cases
            .map((c, i) => {
              const rps = figures[i]![round]!;
              return c.of < 0
                ? `${Math.round(rps)}/s`
                : `${Math.round(rps)}/s (${pct(rps, figures[c.of]![round]!)})`;
            })
            .join('  ') +
          `  load ${loadAverage()}`,
      );
    }
    // Ratios per round (same moment, same machine load), then their median.
    const ratioOf = (i: number, of: number) =>
      median(figures[i]!.map((rps, round) => rps / figures[of]![round]!)) * 100;
    for (const [i, c] of cases.entries()) {
      console.log(
        `${c.name.padEnd(44)} median ${String(Math.round(median(figures[i]!))).padStart(6)} req/s` +
          (i === 0 ? '' : `   ${ratioOf(i, 0).toFixed(1)} % of bare`) +
          (c.of < 0 ? '' : `   ${ratioOf(i, c.of).toFixed(1)} % of its data path`),
      );
    }
  } finally {
    // Requests still queued for a database connection when autocannon stopped finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dataPath?.close();
    await bench.close();
    await bare.close();
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(1)} %`;
