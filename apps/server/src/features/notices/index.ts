/** The notices feature's public API: what other features may call. */
export {
  notify,
  notifyHolders,
  notifyIn,
  pruneNotices,
  type NoticeBody,
  type NoticeInput,
} from './service.ts';
