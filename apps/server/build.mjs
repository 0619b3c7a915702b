// Compiles the server into one ES module, dist/main.mjs, for `npm start`, the e2e suite and the
// tests that spawn the server: the app's own TypeScript and the workspace's contract bundled,
// every npm dependency left to node_modules. Running TypeScript through tsx held ~60 MB more at
// rest (its loader runs in a thread of its own), a third of the server's memory budget.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = fileURLToPath(new URL('.', import.meta.url));
export const serverEntry = join(dir, 'dist/main.mjs');

export async function buildServer() {
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !name.startsWith('@pineguard/'))
    .flatMap((name) => [name, `${name}/*`]);
  const out = join(dir, 'dist');
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [join(dir, 'src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  // Read at run time beside the module (db/migrate.ts: new URL('./migrations', import.meta.url)).
  cpSync(join(dir, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
}

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

/** Builds the server when dist/main.mjs is missing or older than its sources (or the contract's). */
export async function ensureServerBuilt() {
  const sources = ['src', 'package.json', 'build.mjs', '../../packages/contract/src'].map((p) =>
    join(dir, p),
  );
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : -1;
  if (built >= 0 && !sources.some((p) => existsSync(p) && newest(p) > built)) return false;
  await buildServer();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
