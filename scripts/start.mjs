// `npm start`: builds the web app when its build is missing or stale, then runs the API, which
// migrates, seeds an empty database and serves the SPA.
import { spawnSync } from 'node:child_process';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
