// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server (TypeScript through tsx; no separate server build step to forget).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
  .map((p) => join(web, p))
  .concat(join(root, 'packages/contract/src'))
  .filter(existsSync);
const stale = !existsSync(built) || sources.some((p) => newest(p) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@pineguard/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Memory (docs/decisions.md, "Server memory"): the server keeps ~60 MB of live JS heap; without a
// cap V8 lets the heap grow to several times that between collections, and glibc's per-thread
// arenas (sharp, scrypt and the pg driver run on threads) keep native memory it never hands back.
const heapMb = process.env.SERVER_HEAP_MB ?? '256';
const server = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
