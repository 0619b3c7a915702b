/** The records feature's public API for other features. */
export { columnHasValues, liveRecordCount } from './service.ts';
