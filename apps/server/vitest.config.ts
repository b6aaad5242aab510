import { defineConfig } from 'vitest/config';

/** Password hashing (argon2id) takes a good part of a second on a busy 2-core machine. */
const timeouts = { testTimeout: 20_000, hookTimeout: 30_000 };

// The MySQL and Redis projects start their servers once per run in a global setup (test/global-servers.ts):
// a testcontainers container when Docker answers, or the server MYSQL_URL / REDIS_URL names.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['test/mysql-server.test.ts', 'test/redis/**'],
          env: { TEST_DB: 'sqlite' },
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server-mysql',
          include: ['test/**/*.test.ts'],
          exclude: ['test/config.test.ts', 'test/redis/**'],
          env: { TEST_DB: 'mysql' },
          globalSetup: ['test/global-mysql.ts'],
          ...timeouts,
          // A container start is bounded in the harness; this covers a slow first migration on a cold server.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-redis',
          include: ['test/redis/**/*.test.ts'],
          // The two-node test runs two app processes on one MySQL database and one Redis.
          globalSetup: ['test/global-redis.ts', 'test/global-mysql.ts'],
          ...timeouts,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'compose',
          include: ['smoke/**/*.test.ts'],
          // Builds the app image and starts MySQL, Redis and two app nodes: minutes on a cold cache.
          testTimeout: 120_000,
          hookTimeout: 20 * 60_000,
        },
      },
    ],
  },
});
