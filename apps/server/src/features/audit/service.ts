import type { AppDeps } from '../../platform/deps.ts';
import type { Page } from '../../platform/pagination.ts';
import * as q from './queries.ts';

export function listAudit(deps: AppDeps, filter: q.AuditFilter, page: Page) {
  return q.listAudit(deps.database.db, filter, page);
}

/** Deletes audit rows older than `days` days; answers how many went. */
export function pruneAudit(deps: Pick<AppDeps, 'database'>, days: number): Promise<number> {
  return q.deleteAuditBefore(deps.database.db, new Date(Date.now() - days * 86_400_000));
}
