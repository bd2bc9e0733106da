import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './scripts/vite/message-catalogs.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The pages' modules import the catalogs' addresses from the build's virtual module.
        plugins: [messageCatalogs()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [messageCatalogs()],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One PostgreSQL server and PGlite in-process: files run one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Two built store processes on PostgreSQL, Redis and s3rver (issue 13): run on their
          // own, after the integration tests, by `npm run test:scale` and `npm test`.
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
