// `npm start`: builds the web app when its build is missing or stale, then runs the API, which
// migrates, seeds an empty database and serves the SPA. Stop signals are passed on to the API, so
// stopping `npm start` stops the server (it shuts down cleanly) instead of leaving it running.
import { spawn } from 'node:child_process';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
