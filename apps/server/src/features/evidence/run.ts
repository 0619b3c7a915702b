import type { AppDeps } from '../../platform/deps.ts';
import { registerJobKind } from '../../platform/jobs.ts';
import { checkBatch, projectFacts } from './check.ts';
import { EVIDENCE_JOB } from './kinds.ts';
import { databaseNow, tellSectionManagers } from './notify.ts';
import * as q from './queries.ts';
import { projectEvidence } from './settings.ts';

/** Records checked per statement round: small enough that a batch's transactionless writes stay short. */
export const BATCH = 50;

/**
 * Drains the project's queued records in batches (oldest first), reporting progress as the share
 * of the queue done, then tells each section's manager what it raised there (notify.ts). Runs outside any transaction: each batch's writes are idempotent, so a job
 * taken up again after a restart simply checks the rest (and at worst one batch twice).
 */
export async function runEvidence(
  deps: AppDeps,
  projectCode: string,
  progress: (percent: number, detail?: Record<string, unknown>) => Promise<void> = async () => {},
  signal?: AbortSignal,
): Promise<{ checked: number; raised: number }> {
  const { db } = deps.database;
  const settings = await projectEvidence(db, projectCode);
  if (!settings) return { checked: 0, raised: 0 };
  const facts = await projectFacts(db, projectCode, settings);
  const since = await databaseNow(db);
  let checked = 0;
  let raised = 0;
  const total = await q.pendingCount(db, projectCode);
  for (;;) {
    signal?.throwIfAborted();
    const batch = await q.pendingBatch(db, projectCode, BATCH);
    if (!batch.length) break;
    const result = await checkBatch(
      db,
      deps.storage,
      facts,
      batch.map((b) => b.record_id),
    );
    await q.donePending(db, batch);
    checked += batch.length;
    raised += result.raised;
    await progress(Math.min(99, Math.round((checked / Math.max(total, checked)) * 100)), { checked, raised });
  }
  // One notice per section for the whole run (a re-run of 10,000 records is one notice, not 200).
  if (raised) await tellSectionManagers(db, projectCode, since);
  return { checked, raised };
}

/**
 * Checks `recordIds` of the project at once, outside the queue, and tells the sections' managers
 * what it raised: the demo load's planted records, so that 疑点 shows them when the load reports
 * done (the queue's job checks them again later and, finding the same, writes and sends nothing).
 */
export async function checkNow(deps: AppDeps, projectCode: string, recordIds: string[]): Promise<number> {
  const { db } = deps.database;
  const settings = await projectEvidence(db, projectCode);
  if (!settings || !recordIds.length) return 0;
  const facts = await projectFacts(db, projectCode, settings);
  const since = await databaseNow(db);
  let raised = 0;
  for (let i = 0; i < recordIds.length; i += BATCH)
    raised += (await checkBatch(db, deps.storage, facts, recordIds.slice(i, i + BATCH))).raised;
  if (raised) await tellSectionManagers(db, projectCode, since);
  return raised;
}

registerJobKind(
  EVIDENCE_JOB,
  async (job, ctx) => runEvidence(ctx.deps, job.projectCode ?? '', (p, d) => ctx.progress(p, d), ctx.signal),
  { maxAttempts: 3, timeoutMs: 60 * 60_000 },
);
