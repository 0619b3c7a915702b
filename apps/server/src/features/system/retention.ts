import type { AppDeps } from '../../platform/deps.ts';
import { pruneAudit } from '../audit/index.ts';
import { pruneSessions } from '../auth/index.ts';
import { pruneNotices } from '../notices/index.ts';

/** Notices are kept this many days (issue #17). */
export const NOTICE_RETENTION_DAYS = 90;

/**
 * Deletes what is kept no longer: sessions that ended or expired more than
 * `SESSION_RETENTION_DAYS` ago, audit rows older than `AUDIT_RETENTION_DAYS` and notices older
 * than 90 days. Runs as a daily job (features/system/jobs.ts).
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
