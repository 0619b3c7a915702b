/** The records feature's public API for other features. */
export { columnHasValues, liveRecordCount, tableRecordCount } from './service.ts';
export { checkRecordFilter, type RecordPage, type RecordPageFilter, recordPages } from './pages.ts';
export { chinaTime, examine as examineRecords, recordPlace } from './service.ts';
export { detail as recordDetail, recordsNamingTags, type MediaSigner } from './service.ts';
export { rollupSums, rollupVersion, type RollupFilter, type RollupKey, type RollupRow } from './service.ts';
export { MAP_BASE_CELL, quantityFields } from './rollup.ts';
export { burnTotals } from './service.ts';
export type { BurnTotalRow } from './queries.ts';
export { burnDayTotals, list as recordList, recordSectionScope } from './service.ts';
export type { BurnDayRow } from './queries.ts';
// A SQL fragment (not a service): the GIS map filters records exactly as the records list does.
export { rebuildMapCells, recordScopeParts, type RecordScopeFilter } from './queries.ts';
export { type BurnPointFlags, setBurnPointFlags } from './service.ts';
export { type RecordsWritten, setAfterWrite, type WriteEvent, type WrittenRecord } from './service.ts';
export { listedTags, measuresOf, type Measures } from './rollup.ts';
