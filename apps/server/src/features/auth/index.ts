/** The auth feature's public API: what other features may call. */
export { countRecentFailures, pruneSessions, recordFailures } from './service.ts';
