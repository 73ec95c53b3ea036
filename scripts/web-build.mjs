import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'package-lock.json',
];
const stamp = join(root, 'apps/web/dist/.source-hash');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else if (!/\.test\.tsx?$/.test(path)) {
    yield path;
  }
}

/** A hash of everything the SPA is built from; robust where clone times make mtimes useless. */
export function webSourceHash() {
  const h = createHash('sha256');
  for (const input of inputs) {
    for (const f of files(join(root, input))) h.update(relative(root, f)).update(readFileSync(f));
  }
  return h.digest('hex');
}

/**
 * Builds apps/web (the SPA in dist/ and its server-render build in dist-server/, decision 021)
 * when either is missing or was built from other sources.
 */
export function ensureWebBuild() {
  const hash = webSourceHash();
  if (
    existsSync(join(root, 'apps/web/dist/index.html')) &&
    existsSync(join(root, 'apps/web/dist-server/entry-server.js')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === hash
  ) {
    return;
  }
  process.stdout.write('Building the web app…\n');
  const r = spawnSync('npm', ['run', 'build', '-w', '@token/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, hash);
}
