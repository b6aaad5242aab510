#!/usr/bin/env node
// Runs every test suite whose service is reachable and ends with one line: "N passed, N failed".
// With CI=true a missing MySQL or Chromium is a failure, not a skip (DESIGN §7).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const mysqlUrl = new URL(process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const hasMysql = await reachable(mysqlUrl.hostname, Number(mysqlUrl.port || 3306));
const hasChromium = existsSync(chromium);

const suites = [
  { name: 'server-sqlite', dir: 'apps/server', run: true },
  { name: 'server-mysql', dir: 'apps/server', run: hasMysql, why: `MySQL not reachable at ${mysqlUrl.host}` },
  { name: 'web', dir: 'apps/web', run: true },
  { name: 'e2e', dir: 'apps/web', run: hasChromium, why: `Chromium not found at ${chromium}` },
];

let passed = 0;
let failed = 0;
const lines = [];
const outDir = mkdtempSync(join(tmpdir(), 'portal-test-results-'));

for (const suite of suites) {
  if (!suite.run) {
    lines.push(`  ${suite.name}: ${ci ? 'FAILED' : 'skipped'} (${suite.why})`);
    if (ci) failed += 1;
    continue;
  }
  const report = join(outDir, `${suite.name}.json`);
  console.log(`\n=== ${suite.name} ===`);
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
  passed += json.numPassedTests;
  failed += json.numFailedTests + brokenFiles;
  lines.push(`  ${suite.name}: ${json.numPassedTests} passed, ${json.numFailedTests + brokenFiles} failed`);
}

console.log(`\nSuites:\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
