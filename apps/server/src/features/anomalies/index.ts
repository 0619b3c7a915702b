/** The anomalies feature's public API for other features (and app.ts, the seed). */
import { setAfterWrite } from '../records/index.ts';
import { checkWritten } from './check.ts';
import { type RejectRecords, setRecordRejecter } from './service.ts';

export {
  anomalyCountsVersion,
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
