// `npm test`: the unit and API tests on the embedded database (PGlite), then the build and the
// end-to-end journeys in Chromium; with TEST_PG_URL set (a PostgreSQL the role may create
// databases on), the API and fault tests on PostgreSQL after them. One part at a time: run side by
// side on a 2-core machine, journeys failed their polls (decisions 0218, 0222). Prints how long
// each part took, and runs every part even when one fails, so one run shows every failure.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pgUrl = process.env.TEST_PG_URL;
const took = [];

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
// The PostgreSQL pass: the server and fault tests, but not the server's *.unit.test.ts files, which
// never open a database (the same test twice would prove nothing more). package.json's test:api too.
const pgPass = ['--project', 'server', '--project', 'faults', '--exclude', '**/*.unit.test.ts'];
const ok = [];
ok.push(await run('unit + API (PGlite)', vitest, ['run']));
ok.push(await run('build', 'npm', ['run', 'build']));
ok.push(await run('end-to-end (Chromium)', vitest, ['run', '--config', 'e2e/vitest.config.ts']));
if (pgUrl) {
  console.log('\n== API and fault tests on PostgreSQL ==');
  ok.push(await run('API + faults (PostgreSQL)', vitest, ['run', ...pgPass], { TEST_DATABASE_URL: pgUrl }));
}

console.log('\n| part | seconds | |');
for (const t of took) console.log(`| ${t.name} | ${t.seconds.toFixed(0)} | ${t.ok ? 'passed' : 'FAILED'} |`);
process.exit(ok.every(Boolean) ? 0 : 1);
