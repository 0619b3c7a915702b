/** The standards feature's public API: what other features may call. */
export { ensureStandards, measures, projectMeasureCodes, projectTables } from './service.ts';
