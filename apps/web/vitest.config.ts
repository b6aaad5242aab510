import { defineConfig } from 'vitest/config';
import { reactAriaModalityReads } from './vite-react-aria-modality.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The screens run react-aria as the build ships it (vite-react-aria-modality.ts): its modules are
        // inlined so that the rewrite reaches them, where Node would otherwise load them untouched.
        plugins: [reactAriaModalityReads()],
        test: {
          server: { deps: { inline: [/\/react-aria(-components)?\//] } },
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globalSetup: ['test/globalSetup.ts'],
          setupFiles: ['test/setup.ts'],
          // Screens talk to a real app process; on a busy 2-core machine a step can take seconds.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
