// `npm test`: everything — lint, types, unit and API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), web component tests and the Playwright journeys. Ends with one line
// `N passed, N failed` summing all suites (also written to .test-summary for CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const results = [];

// A deadline for the whole run (TEST_DEADLINE_MINUTES; under CI 80, inside CI's 90 with its
// installs): a step still running at the deadline is stopped with everything it started (coreutils
// `timeout` signals its process group) and counts as failed, the steps after it are not run and
// count as failed, and the run still ends with its summary line instead of being cut off.
const deadlineMinutes = Number(process.env.TEST_DEADLINE_MINUTES ?? (process.env.CI ? 80 : 0));
const deadline = deadlineMinutes > 0 ? Date.now() + deadlineMinutes * 60_000 : null;
const hasTimeout = spawnSync('sh', ['-c', 'command -v timeout']).status === 0;

function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n━━ ${name}: ${[cmd, ...args].join(' ')}\n`);
  const started = Date.now();
  const left = deadline === null ? null : Math.floor((deadline - started) / 1000);
  const [file, argv] =
    left !== null && hasTimeout
      ? ['timeout', ['--kill-after=20', String(Math.max(left, 1)), cmd, ...args]]
      : [cmd, args];
  const r = spawnSync(file, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (left !== null && (r.status === 124 || r.status === 137)) {
    process.stdout.write(
      `\n━━ ${name}: stopped at the deadline (${deadlineMinutes} min); counted as failed\n`,
    );
  }
  return { status: r.status ?? 1, seconds };
}

function step(name, fn) {
  if (only.length > 0 && !only.includes(name)) return;
  if (deadline !== null && Date.now() >= deadline) {
    process.stdout.write(
      `\n━━ ${name}: not run, the deadline (${deadlineMinutes} min) has passed; counted as failed\n`,
    );
    results.push({ name, passed: 0, failed: 1, seconds: '0' });
    return;
  }
  results.push({ name, ...fn() });
}

// Vitest's own default is one worker per core but one, which is a single worker on CI's two cores
// while most of an API test's time is spent waiting on its database: TEST_WORKERS (default the
// number of cores, at least 2) runs that many test files at once.
const workers = Math.max(Number(process.env.TEST_WORKERS) || Math.max(availableParallelism(), 2), 1);

/** A check without test cases (lint, types) counts as one test. */
function check(name, cmd, args) {
  step(name, () => {
    const r = run(name, cmd, args);
    return { passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, seconds: r.seconds };
  });
}

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);

/** Runs vitest with a JSON report and counts its tests; a file that failed to load counts as failed. */
function vitest(name, file, cmd, args, env) {
  const r = run(
    name,
    cmd,
    [...args, `--maxWorkers=${workers}`, '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) return { passed: 0, failed: 1, seconds: r.seconds };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = j.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  const failed =
    j.numFailedTests + brokenFiles + (r.status !== 0 && j.numFailedTests + brokenFiles === 0 ? 1 : 0);
  const failures = j.testResults.flatMap((f) => {
    const where = relative(root, f.name);
    const tests = f.assertionResults.filter((t) => t.status === 'failed');
    if (tests.length === 0 && f.status === 'failed') return [`${where}: ${firstLine(f.message)}`];
    return tests.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
  return { passed: j.numPassedTests, failed, seconds: r.seconds, failures };
}

// Node's own `util.stripVTControlCharacters` takes the terminal colours out of a message.
const stripAnsi = stripVTControlCharacters;

/** The first line of a failure's message, short enough for the summary. */
function firstLine(message) {
  const line = (message ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 240);
}

// The web build (the SPA and its server-render build, decision 021) before any suite: the API's
// server-render tests of both databases and the e2e servers would otherwise build it at once.
if (['vitest', 'node-lts', 'e2e'].some((name) => only.length === 0 || only.includes(name))) {
  ensureWebBuild();
}

// Decision 025: the vitest suites run on the machine's Node and again on the newest Node LTS, whose
// binary .ci/run installs from the npm registry and names in TEST_NODE_LTS. domain and web run on
// both; the API suite runs once per runtime, on the embedded database on the machine's Node (what
// the quick start runs) and on PostgreSQL on the LTS (what production runs), which keeps CI inside
// its time. Lint, types, the clock runs (PGlite, the machine's Node) and e2e run once. The LTS run's
// processes (the API servers some tests start, `npx`) find the same Node first on the PATH.
const ltsNode = process.env.TEST_NODE_LTS;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ltsProjects = (
  process.env.TEST_NODE_LTS_PROJECTS ?? `domain,web,${withPostgres ? 'api-postgres' : 'api-pglite'}`
).split(',');
const machineProjects =
  ltsNode && withPostgres && ltsProjects.includes('api-postgres') ? ['domain', 'web', 'api-pglite'] : [];

step('vitest', () =>
  vitest('vitest', join(out, 'vitest.json'), 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    ...machineProjects.flatMap((p) => ['--project', p]),
  ]),
);

if (ltsNode) {
  step('node-lts', () => {
    const version = spawnSync(ltsNode, ['--version']).stdout?.toString().trim();
    if (!version) {
      process.stdout.write(`\n━━ node-lts: ${ltsNode} does not run; counted as failed\n`);
      return { passed: 0, failed: 1, seconds: '0' };
    }
    return vitest(
      `node-lts (${version})`,
      join(out, 'vitest-node-lts.json'),
      ltsNode,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter=dot',
        ...ltsProjects.flatMap((p) => ['--project', p]),
      ],
      { PATH: `${dirname(ltsNode)}:${process.env.PATH}` },
    );
  });
}

/** Test files of the API whose answers depend on the day: they derive their dates from the calendar. */
function clockSensitiveApiFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) {
        const text = readFileSync(join(root, path), 'utf8');
        if (text.includes('@token/domain/calendar') || text.includes('dayFromToday')) files.push(path);
      }
    }
  };
  walk('apps/api/src');
  return files;
}

// Decision 013: the date rules count by Berlin's day, whatever the machine's clock and time zone. The
// clock-sensitive tests run again on two other machine clocks (libfaketime, the process and PGlite
// inside it; a PostgreSQL server keeps its own clock, so these runs use PGlite): a device already on
// New Year's Day while Berlin and UTC are still on 31 December, and Berlin on the leap day while the
// device and UTC are still on 28 February.
const clocks = [
  {
    name: 'Tokyo, 07:30 on 1 Jan 2027 (23:30 on 31 Dec in Berlin)',
    tz: 'Asia/Tokyo',
    at: '2027-01-01 07:30:00',
  },
  {
    name: 'Los Angeles, 15:30 on 28 Feb 2028 (the leap day in Berlin)',
    tz: 'America/Los_Angeles',
    at: '2028-02-28 15:30:00',
  },
];
step('clocks', () => {
  const faketime = spawnSync('sh', ['-c', 'command -v faketime']).stdout?.toString().trim();
  if (!faketime) {
    process.stdout.write(
      '\n━━ clocks: faketime is missing (apt-get install -y faketime); counted as failed\n',
    );
    return { passed: 0, failed: 1, seconds: '0' };
  }
  const files = ['packages/domain/src', 'apps/web/src', ...clockSensitiveApiFiles()];
  const runs = clocks.map((clock, i) =>
    vitest(
      `clocks: ${clock.name}`,
      join(out, `vitest-clock-${i}.json`),
      'faketime',
      ['-f', `@${clock.at}`, 'npx', 'vitest', 'run', '--reporter=dot', ...files],
      { TZ: clock.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1', TEST_DATABASE_URL: '' },
    ),
  );
  const passed = runs.reduce((n, r) => n + r.passed, 0);
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  const seconds = runs.reduce((n, r) => n + Number(r.seconds), 0);
  const failures = runs.flatMap((r, i) => (r.failures ?? []).map((f) => `${clocks[i].tz}: ${f}`));
  return { passed, failed, seconds: seconds.toFixed(1), failures };
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
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  const failed = s.unexpected + (r.status !== 0 && s.unexpected === 0 ? 1 : 0);
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = t.results?.at(-1)?.error?.message;
        failures.push(`${suite.file ?? spec.file} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return { passed: s.expected + s.flaky, failed, seconds: r.seconds, failures };
});

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write('\n');
for (const r of results) {
  process.stdout.write(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)\n`,
  );
}
// What failed, by name, just above the last line: CI keeps only the end of the output.
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `${r.name}: ${f}`));
if (failures.length > 0) {
  process.stdout.write('\n  failed:\n');
  for (const f of failures.slice(0, 30)) process.stdout.write(`  - ${stripAnsi(f)}\n`);
  if (failures.length > 30) process.stdout.write(`  … and ${failures.length - 30} more\n`);
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(root, '.test-summary'), `${summary}\n`);
process.stdout.write(`\n${summary}\n`);
process.exit(failed > 0 ? 1 : 0);
