/**
 * Background jobs stored in the `jobs` table (see docs/decisions/0128-table-based-job-runner.md).
 *
 * A worker claims one due job at a time with `FOR UPDATE SKIP LOCKED` inside a single UPDATE
 * statement, so no transaction stays open while the job runs (PGlite has one connection) and two
 * instances on one PostgreSQL never claim the same job. The claim sets a lease (`lockedUntil`)
 * that a heartbeat renews; a lease left to expire (the instance was killed) is reclaimed by any
 * worker: the job is queued again with backoff, or failed with "interrupted by a restart" once
 * it has used its attempts. A handler that throws is retried with backoff the same way.
 *
 * This module is the runner's one door (features and main.ts import from here); inside:
 * - jobsKinds.ts  — the row and handler types, the registry of kinds (registerJobKind), backoff;
 * - jobsQueue.ts  — enqueue (once per unique key), get, cancel, claim, reclaim expired leases;
 * - jobsRunner.ts — one claimed job run to its end under its lease (runClaimedJob, runDueJobs);
 * - jobsDaily.ts  — daily schedules at a China wall-clock time (registerDailyJob);
 * - jobsWorker.ts — the polling worker a server starts (startJobWorker).
 */
export {
  DEFAULT_LEASE_MS,
  INTERRUPTED_ERROR,
  type JobContext,
  type JobHandler,
  type JobKindOptions,
  type JobRow,
  type JobStatus,
  registerJobKind,
} from './jobsKinds.ts';
export {
  cancelJob,
  claimJob,
  type EnqueueOptions,
  enqueueJob,
  getJob,
  reclaimExpiredJobs,
} from './jobsQueue.ts';
export { newWorkerId, runClaimedJob, runDueJobs } from './jobsRunner.ts';
export { enqueueDailyJobs, registerDailyJob } from './jobsDaily.ts';
export { startJobWorker, type WorkerOptions } from './jobsWorker.ts';
