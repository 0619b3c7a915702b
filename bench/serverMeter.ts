import { readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The CPU a real server (and the PostgreSQL backends of its database) spent, from /proc, and CPU
 * profiles of its processes over a measured stretch (bench/cpuProfile.cjs preloaded, toggled by
 * SIGUSR2): what readPath.bench.ts prints beside each call's req/s.
 */
export function serverMeter(server: { pid: number }, pgUrl: string) {
  const stat = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = (pid: string) => {
    const f = stat(pid);
    return Number(f[11]) + Number(f[12]);
  };
  const numbered = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  /*
   * The PostgreSQL backends of the bench's own database (the server's pool), read before each
   * figure: other databases' backends on this shared machine (tests, other benches) are not the
   * call's cost.
   */
  let backends: Set<string> | undefined;
  async function readBackends() {
    if (!pgUrl) return;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    const r = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await c.end();
    backends = new Set(r.rows.map((row) => String(row.pid)));
  }
  /** CPU ticks so far of the server's processes and of each PostgreSQL backend of its database (by pid). */
  function sample(): { node: number; pg: Map<string, number> } {
    const pgTicks = new Map<string, number>();
    // With SERVER_PROCESSES > 1 the server's work is in the processes it forked.
    let node = ticks(String(server.pid));
    for (const pid of numbered()) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) {
          if (!backends || backends.has(pid)) pgTicks.set(pid, ticks(pid));
        } else if (stat(pid)[1] === String(server.pid)) node += ticks(pid);
      } catch {
        // gone meanwhile
      }
    }
    return { node, pg: pgTicks };
  }
  /** CPU seconds between two samples: the server's, and PostgreSQL's over the backends alive in both. */
  function between(a: ReturnType<typeof sample>, b: ReturnType<typeof sample>) {
    let pgSeconds = 0;
    for (const [pid, t] of b.pg) if (a.pg.has(pid)) pgSeconds += t - a.pg.get(pid)!;
    return { node: (b.node - a.node) / 100, pg: pgSeconds / 100 };
  }
  /** The server's processes: the one spawned, and those it forked (SERVER_PROCESSES > 1). */
  function pids(): number[] {
    const all = [server.pid];
    for (const pid of numbered()) {
      try {
        if (stat(pid)[1] === String(server.pid)) all.push(Number(pid));
      } catch {
        // gone meanwhile
      }
    }
    return all;
  }
  /** Runs `measure`, each server process profiled over it when `dir` is set (<dir>/<name>-<pid>.cpuprofile). */
  async function profiled<T>(dir: string | undefined, name: string, measure: () => T): Promise<T> {
    if (!dir) return measure();
    const running = pids();
    const before = new Set(readdirSync(dir));
    for (const pid of running) process.kill(pid, 'SIGUSR2');
    const result = measure();
    for (const pid of running) process.kill(pid, 'SIGUSR2');
    const slug = name.replace(/[^\p{L}\p{N}]+/gu, '-');
    for (let tries = 0; tries < 100; tries++) {
      const fresh = readdirSync(dir).filter((f) => !before.has(f) && /^\d+-\d+\.cpuprofile$/.test(f));
      if (fresh.length >= running.length) {
        for (const f of fresh) renameSync(join(dir, f), join(dir, `${slug}-${f.split('-')[0]}.cpuprofile`));
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return result;
  }
  return { readBackends, sample, between, profiled };
}
