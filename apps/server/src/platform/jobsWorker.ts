import type { AppDeps } from './deps.ts';
import { enqueueDailyJobs } from './jobsDaily.ts';
import { claimJob, onJobQueued, reclaimExpiredJobs } from './jobsQueue.ts';
import { newWorkerId, runClaimedJob } from './jobsRunner.ts';

/**
 * The job worker a server process starts (main.ts; platform/jobs.ts): it polls the queue, runs a
 * few jobs at once, and is woken at once by a job queued in this process.
 */

export type WorkerOptions = {
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  workerId?: string;
  onError?: (error: unknown) => void;
};

/**
 * Polls for due jobs and runs up to `concurrency` at a time; also enqueues the daily jobs and
 * reclaims expired leases. Answers stop(): running jobs are handed back to the queue.
 */
export function startJobWorker(deps: AppDeps, options: WorkerOptions = {}): () => Promise<void> {
  const workerId = options.workerId ?? newWorkerId();
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const onError = options.onError ?? (() => undefined);
  const stopController = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let ticking = false;
  let again = false;
  let lastSchedule = 0;

  const tick = async () => {
    if (stopController.signal.aborted) return;
    // A wake-up during a look at the queue is not lost: the look is repeated when it ends.
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    again = false;
    try {
      if (Date.now() - lastSchedule > 60_000) {
        await enqueueDailyJobs(deps);
        lastSchedule = Date.now();
      }
      await reclaimExpiredJobs(deps);
      while (inFlight.size < concurrency && !stopController.signal.aborted) {
        const job = await claimJob(deps, workerId, options.leaseMs);
        if (!job) break;
        const run: Promise<unknown> = runClaimedJob(deps, job, workerId, {
          ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
          stopSignal: stopController.signal,
        })
          .catch(onError)
          .finally(() => {
            inFlight.delete(run);
            // A slot is free: look for the next job without waiting for the poll.
            if (!stopController.signal.aborted) setImmediate(() => void tick());
          });
        inFlight.add(run);
      }
    } catch (error) {
      onError(error);
    } finally {
      ticking = false;
      if (again) setImmediate(() => void tick());
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  const stopWaking = onJobQueued(() => void tick());
  void tick();
  return async () => {
    stopWaking();
    clearInterval(timer);
    stopController.abort();
    await Promise.allSettled([...inFlight]);
  };
}
