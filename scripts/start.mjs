// `npm start`: builds the web app and the server (apps/server/dist/main.mjs) when a build is
// missing or older than its sources, then runs the compiled server: no build step to forget.
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
if (!existsSync(built) || sources.some((p) => newest(p) > statSync(built).mtimeMs)) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@pineguard/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = join(root, 'apps/server');
const { ensureServerBuilt, serverEntry } = await import('../apps/server/build.mjs');
if (await ensureServerBuilt()) console.log('Built the server.');

// Memory (docs/decisions/0078-server-memory.md): the server keeps ~60 MB of live JS heap; without a
// cap V8 lets the heap grow to several times that between collections, and glibc's per-thread
// arenas (sharp, scrypt and the pg driver run on threads) keep native memory it never hands back.
const heapMb = process.env.SERVER_HEAP_MB ?? '256';
const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, serverEntry], {
  cwd: server,
  stdio: 'inherit',
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
