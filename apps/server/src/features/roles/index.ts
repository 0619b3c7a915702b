/** The roles feature's public API: what other features may call. */
export { allAssignable, ensureBuiltinRoles, roleNames } from './service.ts';
