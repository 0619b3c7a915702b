/** What other features use of the message centre. */
export { LatestNotices } from './LatestNotices.tsx';
