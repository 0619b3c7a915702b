import type { Executor } from '../../db/client.ts';
import type { WrittenRecord } from '../records/index.ts';
import { queueRecords } from './queries.ts';

/**
 * Called by the checks after each records write (anomalies/check.ts), in the write's transaction:
 * the written records are queued for their evidence check, which a background job runs (run.ts),
 * so an upload from the field app answers without waiting for photo hashing. A deleted or rejected
 * record is queued too: its open evidence anomalies are cleared.
 */
export async function queueEvidence(tx: Executor, written: WrittenRecord[]): Promise<void> {
  const byProject = new Map<string, string[]>();
  for (const r of written) byProject.set(r.projectCode, [...(byProject.get(r.projectCode) ?? []), r.id]);
  for (const [projectCode, ids] of byProject) await queueRecords(tx, projectCode, ids);
}
