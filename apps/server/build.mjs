// Compiles the server into one ES module, dist/main.mjs, for `npm start`, the e2e suite and the
// tests that spawn the server: the app's own TypeScript and the workspace's contract bundled,
// every npm dependency left to node_modules. Running TypeScript through tsx held ~60 MB more at
// rest (its loader runs in a thread of its own), a third of the server's memory budget.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = fileURLToPath(new URL('.', import.meta.url));
export const serverEntry = join(dir, 'dist/main.mjs');

/**
 * Builds into a folder of its own, then swaps it in with two renames: a server starting from dist/
 * never sees it half-written, an interrupted build leaves dist/ as it was, and of two builds at
 * once (parallel test workers) the second to finish simply drops its copy.
 */
export async function buildServer() {
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !name.startsWith('@pineguard/'))
    .flatMap((name) => [name, `${name}/*`]);
  const work = join(dir, 'node_modules/.cache/server-build', `${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  // Read at run time beside the module (db/migrate.ts: new URL('./migrations', import.meta.url)).
  cpSync(join(dir, 'src/db/migrations'), join(work, 'dist/migrations'), { recursive: true });
  await build({
    entryPoints: [join(dir, 'src/main.ts')],
    outfile: join(work, 'dist/main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  const out = join(dir, 'dist');
  const old = join(work, 'old');
  if (existsSync(out)) renameSync(out, old);
  try {
    renameSync(join(work, 'dist'), out);
  } catch (error) {
    if (!existsSync(serverEntry)) throw error; // another build put its (equally fresh) dist/ in place
  }
  rmSync(work, { recursive: true, force: true });
}

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

/** Builds the server when dist/main.mjs is missing or older than its sources (or the contract's). */
export async function ensureServerBuilt() {
  const sources = ['src', 'package.json', 'build.mjs', 'tsconfig.json', '../../packages/contract'].map((p) =>
    join(dir, p),
  );
  const complete = existsSync(join(dir, 'dist/migrations/meta/_journal.json'));
  const built = complete && existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : -1;
  if (built >= 0 && !sources.some((p) => existsSync(p) && newest(p) > built)) return false;
  await buildServer();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
