import { messages } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import type { jobs } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';

/**
 * What a job is and what runs each kind (the job runner's vocabulary, platform/jobs.ts): the row,
 * the handler's context, the registry of kinds with their attempts, timeout and backoff.
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

export type JobKind = { handler: JobHandler; maxAttempts: number; timeoutMs: number; retryDelayMs: number };

const registry = new Map<string, JobKind>();

export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_RETRY_DELAY_MS = 5_000;
export const MAX_RETRY_DELAY_MS = 15 * 60_000;
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

/** The registered kind, or undefined (a job of a kind this process does not know). */
export const jobKind = (kind: string): JobKind | undefined => registry.get(kind);

/** Every kind registered in this process: a worker claims only those. */
export const registeredKinds = (): string[] => [...registry.keys()];

/** Both languages, for the job's `error` column (read by people of either). */
export function bilingual(key: 'jobInterrupted' | 'jobTimedOut' | 'jobCancelled'): string {
  return `${messages[key]['zh-CN']} / ${messages[key].en}`;
}
export const INTERRUPTED_ERROR = bilingual('jobInterrupted');

export function retryDelay(base: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
}

/** The database's now() plus `ms` (leases and retries are timed by the database's clock). */
export const afterMs = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;
