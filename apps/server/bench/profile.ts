/**
 * Where a list request's time goes in the app: `npx tsx bench/profile.ts [skills|jobs …]` loads each route
 * with autocannon (as bench/throughput.ts does, on its small firm's data) while V8's sampling profiler
 * records the app's thread, then prints the processor time per request of each part (µs): the session
 * check, the security headers, validation, the log line, query building, the database, serialisation,
 * Fastify and Node's HTTP. A sample counts for the part of the nearest frame that belongs to one, from
 * the running function outwards: time inside pino's writer counts as the log line wherever it was called.
 * PROFILE_SECONDS (10) sets how long each route is loaded; PROFILE_OUT=<folder> keeps the .cpuprofile files
 * (Chrome's DevTools and speedscope open them).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { createBenchApp } from './bench-app.ts';
import { dataPlaceOf, startDataPath } from './data-path.ts';
import { provideServer, startMysqlContainer } from '../test/containers.ts';
import { seedJobs, seedSkills } from './seed.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The parts, in the order a frame is tested against them: the first whose rule matches names the frame.
 * `url` is the frame's script, `name` its function.
 */
const PARTS: { part: string; test: (url: string, name: string) => boolean }[] = [
  {
    part: 'log line (pino, request-log)',
    test: (url) => /\/pino|request-log|sonic-boom|fast-redact/.test(url),
  },
  {
    part: 'session check (jwt, auth)',
    test: (url) =>
      /fast-jwt|@fastify\/jwt|plugins\/auth\.ts|auth\/service\.ts|@fastify\/cookie|\/cookie\//.test(url),
  },
  { part: 'security headers and rules', test: (url) => /security-headers|plugins\/security\.ts/.test(url) },
  {
    part: 'validation (ajv)',
    test: (url) => /\/ajv\/|fastify\/lib\/validation|plugins\/validation/.test(url),
  },
  {
    part: 'serialisation (JSON)',
    test: (url, name) =>
      /fast-json-stringify|fastify\/lib\/(reply|error)-serializer|\/fast-uri|json-schema-ref-resolver/.test(
        url,
      ) ||
      (url === '' && /^(anonymous|\$main|main|stringify)$/.test(name)),
  },
  { part: 'query building (knex)', test: (url) => /\/knex\//.test(url) },
  {
    part: 'database (driver, statements)',
    test: (url) =>
      /better-sqlite3|\/mysql2\/|db\/(dialect|statements|sqlite-client)\.ts|tarn|bench\/data-path/.test(url),
  },
  {
    part: 'service and row mapping',
    test: (url) => /\/src\/modules\/|\/src\/lib\/rows|lib\/paging/.test(url),
  },
  {
    part: 'Fastify (routing, hooks, reply)',
    test: (url) => /\/fastify\/|find-my-way|avvio|light-my-request/.test(url),
  },
  { part: 'Node HTTP and sockets', test: (url) => url.startsWith('node:') },
];

function partOf(node: ProfileNode): string | undefined {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return '(idle)';
  return PARTS.find((p) => p.test(url, functionName))?.part;
}

/** Processor time per part, in µs, over the whole profile. */
function timePerPart(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const partOfId = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = partOfId.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const part = partOf(node) ?? (up === undefined ? 'other (event loop, program)' : resolve(up));
    partOfId.set(id, part);
    return part;
  };
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = resolve(id);
    times.set(part, (times.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return times;
}

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['skills', 'jobs'];
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
// BENCH_DB=mysql: on MySQL, as run.ts chooses it (MYSQL_URL, else a container).
const mysqlServer =
  process.env.BENCH_DB === 'mysql'
    ? await provideServer('MySQL', 'MYSQL_URL', 'mysql://root@127.0.0.1:3306', () => startMysqlContainer())
    : undefined;
const bench = await createBenchApp(mysqlServer?.url, 'profile');
await seedSkills(bench.db, 300);
await seedJobs(bench.db, 25);
const { address, token } = await bench.listen();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
// 200 µs: finer sampling slows the app under load by more than it tells.
await session.post('Profiler.setSamplingInterval', { interval: 200 });

/** Loads `url` for `seconds` under the profiler: the requests made and the µs per part per request. */
async function profileUrl(url: string, headers: Record<string, string>, name: string) {
  const run = (duration: number) => autocannon({ url, connections: 50, duration, workers: 1, headers });
  await run(2); // warm-up: JIT, caches
  await session.post('Profiler.start');
  const result = await run(seconds);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (process.env.PROFILE_OUT)
    writeFileSync(join(process.env.PROFILE_OUT, `${name}.cpuprofile`), JSON.stringify(profile));
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx + result.errors} failed`);
  const perRequest = new Map<string, number>();
  for (const [part, us] of timePerPart(profile))
    if (part !== '(idle)') perRequest.set(part, us / result.requests.total);
  return { rps: result.requests.average, perRequest };
}

const dataPath = await startDataPath(dataPlaceOf(bench.db));
const us = (n: number | undefined) => (n ?? 0).toFixed(1).padStart(8);
for (const route of routes) {
  const app = await profileUrl(`${address}/api/${route}`, { authorization: `Bearer ${token}` }, route);
  const floor = await profileUrl(`${dataPath.address}/${route}`, {}, `${route}-data-path`);
  console.log(
    `GET /api/${route}: app ${Math.round(app.rps)}/s, data path ${Math.round(floor.rps)}/s under the profiler; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  console.log(`  ${'µs per request'.padEnd(36)}      app data path     app − data path`);
  const parts = [...new Set([...app.perRequest.keys(), ...floor.perRequest.keys()])].sort(
    (a, b) => (app.perRequest.get(b) ?? 0) - (app.perRequest.get(a) ?? 0),
  );
  let appTotal = 0;
  let floorTotal = 0;
  for (const part of parts) {
    const [a, f] = [app.perRequest.get(part) ?? 0, floor.perRequest.get(part) ?? 0];
    appTotal += a;
    floorTotal += f;
    console.log(`  ${part.padEnd(36)} ${us(a)} ${us(f)} ${us(a - f)}`);
  }
  console.log(
    `  ${'total (busy)'.padEnd(36)} ${us(appTotal)} ${us(floorTotal)} ${us(appTotal - floorTotal)}`,
  );
}
await dataPath.close();
session.disconnect();
await bench.close();
await mysqlServer?.stop();
