import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import {
  afterMs,
  bilingual,
  DEFAULT_LEASE_MS,
  type JobContext,
  jobKind,
  type JobRow,
  retryDelay,
} from './jobsKinds.ts';
import { claimJob, reclaimExpiredJobs } from './jobsQueue.ts';

/**
 * Running one claimed job (platform/jobs.ts): its handler under a lease that a heartbeat renews,
 * a timeout, cancellation seen at each progress call, and the job's end written only while the
 * row is still this worker's: done, queued again with backoff, failed, or handed back on shutdown.
 */

class JobStop extends Error {
  constructor(
    readonly reason: 'cancelled' | 'timeout' | 'lost' | 'shutdown',
    message: string,
  ) {
    super(message);
    this.name = 'JobStop';
  }
}

/** Where the job's row is still ours and running; every write of a claimed job says so. */
const ours = (id: string, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

/**
 * Runs one claimed job to its end: done, queued again (retry), failed, or left cancelled.
 * `stopSignal` aborts it for a worker's shutdown: the job is queued again without using an attempt.
 */
export async function runClaimedJob(
  deps: AppDeps,
  job: JobRow,
  workerId: string,
  options: { leaseMs?: number; stopSignal?: AbortSignal } = {},
): Promise<JobRow['status']> {
  const { db } = deps.database;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const kind = jobKind(job.kind);
  if (!kind) {
    await db
      .update(jobs)
      .set({
        status: 'failed',
        error: `unknown job kind ${job.kind}`,
        finishedAt: sql`now()`,
        lockedUntil: null,
      })
      .where(ours(job.id, workerId));
    return 'failed';
  }
  const controller = new AbortController();
  const stop = (reason: JobStop) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const timeout = setTimeout(() => stop(new JobStop('timeout', bilingual('jobTimedOut'))), kind.timeoutMs);
  const onShutdown = () => stop(new JobStop('shutdown', 'worker stopped'));
  options.stopSignal?.addEventListener('abort', onShutdown, { once: true });
  if (options.stopSignal?.aborted) onShutdown();
  const stillOurs = async (set: PgUpdateSetSource<typeof jobs>) => {
    const rows = await db
      .update(jobs)
      .set({ ...set, updatedAt: sql`now()` })
      .where(ours(job.id, workerId))
      .returning({ id: jobs.id });
    if (rows.length === 0) stop(new JobStop('cancelled', bilingual('jobCancelled')));
    return rows.length > 0;
  };
  const heartbeat = setInterval(
    () => void stillOurs({ lockedUntil: afterMs(leaseMs) }).catch(() => undefined),
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  const ctx: JobContext = {
    deps,
    signal: controller.signal,
    async progress(percent, detail) {
      if (controller.signal.aborted) throw controller.signal.reason;
      const value = Math.max(0, Math.min(100, Math.round(percent)));
      await stillOurs({
        progress: value,
        lockedUntil: afterMs(leaseMs),
        ...(detail ? { result: detail } : {}),
      });
      if (controller.signal.aborted) throw controller.signal.reason;
    },
  };
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    const result = await Promise.race([kind.handler(job, ctx), aborted]);
    const done = await stillOurs({
      status: 'done',
      progress: 100,
      result: (result ?? null) as unknown,
      error: null,
      finishedAt: sql`now()`,
      lockedUntil: null,
    });
    return done ? 'done' : 'cancelled';
  } catch (error) {
    const stopped = error instanceof JobStop ? error : undefined;
    if (stopped?.reason === 'cancelled' || stopped?.reason === 'lost') return 'cancelled';
    if (stopped?.reason === 'shutdown') {
      // Not the job's fault: hand it back at once, without using an attempt.
      await stillOurs({
        status: 'queued',
        attempts: sql`greatest(attempts - 1, 0)`,
        runAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      });
      return 'queued';
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const retry = job.attempts < job.maxAttempts;
    await stillOurs(
      retry
        ? {
            status: 'queued',
            error: message,
            runAt: afterMs(retryDelay(kind.retryDelayMs, job.attempts)),
            lockedBy: null,
            lockedUntil: null,
          }
        : { status: 'failed', error: message, finishedAt: sql`now()`, lockedUntil: null },
    );
    return retry ? 'queued' : 'failed';
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
    options.stopSignal?.removeEventListener('abort', onShutdown);
  }
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Runs every job due now, one after another, then answers how many ran: tests drain the queue
 * deterministically with it (no timers).
 */
export async function runDueJobs(
  deps: AppDeps,
  options: { workerId?: string; leaseMs?: number; limit?: number } = {},
): Promise<number> {
  const workerId = options.workerId ?? newWorkerId();
  await reclaimExpiredJobs(deps);
  let ran = 0;
  while (ran < (options.limit ?? 1000)) {
    const job = await claimJob(deps, workerId, options.leaseMs);
    if (!job) break;
    await runClaimedJob(deps, job, workerId, options.leaseMs ? { leaseMs: options.leaseMs } : {});
    ran += 1;
  }
  return ran;
}
