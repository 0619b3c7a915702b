/** The burn points feature's public API for other features. */
export { mapPoints, pointStates } from './service.ts';
