// Detection end to end as the server's job runs it (issue 32): a 100 ha orthophoto at 5 cm
// (BENCH_DRONE_TIF, /tmp/pineguard-100ha.tif, written by bench/drone.bench.ts or bench/drone/gen.ts
// --size 20000) stored in 8 MB parts on local disk exactly as an upload leaves it, its header read
// by the server's georef, then job.ts's detection pass (windows through the parts, the block
// reader, worker threads). Prints job time, peak RSS of this process (a child of its own, so the
// figure is the job's alone) and the load average, then `RESULT`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { detect, detectionGate } from '../apps/server/src/features/drone/job.ts';
import { storeOrtho } from './droneStore.ts';

const path = process.env.BENCH_DRONE_TIF ?? '/tmp/pineguard-100ha.tif';
if (!existsSync(path)) {
  console.log(
    `${path} missing: npx tsx bench/drone/gen.ts --kind mixed --seed 900 --eval --size 20000 --out ${path}`,
  );
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'drone-job-'));
try {
  // Any county: the bench does not check the scene's place.
  const { row, deps, geo } = await storeOrtho(path, dir, '00000000-0000-4000-8000-000000000033', '');
  const load0 = loadavg()[0]!;
  const rss0 = process.memoryUsage().rss;
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let lastPct = -25;
  // The job's gate (this process's thread is otherwise idle, as a quiet server's is).
  const gate = detectionGate();
  const found = await detect(
    deps,
    row,
    new AbortController().signal,
    async (p) => {
      if (p >= lastPct + 25) {
        lastPct = p;
        console.log(`  ${p} % ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    },
    gate,
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sample);
  const cpu = process.cpuUsage(cpu0);
  // Sampled while detecting: the process's lifetime maximum also holds the parts' copying above.
  const rss = Math.round(peak / 1048576);
  console.log(
    `RSS ${Math.round(rss0 / 1048576)} MB before detection, peak ${rss} MB while detecting (sampled every 50 ms); lifetime maximum ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  console.log(
    `${geo.width} × ${geo.height} px (${((geo.width * geo.height * geo.gsd * geo.gsd) / 10000).toFixed(0)} ha), ${found.length} candidates; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over all threads`,
  );
  if (gate)
    console.log(
      `windows held for a busy thread: ${gate.held.windows}, ${Math.round(gate.held.ms)} ms in all`,
    );
  console.log(
    `load average ${load0.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after on 2 cores${loadavg()[0]! > 2.5 ? ' — the machine was busy' : ''}`,
  );
  console.log(
    `RESULT drone job detection ${seconds.toFixed(1)} s (target ≤ 60 s), peak RSS ${rss} MB (target ≤ 500 MB)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
