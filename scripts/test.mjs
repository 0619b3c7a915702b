// `npm test`: the unit and API tests on the embedded database (PGlite), then the build and the
// end-to-end journeys in Chromium; with TEST_PG_URL set (a PostgreSQL the role may create
// databases on), the API and fault tests on PostgreSQL after them. One part at a time: run side by
// side on a 2-core machine, journeys failed their polls (decisions 0218, 0222). Prints how long
// each part took, and runs every part even when one fails, so one run shows every failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pgUrl = process.env.TEST_PG_URL;
const took = [];
const failures = [];

/** Runs a command to its end, its output to the terminal; answers whether it passed. */
function run(name, command, args, env = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      took.push({ name, seconds, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

const vitest = join(root, 'node_modules/.bin/vitest');
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** A vitest part: its usual output, plus a JSON report so the failures can be listed at the end. */
function vitestPart(name, args, env) {
  const report = join(reports, `${took.length}.json`);
  return run(
    name,
    vitest,
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  ).then((passed) => {
    if (!passed) failures.push({ name, report });
    return passed;
  });
}

/** The failed files and tests of a part with their first error lines: CI keeps only a log's tail. */
function printFailures({ name, report }) {
  let results;
  try {
    results = JSON.parse(readFileSync(report, 'utf8')).testResults;
  } catch {
    console.log(`\n== ${name}: failed, and wrote no report`);
    return;
  }
  console.log(`\n== ${name}: what failed`);
  const firstLines = (text) =>
    String(text)
      .split('\n')
      .slice(0, 6)
      .map((l) => `     ${l}`)
      .join('\n');
  for (const file of results) {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status !== 'failed' && failed.length === 0) continue;
    console.log(` ✗ ${relative(root, file.name)}`);
    for (const t of failed) console.log(`   ✗ ${t.fullName}\n${firstLines(t.failureMessages.join('\n'))}`);
    if (failed.length === 0 && file.message) console.log(firstLines(file.message));
  }
}
// The PostgreSQL pass: the server and fault tests, but not the server's *.unit.test.ts files, which
// never open a database (the same test twice would prove nothing more). package.json's test:api too.
const pgPass = ['--project', 'server', '--project', 'faults', '--exclude', '**/*.unit.test.ts'];
const ok = [];
ok.push(await vitestPart('unit + API (PGlite)', ['run']));
ok.push(await run('build', 'npm', ['run', 'build']));
const flaky = join(reports, 'flaky-journeys.txt');
ok.push(
  await vitestPart(
    'end-to-end (Chromium)',
    ['run', '--config', 'e2e/vitest.config.ts', '--reporter=./e2e/flakyReporter.ts'],
    {
      FLAKY_REPORT: flaky,
    },
  ),
);
if (pgUrl) {
  console.log('\n== API and fault tests on PostgreSQL ==');
  ok.push(await vitestPart('API + faults (PostgreSQL)', ['run', ...pgPass], { TEST_DATABASE_URL: pgUrl }));
}

for (const f of failures) printFailures(f);
if (existsSync(flaky))
  console.log(`\n== journeys that passed only on their retry\n${readFileSync(flaky, 'utf8')}`);
console.log('\n| part | seconds | |');
for (const t of took) console.log(`| ${t.name} | ${t.seconds.toFixed(0)} | ${t.ok ? 'passed' : 'FAILED'} |`);
process.exit(ok.every(Boolean) ? 0 : 1);
