/** The system feature's public API: what other features and main.ts may call. */
export { prepareDatabase } from './bootstrap.ts';
export { runRetention, scheduleRetention } from './retention.ts';
