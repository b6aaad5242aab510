import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestServer } from '../../../scripts/test-server.ts';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the web app as `npm start` does, then serves it from a real app process. */
export default async function setup(project: TestProject) {
  execFileSync(
    process.execPath,
    [join(WEB, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Vitest sets NODE_ENV=test, and Vite builds for whatever NODE_ENV says: without this the suite would
    // drive React's development build (larger and slower), not the one visitors get.
    { cwd: WEB, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (!existsSync(join(WEB, 'dist/index.html'))) throw new Error('web build produced no index.html');
  mkdirSync(join(WEB, 'e2e/screenshots'), { recursive: true });
  const server = await startTestServer({ SEED_DEMO: '1' });
  project.provide('baseUrl', server.url);
  // For a test that moves a record's time (a share sent days ago), as the component tests do.
  project.provide('databaseFile', server.databaseFile);
  return () => server.stop();
}
