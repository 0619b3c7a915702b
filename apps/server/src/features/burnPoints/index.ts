/** The burn points feature's public API for other features. */
export { burnTable, pointStates } from './service.ts';
