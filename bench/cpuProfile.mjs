// Preloaded into the real server by readPath.bench.ts (BENCH_PROFILE=<dir>; NODE_OPTIONS
// --import, as Node 20 refuses --cpu-prof there): SIGUSR2 starts a CPU profile of this process,
// the next SIGUSR2 writes it to <dir>/<pid>-<n>.cpuprofile, so each call's measured seconds are
// profiled alone instead of the whole run mixed.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let n = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
      );
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(join(dir, `${process.pid}-${n++}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
