/** The profile feature's public API: what other features may call. */
export { selfInfo } from './service.ts';
