import { defineConfig } from 'vitest/config';

/** Password hashing (argon2id) takes a good part of a second on a busy 2-core machine. */
const timeouts = { testTimeout: 20_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server-mysql',
          include: ['test/**/*.test.ts'],
          exclude: ['test/config.test.ts'],
          env: { TEST_DB: 'mysql' },
          ...timeouts,
        },
      },
    ],
  },
});
