// Prints the gzip size of the JavaScript the browser downloads before it hydrates `/` and each
// server-rendered public page (decision 021: the route modules listed in
// apps/web/src/ssr/server-rendered-routes.ts): the entry chunk and its static imports (the
// modulepreloads), the page's lazy route module with every chunk it imports statically, and the
// texts its first render awaits: `common` and the route's lazy namespaces in one language (German;
// the English chunks are the same size within a few hundred bytes). Read from the Vite manifest.
// Budget: at most 120 KB each.
// Builds the web app first when its build is missing or stale. `--json` prints JSON instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const budgetKb = 120;

/**
 * The pages measured, the route module each one loads lazily and the text namespaces its `lazy()`
 * awaits (the namespaces `pageWith` gives the route in app/router.tsx; the server render preloads them).
 */
const pages = [
  { path: '/', module: 'src/features/home/home-page.tsx', texts: ['home', 'products'] },
  {
    path: '/products/:code',
    module: 'src/features/products/product-page.tsx',
    texts: ['products', 'marketplace'],
  },
  {
    path: '/browse, /categories',
    module: 'src/features/browse/browse-page.tsx',
    texts: ['products', 'marketplace'],
  },
  { path: '/search', module: 'src/features/search/search-page.tsx', texts: ['products'] },
  {
    path: '/profile/:name',
    module: 'src/features/profiles/profile-page.tsx',
    texts: ['collections', 'products'],
  },
  { path: '/cms, legal pages', module: 'src/features/cms/cms-page.tsx', texts: [] },
  { path: '/contact', module: 'src/features/contact/contact-page.tsx', texts: ['contact'] },
  { path: '/login', module: 'src/features/accounts/login-page.tsx', texts: ['accounts'] },
  { path: '/sign-up', module: 'src/features/accounts/sign-up-page.tsx', texts: ['accounts'] },
];

ensureWebBuild();
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

/** The chunk files a manifest entry needs at once: itself and its static imports, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

const results = pages.map((page) => {
  const files = staticClosure(page.module, staticClosure(entryKey));
  for (const ns of ['common', ...page.texts]) staticClosure(`src/locales/de/${ns}.json`, files);
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(file) }));
  const totalKb = sizes.reduce((n, s) => n + s.kb, 0);
  return { ...page, files: sizes, totalKb, withinBudget: totalKb <= budgetKb };
});

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ budgetKb, pages: results }, null, 2)}\n`);
} else {
  process.stdout.write(`First-paint JavaScript, gzip (budget ${budgetKb} KB each)\n`);
  for (const r of results) {
    process.stdout.write(
      `  ${r.path.padEnd(22)} ${r.totalKb.toFixed(1).padStart(6)} KB  ${r.withinBudget ? 'ok' : 'OVER BUDGET'}\n`,
    );
    for (const f of r.files) process.stdout.write(`      ${f.kb.toFixed(1).padStart(6)} KB  ${f.file}\n`);
  }
}
