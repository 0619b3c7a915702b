/** The records feature's public API for other features. */
export { columnHasValues, liveRecordCount, tableRecordCount } from './service.ts';
export { checkRecordFilter, type RecordPage, type RecordPageFilter, recordPages } from './pages.ts';
