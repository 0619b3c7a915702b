import type { AppDeps } from '../../platform/deps.ts';
import { pruneAudit } from '../audit/index.ts';
import { pruneSessions } from '../auth/index.ts';

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
