/** The users feature's public API: what other features may call. */
export { accountLabel, accountTaken, listUsers, phoneTaken } from './service.ts';
export type { UserFilter } from './queries.ts';
