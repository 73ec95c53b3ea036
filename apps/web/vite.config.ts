import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.ts';

/**
 * React Router's package exports name only its development build, whose warnings and checks
 * cost about 5 KB gzip of every first paint; a build takes its production build instead (the
 * same code without them), while tests and `vite` dev keep the warnings.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
];

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has: `npm start` builds a
  // stale web app from the server's environment, and the README documents NODE_ENV=development
  // there. Vite reads NODE_ENV after this file to pick React's JSX transform (jsxDEV or jsx) and
  // the value of process.env.NODE_ENV in the bundle; both must agree or every page is blank.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), tailwindcss()],
    // Preact 11 is the React implementation (decision 021): the client and the SSR build alias
    // react and react-dom to preact/compat, so what the tests and e2e run is what ships.
    resolve: { alias: command === 'build' ? [...preactAliases, ...reactRouterProduction] : preactAliases },
    // The SSR build bundles its dependencies: an external react-router or TanStack Query would
    // import the real React at run time, beside the app's Preact.
    ssr: { noExternal: true },
    server: {
      port: 3000,
      proxy: {
        '/api': 'http://localhost:3001',
        '/media': 'http://localhost:3001',
        '/dev': 'http://localhost:3001',
      },
    },
    build: {
      sourcemap: true,
      // scripts/web-size.mjs reads the manifest to sum the JS each first paint needs.
      manifest: true,
      target: 'es2022',
    },
  };
});
