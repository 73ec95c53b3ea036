import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { freePort, repoRoot } from './support/servers.ts';

// The README's default, set explicitly: `NODE_ENV=development npm start` builds the web app in a
// shell whose NODE_ENV is development. That build once kept React's development JSX (jsxDEV) while
// React itself was the production build, and every page stayed blank.
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves a built SPA from `root` and passes /api and /media through to the running app. */
function serveBuild(root: string, apiBase: string): Server {
  return createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (path.startsWith('/api/') || path.startsWith('/media/')) {
      const upstream = await fetch(`${apiBase}${req.url}`, {
        headers: {
          accept: req.headers.accept ?? '*/*',
          'accept-language': req.headers['accept-language'] ?? 'de',
        },
      });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const file = join(root, path);
    const target =
      file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
}

test('a build made where NODE_ENV=development is a working production build', async ({ page }) => {
  test.setTimeout(360_000);
  const outDir = mkdtempSync(join(tmpdir(), 'token-web-devenv-'));
  let server: Server | undefined;
  try {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: join(repoRoot, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const js = readdirSync(join(outDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(outDir, 'assets', f), 'utf8'))
      .join('\n');
    expect(js).not.toContain('jsxDEV');
    expect(js).not.toContain('react-jsx-dev-runtime');

    const port = await freePort();
    server = serveBuild(outDir, process.env.E2E_BASE_URL!);
    await new Promise<void>((ok) => server!.listen(port, '127.0.0.1', ok));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Tokenwerk' })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(8);
    expect(errors).toEqual([]);
  } finally {
    await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
    rmSync(outDir, { recursive: true, force: true });
  }
});
