import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';

/**
 * SERVER_PROCESSES > 1: this process only watches. It forks that many servers that share the port
 * (node:cluster hands each new connection to one of them) and restarts one that dies. Node runs a
 * server's JavaScript on one core, so a 2-core machine serves twice the calls with two of them;
 * they are instances like any others on one PostgreSQL (sessions, names and totals kept coherent
 * by the change feed, jobs claimed from the database), so nothing else changes (decision record
 * "server processes").
 */
export function runPrimary(count: number, log: (message: string) => void = (m) => console.log(m)): void {
  // Signed media URLs must verify in whichever process serves them: one key for all.
  process.env.MEDIA_URL_SECRET ??= randomBytes(32).toString('hex');
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    log(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // One that dies at start-up (a bad setting, the database down) is not restarted in a tight loop.
    setTimeout(fork, lived < 5_000 ? 2_000 : 0);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(0);
    // Each finishes its in-flight requests (main.ts shutdown) and exits.
    for (const w of workers) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork();
}
