/** The auth feature's public API: what other features may call. */
export { countRecentFailures, recordFailures } from './service.ts';
