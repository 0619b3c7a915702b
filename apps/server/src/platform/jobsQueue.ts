import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import {
  afterMs,
  bilingual,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_DELAY_MS,
  INTERRUPTED_ERROR,
  jobKind,
  type JobRow,
  MAX_RETRY_DELAY_MS,
  registeredKinds,
} from './jobsKinds.ts';

/**
 * The queue of the job runner (platform/jobs.ts): putting a job in (once per unique key), reading
 * and cancelling one, and the two statements a worker takes jobs out with: claim one due job
 * (`FOR UPDATE SKIP LOCKED` inside a single UPDATE, so no transaction stays open while it runs)
 * and reclaim the jobs whose lease expired.
 */

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

/** A worker of this process asks to be woken when a job is queued here; answers the way to stop. */
export function onJobQueued(wake: () => void): () => void {
  localWorkers.add(wake);
  return () => localWorkers.delete(wake);
}

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
    maxAttempts: options.maxAttempts ?? jobKind(options.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
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
  const kinds = registeredKinds();
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
