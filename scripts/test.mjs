// `npm test`: the unit and API tests on the embedded database (PGlite), then the build and the
// end-to-end journeys in Chromium. With TEST_PG_URL set (a PostgreSQL the role may create databases
// on), the API and fault tests run on PostgreSQL too, beside the end-to-end journeys: those wait on
// a browser most of the time, so the two share a 2-core machine without doubling the wall time.
// Prints how long each part took; fails when any part fails.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pgUrl = process.env.TEST_PG_URL;
const took = [];

/** Runs a command to its end; its output to the terminal, or to `log` when given. */
function run(name, command, args, { env = {}, log } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      took.push({ name, seconds, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

const vitest = join(root, 'node_modules/.bin/vitest');
const ok = [];
ok.push(await run('unit + API (PGlite)', vitest, ['run']));
ok.push(await run('build', 'npm', ['run', 'build']));

const e2e = run('end-to-end (Chromium)', vitest, ['run', '--config', 'e2e/vitest.config.ts']);
let pgLog;
let pg = Promise.resolve(true);
if (pgUrl) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  pgLog = join(root, '.tmp/test-postgresql.log');
  console.log(`API and fault tests on PostgreSQL run beside the end-to-end journeys (log: ${pgLog})`);
  // One worker: the journeys keep about one core busy.
  pg = run(
    'API + faults (PostgreSQL)',
    vitest,
    ['run', '--project', 'server', '--project', 'faults', '--maxWorkers', '1'],
    {
      env: { TEST_DATABASE_URL: pgUrl },
      log: pgLog,
    },
  );
}
ok.push(await e2e);
ok.push(await pg);
if (pgLog) {
  console.log('\n== API and fault tests on PostgreSQL ==');
  process.stdout.write(readFileSync(pgLog));
}

console.log('\n| part | seconds | |');
for (const t of took) console.log(`| ${t.name} | ${t.seconds.toFixed(0)} | ${t.ok ? 'passed' : 'FAILED'} |`);
process.exit(ok.every(Boolean) ? 0 : 1);
