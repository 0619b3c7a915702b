import { chinaToday, type DemoLoadStatus, demoLoadPhases } from '@pineguard/contract';
import { z } from 'zod';
import { type JobRow, registerJobKind } from '../../platform/jobs.ts';
import type { Executor } from '../../db/client.ts';
import { type DemoProgress, loadDemo } from '../../seed/load.ts';
import { plantedAnomalies } from '../../seed/plan.ts';
import type { PlantedAnomaly } from '../../seed/planted.ts';
import { latestJob } from './queries.ts';
import type { DemoOptions } from '../../seed/plan-model.ts';

/**
 * The demo load after an initialisation with demo data (issue 26): a background job, so the
 * initialisation answers at once and the server keeps serving (also on the embedded database)
 * while ~3,000 records with their photos go in. Claimed, leased and retried like any job
 * (platform/jobs.ts); the load skips what a cut-off attempt stored, so a retry stores each row once.
 */
export const DEMO_JOB = 'system.demo';
/** One demo load per installation: a second enqueue answers the first job. */
export const DEMO_JOB_KEY = 'demo';

const params = z.object({
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  until: z.string(),
  scale: z.number().min(0).max(1),
});
export type DemoJobParams = z.infer<typeof params>;

/** The demo as of now: today's China day; nothing planned later than this instant. */
export function demoOptions(scale: number, now = new Date()): DemoOptions {
  return { today: chinaToday(now), until: now, scale };
}

export const demoJobParams = (o: DemoOptions): DemoJobParams => ({
  today: o.today,
  until: o.until.toISOString(),
  scale: o.scale,
});

/** The demo's options as its job keeps them. */
export const demoJobOptions = (p: DemoJobParams): DemoOptions => ({
  today: p.today,
  until: new Date(p.until),
  scale: p.scale,
});

/** How often the job writes its progress (each write is a statement on the shared database). */
const PROGRESS_MS = 250;

export function registerDemoJob(): void {
  registerJobKind(
    DEMO_JOB,
    async (job, ctx) => {
      let last = 0;
      return loadDemo(ctx.deps, demoJobOptions(params.parse(job.params)), async (progress) => {
        if (progress.phase !== 'done' && Date.now() - last < PROGRESS_MS) return;
        last = Date.now();
        await ctx.progress(progress.total ? (progress.done / progress.total) * 100 : 0, progress);
      });
    },
    { maxAttempts: 5, timeoutMs: 60 * 60_000 },
  );
}

/** The demo load's state for GET /api/system/init, from its job row. */
export function demoStatus(job: JobRow | undefined): DemoLoadStatus | null {
  if (!job) return null;
  const seen = (job.result ?? {}) as Partial<DemoProgress>;
  const phase = demoLoadPhases.includes(seen.phase as never) ? seen.phase! : 'accounts';
  return {
    state: job.status,
    phase: job.status === 'done' ? 'done' : phase,
    done: Number(seen.done ?? 0),
    total: Number(seen.total ?? 0),
    error: job.status === 'done' ? null : (job.error ?? null),
  };
}

/**
 * The anomalies planted into this installation's demo (kind, record id, tag; docs/demo.md), from
 * its demo job's day, time and scale; none without a demo load. For the test that the checks find
 * every planted one and nothing else.
 */
export async function plantedInDemo(db: Executor): Promise<PlantedAnomaly[]> {
  const job = await latestJob(db, DEMO_JOB);
  const p = params.safeParse(job?.params);
  return p.success && p.data.scale > 0 ? plantedAnomalies(demoJobOptions(p.data)) : [];
}
