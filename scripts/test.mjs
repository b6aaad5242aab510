#!/usr/bin/env node
// Runs every test suite whose service is reachable and ends with one line: "N passed, N failed".
// With CI=true a missing MySQL, Redis, Docker or Chromium is a failure, not a skip.
// MySQL and Redis: MYSQL_URL / REDIS_URL when set, else testcontainers when Docker answers, else (not in CI) the
// local servers. Containers carry the label portal.test-run=<this run>; whatever a crash left is removed at the end.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dockerAvailable } from './docker.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = randomBytes(4).toString('hex');
process.env.PORTAL_TEST_RUN = run;

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const docker = await dockerAvailable();
const hasChromium = existsSync(chromium);

/** Whether a MySQL/Redis suite has a server, and which: explicit URL, container, or (not in CI) the local one. */
async function server(kind, envVar, fallback, image) {
  const explicit = process.env[envVar]?.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if (explicit) return { run: true, how: `${envVar}=${explicit}` };
  if (docker) return { run: true, how: `testcontainers, image ${image}` };
  const why = `no Docker and ${envVar} not set`;
  if (ci) return { run: false, why };
  const url = new URL(fallback);
  if (await reachable(url.hostname, Number(url.port)))
    return { run: true, how: `local server ${url.host} (${why})` };
  return { run: false, why: `${why}, and ${kind} not reachable at ${url.host}` };
}

const mysql = await server(
  'MySQL',
  'MYSQL_URL',
  'mysql://127.0.0.1:3306',
  process.env.MYSQL_IMAGE || 'mysql:8.4',
);
const redis = await server(
  'Redis',
  'REDIS_URL',
  'redis://127.0.0.1:6379',
  process.env.REDIS_IMAGE || 'redis:7',
);

const suites = [
  { name: 'server-sqlite', dir: 'apps/server', run: true },
  { name: 'server-mysql', dir: 'apps/server', ...mysql },
  // Its two-node test runs two app processes on one MySQL and one Redis: it needs both.
  {
    name: 'server-redis',
    dir: 'apps/server',
    ...redis,
    run: redis.run && mysql.run,
    why: redis.run ? `needs MySQL too: ${mysql.why}` : redis.why,
  },
  { name: 'web', dir: 'apps/web', run: true },
  { name: 'e2e', dir: 'apps/web', run: hasChromium, why: `Chromium not found at ${chromium}` },
  { name: 'compose', dir: 'apps/server', run: docker, why: 'Docker not available' },
];

let passed = 0;
let failed = 0;
const lines = [];
/** Each failed test as "suite file > name: first line of its error", repeated at the end where a log's tail shows it. */
const failures = [];
const outDir = mkdtempSync(join(tmpdir(), 'portal-test-results-'));

for (const suite of suites) {
  if (!suite.run) {
    lines.push(`  ${suite.name}: ${ci ? 'FAILED' : 'skipped'} (${suite.why})`);
    if (ci) failed += 1;
    continue;
  }
  const report = join(outDir, `${suite.name}.json`);
  console.log(`\n=== ${suite.name}${suite.how ? ` (${suite.how})` : ''} ===`);
  const result = spawnSync(
    process.execPath,
    [
      '../../node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      suite.name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    {
      cwd: suite.dir,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    },
  );
  if (!existsSync(report)) {
    failed += 1;
    lines.push(`  ${suite.name}: FAILED to run (exit ${result.status})`);
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  // A suite file that fails to load counts as a failure even when no test inside it ran.
  const brokenFiles = json.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  for (const file of json.testResults) {
    const where = `${suite.name} ${file.name.replace(`${process.cwd()}/`, '')}`;
    if (file.status === 'failed' && file.assertionResults.length === 0)
      failures.push(`${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults.filter((t) => t.status === 'failed'))
      failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  passed += json.numPassedTests;
  failed += json.numFailedTests + brokenFiles;
  lines.push(`  ${suite.name}: ${json.numPassedTests} passed, ${json.numFailedTests + brokenFiles} failed`);
}

if (docker) sweep();

/** Removes containers (and compose stacks) of this run that a crashed suite left behind; bounded. */
function sweep() {
  const cli = (args) => spawnSync('docker', args, { encoding: 'utf8', timeout: 60_000 });
  const leftovers = [`label=portal.test-run=${run}`, `label=com.docker.compose.project=portal-smoke-${run}`]
    .flatMap((filter) => (cli(['ps', '-aq', '--filter', filter]).stdout ?? '').split('\n'))
    .filter(Boolean);
  if (leftovers.length === 0) return;
  console.log(`Removing ${leftovers.length} container(s) this run left behind`);
  cli(['rm', '-f', '-v', ...leftovers]);
  cli(['network', 'rm', `portal-smoke-${run}_default`]);
  cli(['volume', 'rm', `portal-smoke-${run}_mysql-data`, `portal-smoke-${run}_app-data`]);
}

function firstLine(text) {
  return (text ?? '').split('\n').find((line) => line.trim() !== '') ?? '(no message)';
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nSuites:\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
