/** The system feature's public API: what other features and main.ts may call. */
export { prepareDatabase } from './bootstrap.ts';
export { runRetention } from './retention.ts';
export { INSURANCE_CHECK_JOB, RETENTION_JOB, VACUUM_JOB } from './jobs.ts';
export { DEMO_JOB, plantedInDemo } from './demo.ts';
export type { PlantedAnomaly } from '../../seed/planted.ts';
