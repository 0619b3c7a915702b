import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openDatabase } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import {
  cancelJob,
  claimJob,
  enqueueDailyJobs,
  enqueueJob,
  getJob,
  INTERRUPTED_ERROR,
  type JobRow,
  registerDailyJob,
  registerJobKind,
  runDueJobs,
  startJobWorker,
} from './jobs.ts';

const enqueue = (deps: AppDeps, kind: string, params: unknown = {}) =>
  enqueueJob(deps, { kind, projectCode: null, userId: null, params });

/** Makes a job that waits for a retry due now (tests do not wait for backoff). */
const dueNow = (deps: AppDeps, id: string) =>
  deps.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id));

describe('background jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs a queued job once: done, progress 100, the result kept', async () => {
    const seen: unknown[] = [];
    registerJobKind('test.echo', async (job, ctx) => {
      seen.push(job.params);
      await ctx.progress(40, { step: 'half' });
      const mid = await getJob(ctx.deps, job.id);
      expect(mid).toMatchObject({ status: 'running', progress: 40, result: { step: 'half' } });
      return { echoed: job.params };
    });
    const job = await enqueue(t.deps, 'test.echo', { a: '松材线虫' });
    expect(job).toMatchObject({ status: 'queued', attempts: 0, progress: 0 });
    await runDueJobs(t.deps);
    await runDueJobs(t.deps);
    expect(seen).toEqual([{ a: '松材线虫' }]);
    const done = await getJob(t.deps, job.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      attempts: 1,
      result: { echoed: { a: '松材线虫' } },
      lockedUntil: null,
    });
    expect(done!.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job with backoff, then fails it with the error once its attempts are used', async () => {
    let calls = 0;
    registerJobKind(
      'test.flaky',
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 2, retryDelayMs: 60_000 },
    );
    const job = await enqueue(t.deps, 'test.flaky');
    await runDueJobs(t.deps);
    const retry = await getJob(t.deps, job.id);
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, error: 'boom 1', lockedBy: null });
    // The backoff: not due yet, so another drain does not run it.
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await runDueJobs(t.deps);
    expect(calls).toBe(1);
    await dueNow(t.deps, job.id);
    await runDueJobs(t.deps);
    expect(await getJob(t.deps, job.id)).toMatchObject({ status: 'failed', attempts: 2, error: 'boom 2' });
    expect(calls).toBe(2);
  });

  it('succeeds on a retry after a first failure', async () => {
    let calls = 0;
    registerJobKind(
      'test.second-time',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first time');
        return 'ok';
      },
      { maxAttempts: 3 },
    );
    const job = await enqueue(t.deps, 'test.second-time');
    await runDueJobs(t.deps);
    await dueNow(t.deps, job.id);
    await runDueJobs(t.deps);
    expect(await getJob(t.deps, job.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: 'ok',
      error: null,
    });
  });

  it('cancels a queued job (never runs) and a running one (its progress call throws, its signal aborts)', async () => {
    let ran = 0;
    registerJobKind('test.never', async () => {
      ran += 1;
    });
    const queued = await enqueue(t.deps, 'test.never');
    expect(await cancelJob(t.deps, queued.id)).toMatchObject({ status: 'cancelled' });
    await runDueJobs(t.deps);
    expect(ran).toBe(0);
    expect(await cancelJob(t.deps, queued.id)).toBeUndefined();

    let signalAborted = false;
    let progressError: unknown;
    registerJobKind('test.cancel-me', async (job, ctx) => {
      await ctx.progress(10);
      await cancelJob(ctx.deps, job.id);
      try {
        await ctx.progress(20);
      } catch (error) {
        progressError = error;
      }
      signalAborted = ctx.signal.aborted;
      return 'should not be kept';
    });
    const running = await enqueue(t.deps, 'test.cancel-me');
    await runDueJobs(t.deps);
    expect(progressError).toBeInstanceOf(Error);
    expect(signalAborted).toBe(true);
    const row = await getJob(t.deps, running.id);
    expect(row).toMatchObject({ status: 'cancelled', progress: 10, result: null });
  });

  it('fails a job that runs past its time limit, with the reason', async () => {
    registerJobKind(
      'test.slow',
      (_job, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', resolve)),
      {
        timeoutMs: 30,
        maxAttempts: 1,
      },
    );
    const job = await enqueue(t.deps, 'test.slow');
    await runDueJobs(t.deps);
    const row = await getJob(t.deps, job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toContain('任务超时');
    expect(row!.error).toContain('timed out');
  });

  it('takes up a job whose instance died (lease expired): queued again with backoff, then failed as interrupted', async () => {
    let ran = 0;
    registerJobKind(
      'test.orphan',
      async () => {
        ran += 1;
        return 'finished by another instance';
      },
      { maxAttempts: 2 },
    );
    const job = await enqueue(t.deps, 'test.orphan');
    // A worker claims it and is then killed: its lease is never renewed.
    const claimed = await claimJobOf(t.deps, 'dead-worker', job.id);
    expect(claimed).toMatchObject({ status: 'running', lockedBy: 'dead-worker', attempts: 1 });
    await expireLease(t.deps, job.id);
    await runDueJobs(t.deps);
    const requeued = await getJob(t.deps, job.id);
    expect(requeued).toMatchObject({
      status: 'queued',
      attempts: 1,
      lockedBy: null,
      error: INTERRUPTED_ERROR,
    });
    expect(requeued!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(ran).toBe(0);
    await dueNow(t.deps, job.id);
    await runDueJobs(t.deps);
    expect(await getJob(t.deps, job.id)).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect(ran).toBe(1);

    // Killed again on its last attempt: failed, with the reason in both languages.
    const last = await enqueue(t.deps, 'test.orphan');
    await claimJobOf(t.deps, 'dead-worker', last.id);
    await t.deps.database.db.update(jobs).set({ attempts: 2 }).where(eq(jobs.id, last.id));
    await expireLease(t.deps, last.id);
    await runDueJobs(t.deps);
    const failed = await getJob(t.deps, last.id);
    expect(failed).toMatchObject({ status: 'failed', error: '服务重启中断 / interrupted by a restart' });
    expect(failed!.finishedAt).toBeInstanceOf(Date);
    expect(ran).toBe(1);
  });

  it('a worker that lost its lease to a reclaim does not overwrite the new run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    registerJobKind('test.lost-lease', async () => {
      await gate;
      return 'stale';
    });
    const job = await enqueue(t.deps, 'test.lost-lease');
    const run = runDueJobs(t.deps, { workerId: 'slow-worker', leaseMs: 60_000 });
    await vi.waitFor(async () => expect((await getJob(t.deps, job.id))?.status).toBe('running'));
    // Another instance decides the lease is gone and takes it (as after a long pause of this one).
    await t.deps.database.db.update(jobs).set({ lockedBy: 'other-worker' }).where(eq(jobs.id, job.id));
    release();
    await run;
    expect(await getJob(t.deps, job.id)).toMatchObject({
      status: 'running',
      lockedBy: 'other-worker',
      result: null,
    });
    await t.deps.database.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, job.id));
  });

  it('enqueues a daily job once per China day, however many instances ask', async () => {
    let runs = 0;
    registerJobKind('test.daily', async () => {
      runs += 1;
    });
    registerDailyJob('test.daily', { hour: 0, minute: 5 });
    const at = new Date('2026-11-24T03:00:00Z'); // 11:00 in Shanghai
    const [first, second] = await Promise.all([enqueueDailyJobs(t.deps, at), enqueueDailyJobs(t.deps, at)]);
    const mine = (rows: JobRow[]) => rows.find((r) => r.kind === 'test.daily')!;
    expect(mine(first!).id).toBe(mine(second!).id);
    expect(mine(first!)).toMatchObject({ uniqueKey: '2026-11-24', runAt: new Date('2026-11-23T16:05:00Z') });
    // Just before China midnight it is still the same day; just after, the next.
    expect(mine(await enqueueDailyJobs(t.deps, new Date('2026-11-24T15:59:00Z'))).id).toBe(mine(first!).id);
    const next = mine(await enqueueDailyJobs(t.deps, new Date('2026-11-24T16:01:00Z')));
    expect(next).toMatchObject({
      uniqueKey: '2026-11-25',
      status: 'queued',
      runAt: new Date('2026-11-24T16:05:00Z'),
    });
    // A day still to come waits for its time (a fixed date far ahead: the test must not age).
    const later = mine(await enqueueDailyJobs(t.deps, new Date('2099-06-01T03:00:00Z')));
    expect(later).toMatchObject({ uniqueKey: '2099-06-01', runAt: new Date('2099-05-31T16:05:00Z') });
    await runDueJobs(t.deps);
    expect(runs).toBe(2);
    expect(await getJob(t.deps, later.id)).toMatchObject({ status: 'queued' });
    await cancelJob(t.deps, later.id);
  });

  it('two workers draining one queue at once run every job exactly once', async () => {
    const runsOf = new Map<string, number>();
    registerJobKind('test.count', async (job) => {
      runsOf.set(job.id, (runsOf.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    });
    const ids = [] as string[];
    for (let i = 0; i < 40; i++) ids.push((await enqueue(t.deps, 'test.count', { i })).id);
    // On PostgreSQL the second worker is another pool (as another instance would be).
    const url = (t.deps.database as { url?: string }).url;
    const other = url ? await openDatabase({ databaseUrl: url, poolSize: 3 }) : undefined;
    try {
      const otherDeps = other ? { ...t.deps, database: other } : t.deps;
      const [a, b] = await Promise.all([
        runDueJobs(t.deps, { workerId: 'worker-a' }),
        runDueJobs(otherDeps, { workerId: 'worker-b' }),
      ]);
      expect(a + b).toBeGreaterThanOrEqual(40);
      if (other) expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      await other?.close();
    }
    expect(ids.map((id) => runsOf.get(id))).toEqual(ids.map(() => 1));
    const rows = await t.deps.database.db.select().from(jobs).where(eq(jobs.kind, 'test.count'));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('the worker runs jobs as they come and stops, handing a running job back to the queue', async () => {
    registerJobKind('test.worker', async (job) => ({ doubled: (job.params as { n: number }).n * 2 }));
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    registerJobKind('test.long', (_job, ctx) => {
      started();
      return new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
    });
    const stop = startJobWorker(t.deps, { pollMs: 20, workerId: 'worker-live' });
    try {
      const job = await enqueue(t.deps, 'test.worker', { n: 21 });
      await vi.waitFor(async () => expect(await getJob(t.deps, job.id)).toMatchObject({ status: 'done' }), {
        timeout: 10_000,
      });
      expect((await getJob(t.deps, job.id))!.result).toEqual({ doubled: 42 });
      const long = await enqueue(t.deps, 'test.long');
      await isRunning;
      await stop();
      expect(await getJob(t.deps, long.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
      await cancelJob(t.deps, long.id);
    } finally {
      await stop();
    }
  });

  it('a job queued in this process starts at once, not at the next poll', async () => {
    let ran!: (id: string) => void;
    const started = new Promise<string>((resolve) => (ran = resolve));
    registerJobKind('test.woken', async (job) => ran(job.id));
    // An hour's poll: only the wake-up of enqueueJob can start the job within the test's time.
    const stop = startJobWorker(t.deps, { pollMs: 3_600_000, workerId: 'worker-woken' });
    try {
      const job = await enqueue(t.deps, 'test.woken');
      expect(await started).toBe(job.id);
    } finally {
      await stop();
    }
  });
});

async function claimJobOf(deps: AppDeps, workerId: string, id: string) {
  // Only this job is due among the registered kinds' queued rows in this test.
  const claimed = await claimJob(deps, workerId);
  expect(claimed?.id).toBe(id);
  return claimed;
}

async function expireLease(deps: AppDeps, id: string) {
  await deps.database.db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));
}
