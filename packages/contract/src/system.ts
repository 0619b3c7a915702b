import { z } from 'zod';
import { account, clientHash } from './auth.ts';

/**
 * Loading the demo after initialisation (a background job): its steps in order. `done`/`total`
 * count the load's units (an account set, a tag batch, a record stored, a record reviewed, a
 * safety entry), so done/total is its progress.
 */
export const demoLoadPhases = ['accounts', 'tags', 'records', 'reviews', 'safety', 'done'] as const;
export type DemoLoadPhase = (typeof demoLoadPhases)[number];

export const demoLoadStatus = z.object({
  /** queued → running → done; failed once its retries are used (a retry is queued again, with `error`). */
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  phase: z.enum(demoLoadPhases),
  done: z.number().int(),
  total: z.number().int(),
  /** The last attempt's error, when it failed (the job retries it by itself unless `state` is failed). */
  error: z.string().nullable(),
});
export type DemoLoadStatus = z.infer<typeof demoLoadStatus>;

export const initStatusValue = z.object({
  initialised: z.boolean(),
  /** The demo load started by an initialisation with demo data; null when none was asked for. */
  demo: demoLoadStatus.nullable().optional(),
});
export type InitStatusValue = z.infer<typeof initStatusValue>;

export const initBody = z.object({
  account,
  password: clientHash,
  name: z.string().trim().min(1).max(12),
  demo: z.boolean().default(false),
  /**
   * Size of the demo's records: 1 (default) the full demo, ~3,000 records; less for tests and
   * benches (0.05 ≈ 150 records); 0 loads projects, accounts, workers, census and burn points
   * only, with no background load.
   */
  demoScale: z.number().min(0).max(1).default(1),
});
export type InitInput = z.input<typeof initBody>;

export const healthValue = z.object({ status: z.literal('ok'), database: z.string() });

/** Reply of the first-run set-up: the super administrator's account, and whether the demo is loading. */
export const initValue = z.object({ account: z.string(), demoLoading: z.boolean().optional() });
/** Counts on the system home page. */
export const systemSummaryValue = z.object({
  users: z.number(),
  projects: z.number(),
  pendingReviews: z.number(),
  onlineSessions: z.number(),
});
