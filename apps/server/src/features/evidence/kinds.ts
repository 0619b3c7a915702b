import type { AnomalyKind } from '@pineguard/contract';

/** The anomaly kinds this feature raises and clears (anomalies' own checks leave them alone). */
export const evidenceKinds = [
  'photo_time',
  'photo_place',
  'photo_duplicate',
  'outside_section',
  'outside_county',
] as const satisfies readonly AnomalyKind[];
export const isEvidenceKind = (kind: string) => (evidenceKinds as readonly string[]).includes(kind);

/** The job kind that drains evidence_pending for one project. */
export const EVIDENCE_JOB = 'evidence.check';
