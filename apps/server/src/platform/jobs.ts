import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { messages } from '@pineguard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';

/**
 * Background jobs stored in the `jobs` table (see docs/decisions/0128-table-based-job-runner.md).
 *
 * A worker claims one due job at a time with `FOR UPDATE SKIP LOCKED` inside a single UPDATE
 * statement, so no transaction stays open while the job runs (PGlite has one connection) and two
 * instances on one PostgreSQL never claim the same job. The claim sets a lease (`lockedUntil`)
 * that a heartbeat renews; a lease left to expire (the instance was killed) is reclaimed by any
 * worker: the job is queued again with backoff, or failed with "interrupted by a restart" once
 * it has used its attempts. A handler that throws is retried with backoff the same way.
 */

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type JobRow = Omit<typeof jobs.$inferSelect, 'status'> & { status: JobStatus };

export type JobContext = {
  deps: AppDeps;
  /** Aborted when the job is cancelled, times out, loses its lease or the worker stops. */
  signal: AbortSignal;
  /** Records progress (0–100, optional detail kept in `result` while running); throws once the job was cancelled. */
  progress(percent: number, detail?: Record<string, unknown>): Promise<void>;
};

export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<unknown>;

export type JobKindOptions = {
  maxAttempts?: number;
  timeoutMs?: number;
  /** First retry delay; doubles per attempt up to 15 minutes. Default 5 s. */
  retryDelayMs?: number;
};

type Kind = { handler: JobHandler; maxAttempts: number; timeoutMs: number; retryDelayMs: number };

const registry = new Map<string, Kind>();

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_RETRY_DELAY_MS = 5_000;
const MAX_RETRY_DELAY_MS = 15 * 60_000;
export const DEFAULT_LEASE_MS = 60_000;

/** Registers what runs a kind of job. Register at module load, before the worker starts. */
export function registerJobKind(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
  registry.set(kind, {
    handler,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  });
}

/** Both languages, for the job's `error` column (read by people of either). */
function bilingual(key: 'jobInterrupted' | 'jobTimedOut' | 'jobCancelled'): string {
  return `${messages[key]['zh-CN']} / ${messages[key].en}`;
}
export const INTERRUPTED_ERROR = bilingual('jobInterrupted');

function retryDelay(base: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
}

const afterMs = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

export type EnqueueOptions = {
  kind: string;
  projectCode: string | null;
  userId: string | null;
  params: unknown;
  runAt?: Date;
  /** With a key, a second job of the same kind and key is not created: the first is answered. */
  uniqueKey?: string;
  maxAttempts?: number;
};

/**
 * The job workers of this process: a job queued here wakes them at once instead of at their next
 * poll (an export starts within milliseconds; other instances still find it by polling).
 */
const localWorkers = new Set<() => void>();
function wakeLocalWorkers(runAt?: Date) {
  if (runAt && runAt.getTime() > Date.now()) return;
  for (const wake of localWorkers) setImmediate(wake);
}

export async function enqueueJob(deps: Pick<AppDeps, 'database'>, options: EnqueueOptions): Promise<JobRow> {
  const row = await insertJob(deps, options);
  if (row.status === 'queued') wakeLocalWorkers(options.runAt);
  return row;
}

async function insertJob(deps: Pick<AppDeps, 'database'>, options: EnqueueOptions): Promise<JobRow> {
  const { db } = deps.database;
  const values = {
    kind: options.kind,
    projectCode: options.projectCode,
    userId: options.userId,
    params: options.params ?? null,
    maxAttempts: options.maxAttempts ?? registry.get(options.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ...(options.runAt ? { runAt: options.runAt } : {}),
    ...(options.uniqueKey ? { uniqueKey: options.uniqueKey } : {}),
  };
  if (!options.uniqueKey) {
    const [row] = await db.insert(jobs).values(values).returning();
    return row as JobRow;
  }
  const [row] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: [jobs.kind, jobs.uniqueKey], where: sql`unique_key is not null` })
    .returning();
  if (row) return row as JobRow;
  const [existing] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, options.kind), eq(jobs.uniqueKey, options.uniqueKey)));
  return existing as JobRow;
}

export async function getJob(deps: Pick<AppDeps, 'database'>, id: string): Promise<JobRow | undefined> {
  const [row] = await deps.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row as JobRow | undefined;
}

/**
 * Cancels a queued or running job (answers the row, or undefined when it had already ended). A
 * running job's handler sees its signal abort at its next progress call or heartbeat.
 */
export async function cancelJob(deps: Pick<AppDeps, 'database'>, id: string): Promise<JobRow | undefined> {
  const [row] = await deps.database.db
    .update(jobs)
    .set({
      status: 'cancelled',
      error: bilingual('jobCancelled'),
      finishedAt: sql`now()`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row as JobRow | undefined;
}

/**
 * Running jobs whose lease expired (their instance died): queued again with backoff, or failed
 * with "interrupted by a restart" when they have used their attempts. Answers how many.
 */
export async function reclaimExpiredJobs(deps: Pick<AppDeps, 'database'>): Promise<number> {
  const result = await deps.database.db.execute(sql`
    update jobs set
      status = case when attempts >= max_attempts then 'failed' else 'queued' end,
      error = ${INTERRUPTED_ERROR},
      run_at = case when attempts >= max_attempts then run_at
        else now() + least(${MAX_RETRY_DELAY_MS}, ${DEFAULT_RETRY_DELAY_MS} * power(2, greatest(attempts - 1, 0)))
          * interval '1 millisecond' end,
      finished_at = case when attempts >= max_attempts then now() else null end,
      locked_by = null,
      locked_until = null,
      updated_at = now()
    where id in (
      select j.id from jobs j
      where j.status = 'running' and j.locked_until < now()
      order by j.locked_until
      limit 100
      for update skip locked
    )
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Claims one due job of a registered kind for `workerId`, or answers undefined. */
export async function claimJob(
  deps: Pick<AppDeps, 'database'>,
  workerId: string,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<JobRow | undefined> {
  const kinds = [...registry.keys()];
  if (kinds.length === 0) return undefined;
  const [row] = await deps.database.db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: afterMs(leaseMs),
      attempts: sql`attempts + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      eq(
        jobs.id,
        sql`(select j.id from jobs j
          where j.status = 'queued' and j.run_at <= now()
            and j.kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
          order by j.run_at, j.id
          limit 1
          for update skip locked)`,
      ),
    )
    .returning();
  return row as JobRow | undefined;
}

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
  const kind = registry.get(job.kind);
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

/* ---------- daily schedules ---------- */

type Schedule = { kind: string; chinaHour: number; chinaMinute: number };
const schedules: Schedule[] = [];

/** A job of `kind` once per China day at (or, when the server starts later, soon after) hh:mm Asia/Shanghai. */
export function registerDailyJob(kind: string, at: { hour: number; minute: number }): void {
  if (!schedules.some((s) => s.kind === kind))
    schedules.push({ kind, chinaHour: at.hour, chinaMinute: at.minute });
}

/**
 * Enqueues today's run of every daily job, once across all instances (a unique key per kind and
 * China day); before its time of day it waits for that time. Answers the jobs (new or existing).
 */
export async function enqueueDailyJobs(deps: Pick<AppDeps, 'database'>, now = new Date()): Promise<JobRow[]> {
  const chinaOffset = 8 * 3600_000;
  const chinaDay = Math.floor((now.getTime() + chinaOffset) / 86_400_000);
  const day = new Date(chinaDay * 86_400_000).toISOString().slice(0, 10);
  const rows: JobRow[] = [];
  for (const s of schedules) {
    const runAt = new Date(chinaDay * 86_400_000 - chinaOffset + (s.chinaHour * 60 + s.chinaMinute) * 60_000);
    rows.push(
      await enqueueJob(deps, {
        kind: s.kind,
        projectCode: null,
        userId: null,
        params: { day },
        runAt,
        uniqueKey: day,
      }),
    );
  }
  return rows;
}

/* ---------- the worker ---------- */

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
  const wake = () => void tick();
  localWorkers.add(wake);
  void tick();
  return async () => {
    localWorkers.delete(wake);
    clearInterval(timer);
    stopController.abort();
    await Promise.allSettled([...inFlight]);
  };
}
