import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

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
        // The tests run on Preact, as the build does (decision 021): React's names resolve to
        // preact/compat, and the libraries that import React are inlined so they resolve them too.
        resolve: {
          alias: [
            // its ESM build, whose imports the aliases reach (Node would require() the CJS one)
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL(
                  './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                  import.meta.url,
                ),
              ),
            },
            ...preactAliases,
          ],
          // the libraries' ES modules (whose `react` imports the aliases reach), not the CommonJS
          // builds their `node` exports or `main` fields name
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 20_000,
          server: {
            deps: {
              inline: [
                /@testing-library\/react/,
                /react-router/,
                /@tanstack\/react-query/,
                /react-hook-form/,
                /@hookform\/resolvers/,
                /radix-ui/,
                /@radix-ui\//,
                /lucide-react/,
                // Radix's scroll lock and its helpers (CommonJS `main`s that require React)
                /react-remove-scroll/,
                /react-style-singleton/,
                /use-callback-ref/,
                /use-sidecar/,
              ],
            },
          },
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
          hookTimeout: 120_000,
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
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
