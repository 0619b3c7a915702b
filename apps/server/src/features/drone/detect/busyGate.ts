import { performance } from 'node:perf_hooks';

/**
 * Whether the server's thread has been busy lately: its event loop's utilisation over the last
 * `windowMs`, against `threshold`. That thread answers the API (and, embedded, runs the
 * database); the detection pool holds its next window while it is busy (pool.ts), at most
 * `maxWaitMs` a window, so a detection under sustained load goes slower but never stops.
 */
export interface BusyGate {
  busy(): boolean;
  maxWaitMs: number;
  pollMs: number;
  /** Windows held at least once, and the time they waited in all (ms): the benches print them. */
  held: { windows: number; ms: number };
}

export function eventLoopGate({
  threshold = 0.25,
  windowMs = 100,
  maxWaitMs = 500,
  pollMs = 20,
}: Partial<{ threshold: number; windowMs: number; maxWaitMs: number; pollMs: number }> = {}): BusyGate {
  let mark = performance.eventLoopUtilization();
  let markAt = performance.now();
  let recent = 0;
  return {
    maxWaitMs,
    pollMs,
    held: { windows: 0, ms: 0 },
    busy() {
      const now = performance.now();
      if (now - markAt >= windowMs) {
        const sample = performance.eventLoopUtilization();
        recent = performance.eventLoopUtilization(sample, mark).utilization;
        mark = sample;
        markAt = now;
      }
      return recent >= threshold;
    },
  };
}
