import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// graphql 16 ships CommonJS (`main`) and ESM (`module`) builds; Node (and mercurius, which requires it)
// loads the CommonJS one, Vite's resolver would pick the ESM one: two copies whose schemas the other
// refuses ("from another module or realm"). The API's tests load the one Node loads.
const apiResolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 20_000,
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        resolve: apiResolve,
        test: {
          name: 'api-pglite',
          include: ['apps/api/src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve: apiResolve,
              test: {
                name: 'api-postgres',
                include: ['apps/api/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
