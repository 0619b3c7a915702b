import type { AppDeps } from '../../platform/deps.ts';
import { pruneAudit } from '../audit/index.ts';
import { pruneSessions } from '../auth/index.ts';

export const RETENTION_INTERVAL_MS = 24 * 3600 * 1000;

/**
 * Deletes what is kept no longer: sessions that ended or expired more than
 * `SESSION_RETENTION_DAYS` ago and audit rows older than `AUDIT_RETENTION_DAYS`.
 */
export async function runRetention(
  deps: Pick<AppDeps, 'config' | 'database'>,
): Promise<{ sessions: number; auditRows: number }> {
  const { sessionDays, auditDays } = deps.config.retention;
  const sessions = await pruneSessions(deps, sessionDays);
  const auditRows = await pruneAudit(deps, auditDays);
  return { sessions, auditRows };
}

/**
 * Runs the retention now and then daily. Answers a stop function for shutdown. A failure is
 * reported to `onError` and the next day tries again.
 */
export function scheduleRetention(
  deps: Pick<AppDeps, 'config' | 'database'>,
  onDone: (result: { sessions: number; auditRows: number }) => void,
  onError: (error: unknown) => void,
  intervalMs = RETENTION_INTERVAL_MS,
): () => void {
  const run = () => runRetention(deps).then(onDone, onError);
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
