/** The standards feature's public API: what other features may call. */
export { ensureStandards, measures, metadataLimits, projectMeasureCodes, projectTables } from './service.ts';
