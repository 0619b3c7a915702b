import type { AppDeps } from '../../platform/deps.ts';
import { pruneAudit } from '../audit/index.ts';
import { pruneSessions } from '../auth/index.ts';
import { pruneNotices } from '../notices/index.ts';

/** Notices are kept this many days (issue #17). */
export const NOTICE_RETENTION_DAYS = 90;

export const RETENTION_INTERVAL_MS = 24 * 3600 * 1000;

/**
 * Deletes what is kept no longer: sessions that ended or expired more than
 * `SESSION_RETENTION_DAYS` ago, audit rows older than `AUDIT_RETENTION_DAYS` and notices older
 * than 90 days.
 */
export async function runRetention(
  deps: Pick<AppDeps, 'config' | 'database'>,
): Promise<{ sessions: number; auditRows: number; notices: number }> {
  const { sessionDays, auditDays } = deps.config.retention;
  const sessions = await pruneSessions(deps, sessionDays);
  const auditRows = await pruneAudit(deps, auditDays);
  const notices = await pruneNotices(deps, NOTICE_RETENTION_DAYS);
  return { sessions, auditRows, notices };
}

/**
 * Runs the retention now and then daily. Answers a stop function for shutdown. A failure is
 * reported to `onError` and the next day tries again.
 */
export function scheduleRetention(
  deps: Pick<AppDeps, 'config' | 'database'>,
  onDone: (result: { sessions: number; auditRows: number; notices: number }) => void,
  onError: (error: unknown) => void,
  intervalMs = RETENTION_INTERVAL_MS,
): () => void {
  const run = () => runRetention(deps).then(onDone, onError);
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
