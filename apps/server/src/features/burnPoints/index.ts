/** The burn points feature's public API for other features. */
export { burnTable, pointFlags, pointStates } from './service.ts';
