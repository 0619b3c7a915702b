/** The reconciliation feature's public API for other features (the dashboard may read the same numbers). */
export { reconcile } from './service.ts';
