// npm run fuzz -- --requests 200000 [--seed N] [--pg postgres://…]: the long fuzz run.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env, FUZZ_REQUESTS: option('requests') ?? '200000' };
if (option('seed')) env.FUZZ_SEED = option('seed');
if (option('pg')) env.TEST_DATABASE_URL = option('pg');
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'apps/server/src/platform/fuzz.test.ts', '--testTimeout', '86400000'],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
