import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'server-mysql',
          include: ['test/**/*.test.ts'],
          exclude: ['test/config.test.ts'],
          env: { TEST_DB: 'mysql' },
        },
      },
    ],
  },
});
