import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    {
      // .graphql files are imported as text, as the CLI bundle does with esbuild's text loader.
      name: 'graphql-as-text',
      transform(code, id) {
        if (id.endsWith('.graphql')) return { code: `export default ${JSON.stringify(code)};`, map: null };
        return null;
      },
    },
  ],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/summary-reporter.ts'],
    globalSetup: ['./tests/helpers/global-setup.ts'],
  },
});
