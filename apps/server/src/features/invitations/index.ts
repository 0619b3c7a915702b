/** The invitations feature's public API: what other features may call. */
export { register } from './service.ts';
