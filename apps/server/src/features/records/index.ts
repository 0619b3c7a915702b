/** The records feature's public API for other features. */
export { columnHasValues, liveRecordCount, tableRecordCount } from './service.ts';
