/** The anomalies feature's public pieces: the record drawer's 疑点 block and the scan page's. */
export { RecordAnomalies } from './components/RecordAnomalies.tsx';
export { TagAnomalies } from './components/TagAnomalies.tsx';
export { evidenceText } from './evidence.ts';
export { anomaliesPath } from './filters.ts';
export {
  EvidenceThresholdFields,
  evidenceChanged,
  evidenceFieldNames,
} from './evidence/EvidenceThresholdFields.tsx';
export { useEvidenceStatus, useSaveEvidenceSettings } from './evidence/api.ts';
export { useEvidenceT } from './evidence/messages.ts';
