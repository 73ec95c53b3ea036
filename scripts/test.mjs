// `npm test`: everything — lint, types, unit and API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), web component tests and the Playwright journeys. Ends with one line
// `N passed, N failed` summing all suites (also written to .test-summary for CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const results = [];

function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n━━ ${name}: ${[cmd, ...args].join(' ')}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { status: r.status ?? 1, seconds };
}

function step(name, fn) {
  if (only.length > 0 && !only.includes(name)) return;
  results.push({ name, ...fn() });
}

/** A check without test cases (lint, types) counts as one test. */
function check(name, cmd, args) {
  step(name, () => {
    const r = run(name, cmd, args);
    return { passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, seconds: r.seconds };
  });
}

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);

step('vitest', () => {
  const file = join(out, 'vitest.json');
  const r = run('vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  if (!existsSync(file)) return { passed: 0, failed: 1, seconds: r.seconds };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that failed to load has no test cases; count it as a failure.
  const brokenFiles = j.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  const failed =
    j.numFailedTests + brokenFiles + (r.status !== 0 && j.numFailedTests + brokenFiles === 0 ? 1 : 0);
  return { passed: j.numPassedTests, failed, seconds: r.seconds };
});

step('e2e', () => {
  if (!existsSync('/usr/bin/chromium')) {
    process.stdout.write(
      '\n━━ e2e: /usr/bin/chromium is missing (apt-get install -y chromium); counted as failed\n',
    );
    return { passed: 0, failed: 1, seconds: '0' };
  }
  const configFile = join(root, 'apps/web/playwright.config.ts');
  if (!existsSync(configFile)) return { passed: 0, failed: 0, seconds: '0' };
  const file = join(out, 'playwright.json');
  const r = run('e2e', 'npx', ['playwright', 'test', '--config', configFile, '--reporter=line,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (!existsSync(file)) return { passed: 0, failed: 1, seconds: r.seconds };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  const failed = s.unexpected + (r.status !== 0 && s.unexpected === 0 ? 1 : 0);
  return { passed: s.expected + s.flaky, failed, seconds: r.seconds };
});

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write('\n');
for (const r of results) {
  process.stdout.write(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)\n`,
  );
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(root, '.test-summary'), `${summary}\n`);
process.stdout.write(`\n${summary}\n`);
process.exit(failed > 0 ? 1 : 0);
