/**
 * A closed loop: `callers` callers each run `run` again as soon as it answers, for `secs`
 * seconds. Answers every call's latency in ms, sorted (for `pct`).
 */
export async function closedLoop(
  run: () => Promise<unknown>,
  callers: number,
  secs: number,
): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await run();
        times.push(performance.now() - s);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/** The p-th percentile of sorted latencies (NaN when none). */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
