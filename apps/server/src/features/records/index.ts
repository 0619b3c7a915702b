/** The records feature's public API for other features. */
import { chinaDateTime } from '@pineguard/contract';

export { checkRecordFilter, type RecordPage, type RecordPageFilter, recordPages } from './pages.ts';
export { columnHasValues, liveRecordCount, recordPlace, tableRecordCount } from './service.ts';
export { burnDayTotals, burnTotals, recordsNamingTags, recordSectionScope } from './service.ts';
export type { BurnDayRow, BurnTotalRow } from './queries.ts';
export { detail as recordDetail, type MediaSigner } from './detail.ts';
export { list as recordList } from './list.ts';
export { examine as examineRecords } from './review.ts';
export { rollupSums, rollupVersion } from './counters.ts';
export type { RollupFilter, RollupKey, RollupRow } from './rollupQueries.ts';
export { listedTags, MAP_BASE_CELL, measuresOf, type Measures, quantityFields } from './rollup.ts';
// A SQL fragment (not a service): the GIS map filters records exactly as the records list does.
export { recordScopeParts, type RecordScopeFilter } from './listQueries.ts';
export { rebuildMapCells } from './rollupQueries.ts';
export { type BurnPointFlags, setBurnPointFlags } from './ports.ts';
export {
  addAfterWrite,
  type RecordsWritten,
  setAfterWrite,
  type WriteEvent,
  type WrittenRecord,
} from './ports.ts';

/** 'yyyy-MM-dd HH:mm:ss' in China time or null: the contract's chinaDateTime, kept for anomalies. */
export const chinaTime = (at: Date | string | null): string | null =>
  at === null ? null : chinaDateTime(at);
