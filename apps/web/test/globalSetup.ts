import type { TestProject } from 'vitest/node';
import { startTestServer, TEST_ADMIN } from '../../../scripts/test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    adminToken: string;
    databaseFile: string;
  }
}

/** One real app for the component tests; its admin token lets jsdom's fetch act as a signed-in browser. */
export default async function setup(project: TestProject) {
  const server = await startTestServer({ SEED_DEMO: '1' });
  const login = await fetch(`${server.url}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  project.provide('apiBase', server.url);
  project.provide('adminToken', token);
  project.provide('databaseFile', server.databaseFile);
  return () => server.stop();
}
