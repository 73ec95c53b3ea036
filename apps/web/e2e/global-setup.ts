import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { repoRoot, runScript, startServer } from './support/servers.ts';

/**
 * Builds the web app and starts two servers as `npm start` would, each on a fresh database: one
 * whose channel shows the marketplace home to visitors, and the demo channel as seeded (home
 * requires login: investment reading). Their URLs reach the tests as E2E_BASE_URL and
 * E2E_LOGIN_HOME_URL.
 */
export default async function globalSetup(_config: FullConfig) {
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import('./scripts/web-build.mjs').then((m) => m.ensureWebBuild())"],
    // as `NODE_ENV=development npm start` would build it (build.spec.ts checks such a build too)
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } },
  );
  if (build.status !== 0) throw new Error('building the web app failed');

  const [main, loginHome] = await Promise.all([
    startServer({
      name: 'main',
      // every journey signs its people up from 127.0.0.1: more than the 10 an hour a real address gets
      env: { SIGN_UPS_PER_IP_PER_HOUR: '1000' },
      prepare: (dataDir) => {
        runScript(['--import', 'tsx', 'apps/api/src/db/seed/run.ts'], dataDir);
        runScript(
          ['--import', 'tsx', join('apps/web/e2e/support/set-home-requires-login.ts'), 'false'],
          dataDir,
        );
      },
    }),
    startServer({ name: 'login-home' }),
  ]);
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_LOGIN_HOME_URL = loginHome.url;

  return async () => {
    await Promise.all([main.stop(), loginHome.stop()]);
  };
}
