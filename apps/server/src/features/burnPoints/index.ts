/** The burn points feature's public API for other features. */
export { burnTable, mapPoints, pointFlags, pointStates } from './service.ts';
