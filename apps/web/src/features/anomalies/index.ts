/** The anomalies feature's public pieces: the record drawer's 疑点 block and the scan page's. */
export { RecordAnomalies } from './components/RecordAnomalies.tsx';
export { TagAnomalies } from './components/TagAnomalies.tsx';
export { evidenceText } from './evidence.ts';
export { anomaliesPath } from './filters.ts';
