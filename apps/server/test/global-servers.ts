// Vitest global setups: one MySQL or Redis server per test run (a container, or the one MYSQL_URL / REDIS_URL
// names), handed to the test files with `inject`. Test files make their own databases on it (helper.ts).
import type { TestProject } from 'vitest/node';
import {
  describeServer,
  mysqlVersion,
  provideServer,
  startMysqlContainer,
  startRedisContainer,
  type TestServer,
} from './containers.ts';
import { redisInfo } from './redis-client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mysqlServer: ServerFacts;
    redisServer: ServerFacts;
  }
}

/** What the test files learn about the server they run against. */
export interface ServerFacts {
  url: string;
  source: TestServer['source'];
  containerId?: string;
  version: string;
}

async function setUp(
  project: TestProject,
  key: 'mysqlServer' | 'redisServer',
  kind: string,
  provide: () => Promise<TestServer>,
  version: (url: string) => Promise<string>,
) {
  const server = await provide();
  try {
    const v = await version(server.url);
    console.log(`\n${describeServer(kind, server, v)}\n`);
    project.provide(key, {
      url: server.url,
      source: server.source,
      containerId: server.containerId,
      version: v,
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return async () => {
    await server.stop();
    if (server.containerId) console.log(`${kind}: container ${server.containerId.slice(0, 12)} removed`);
  };
}

export async function mysql(project: TestProject) {
  return setUp(
    project,
    'mysqlServer',
    'MySQL',
    () => provideServer('MySQL', 'MYSQL_URL', 'mysql://root@127.0.0.1:3306', () => startMysqlContainer()),
    async (url) => (await mysqlVersion(url)).version,
  );
}

export async function redis(project: TestProject) {
  return setUp(
    project,
    'redisServer',
    'Redis',
    () => provideServer('Redis', 'REDIS_URL', 'redis://127.0.0.1:6379', () => startRedisContainer()),
    async (url) => (await redisInfo(url)).redis_version ?? 'unknown',
  );
}
