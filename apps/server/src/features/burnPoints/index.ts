/** The burn points feature's public API for other features. */
export { pointStates } from './service.ts';
