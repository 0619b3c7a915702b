/** The standards feature's public API: what other features may call. */
export {
  descriptorOf,
  ensureStandards,
  measures,
  metadataLimits,
  projectMeasureCodes,
  projectTables,
  type TableDescriptor,
  tablesWithColumns,
} from './service.ts';
export { type RecordHoldings, setRecordHoldings } from './holdings.ts';
