/** The users feature's public API: what other features may call. */
export { accountLabel, accountTaken, listUsers, phoneTaken } from './service.ts';
export { findLiveUser, insertPendingUser, liveUsersByIds, type UserFilter } from './queries.ts';
export { type UserName, userNames } from './names.ts';
