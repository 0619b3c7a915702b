/** The anomalies feature's public API for other features (and app.ts, the seed). */
import type { Executor } from '../../db/client.ts';
import { setAfterWrite } from '../records/index.ts';
import type { Wanted } from './chain.ts';
import { checkWritten } from './check.ts';
import * as q from './queries.ts';
import { forgetCounts, type RejectRecords, setRecordRejecter } from './service.ts';

export { clearAnomalies, upsertAnomalies } from './queries.ts';
export {
  anomalyCountsVersion,
  forgetCounts,
  openAnomalyCounts,
  ofTag as tagAnomalies,
  type RejectRecords,
} from './service.ts';

/**
 * Turns the checks after each records write on (records' setAfterWrite): app.ts calls it when it
 * builds the app, and so must anything that writes records through records' service without the
 * app (the demo seed) before it writes. `rejectRecords` (app.ts) lets a confirmation reject the
 * record through records' review.
 */
export function wireAnomalyChecks(options: { rejectRecords?: RejectRecords } = {}): void {
  setAfterWrite(checkWritten);
  if (options.rejectRecords) setRecordRejecter(options.rejectRecords);
}

/**
 * An anomaly another feature's own check decides (检查验收's failed check, issue 30), in the
 * caller's transaction: raised (or its evidence renewed, or raised again when cleared) when
 * `wanted`, else its open one of that kind on the record cleared.
 */
export async function setCheckedAnomaly(
  tx: Executor,
  recordId: string,
  kind: Wanted['kind'],
  wanted: Wanted | null,
): Promise<void> {
  if (wanted) await q.upsertAnomalies(tx, [wanted]);
  else {
    const open = (await q.anomaliesOfRecords(tx, [recordId])).filter(
      (a) => a.kind === kind && a.state === 'open',
    );
    await q.clearAnomalies(
      tx,
      open.map((a) => a.id),
    );
  }
  forgetCounts();
}
export type { Wanted as WantedAnomaly } from './chain.ts';
