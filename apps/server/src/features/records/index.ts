/** The records feature's public API for other features. */
export { burnTotals, columnHasValues, liveRecordCount, tableRecordCount } from './service.ts';
export type { BurnTotalRow } from './queries.ts';
