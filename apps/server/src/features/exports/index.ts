/** The exports feature's public API. */
export { EXPORT_CLEANUP_JOB, EXPORT_JOB, runExportCleanup } from './service.ts';
