import type { AuditItem } from '@pineguard/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern, countDeleted } from '../../platform/sql.ts';

export type AuditFilter = {
  projectCode?: string | undefined;
  entity?: string | undefined;
  keyword?: string | undefined;
};

/** A page of the audit log, newest first, with the actor's name and account. */
export async function listAudit(db: Executor, filter: AuditFilter, page: Page) {
  const like = containsPattern(filter.keyword);
  const where = and(
    filter.projectCode ? eq(auditLog.projectCode, filter.projectCode) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    like ? or(ilike(auditLog.summary, like), ilike(users.name, like), ilike(users.account, like)) : undefined,
  );
  const counted = await pageTotal(
    db,
    sql`from ${auditLog} inner join ${users} on ${eq(users.id, auditLog.actorId)} where ${where ?? sql`true`}`,
  );
  const rows = await withPage(
    db
      .select({ entry: auditLog, actorName: users.name, actorAccount: users.account })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .$dynamic(),
    page,
  );
  return {
    ...counted,
    list: rows.map(({ entry, actorName, actorAccount }) => ({
      ...entry,
      at: entry.at.toISOString(),
      actorName,
      actorAccount,
    })) satisfies AuditItem[],
  };
}

/** Deletes audit rows older than the cut-off; answers how many went. */
export function deleteAuditBefore(db: Executor, before: Date): Promise<number> {
  return countDeleted(
    db,
    sql`delete from ${auditLog} where ${auditLog.at} < ${before.toISOString()} returning 1`,
  );
}
