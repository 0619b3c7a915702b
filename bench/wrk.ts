import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Wrk = { rps: number; p50: number; p99: number; timeouts: number; non2xx: number };

/**
 * wrk (Debian's) against one call: GET without a body, POST with a JSON one, the session token in
 * the `token` header; `conns` connections on one thread (wrk's own CPU stays small beside the
 * server's on a 2-core machine), 2 s timeout. Latencies in ms.
 */
export function wrk(
  target: { url: string; token: string },
  path: string,
  body: unknown,
  conns: number,
  seconds: number,
): Wrk {
  const script = join(tmpdir(), `pineguard-wrk-${process.pid}.lua`);
  const auth = `wrk.headers["token"] = "${target.token}"\n`;
  writeFileSync(
    script,
    body === undefined
      ? auth
      : `wrk.method = "POST"\nwrk.body = [[${JSON.stringify(body)}]]\nwrk.headers["content-type"] = "application/json"\n${auth}`,
  );
  const args = ['-t', '1', '-c', String(conns), '-d', `${seconds}s`, '--latency', '--timeout', '2s'];
  const out = execFileSync('wrk', [...args, '-s', script, `${target.url}${path}`], { encoding: 'utf8' });
  const ms = (label: string) => {
    const m = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: ms(' 50%'),
    p99: ms(' 99%'),
    timeouts: Number(/timeout (\d+)/.exec(out)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}
