import { defineConfig, type Plugin } from 'vitest/config';

// .graphql files are imported as text, as the CLI bundle does with esbuild's text loader.
const graphqlAsText: Plugin = {
  name: 'graphql-as-text',
  transform(code, id) {
    if (id.endsWith('.graphql')) return { code: `export default ${JSON.stringify(code)};`, map: null };
    return null;
  },
};

export default defineConfig({
  plugins: [graphqlAsText],
  test: {
    // Two files at once even on a 2-core machine (vitest's default there is one): browser tests
    // spend most of their time waiting on Chromium, and their waits overlap well (302 s → 226 s).
    maxWorkers: 2,
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        plugins: [graphqlAsText],
        // Worker threads start faster than child processes, and unit tests need no process of their own.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000, pool: 'threads' },
      },
      {
        // Integration and browser tests share one fixture build made by the global setup.
        plugins: [graphqlAsText],
        test: {
          name: 'site',
          include: ['tests/integration/**/*.test.{ts,tsx}', 'tests/browser/**/*.test.{ts,tsx}'],
          globalSetup: ['./tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
