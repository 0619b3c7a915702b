/**
 * The evidence feature's public entry for other features: the after-write hook's queueing (the
 * anomalies checks call it). app.ts registers `routes.ts` (which also registers the job kind).
 */
export { queueEvidence } from './queue.ts';
export { evidenceKinds, isEvidenceKind } from './kinds.ts';
