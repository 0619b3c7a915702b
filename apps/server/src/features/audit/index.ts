/** The audit feature's public API: what other features may call. */
export { pruneAudit } from './service.ts';
