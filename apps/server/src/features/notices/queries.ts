import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notices, projects, roles, userProjectRoles, users } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { countDeleted } from '../../platform/sql.ts';

/** The NOTIFY channel: payload `<recipientId>:<noticeId>` for a new notice, `<recipientId>:read` after reads. */
export const NOTICE_CHANNEL = 'pineguard_notices';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;

/**
 * Writes the notices and, in the same transaction, one NOTIFY per notice: every server instance
 * listening hears each once, after the commit (never for a rolled-back write).
 */
export async function insertNotices(db: Executor, values: NewNotice[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await db
    .insert(notices)
    .values(values)
    .returning({ id: notices.id, recipientId: notices.recipientId });
  await signal(
    db,
    rows.map((r) => `${r.recipientId}:${r.id}`),
  );
  return rows.length;
}

export async function signal(db: Executor, payloads: string[]): Promise<void> {
  if (!payloads.length) return;
  const values = sql.join(
    payloads.map((p) => sql`(${p}::text)`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${NOTICE_CHANNEL}, p) from (values ${values}) as v(p)`);
}

export type NoticeFilter = { recipientId: string; kind?: string | undefined; unread?: boolean | undefined };

function whereOf(f: NoticeFilter) {
  return and(
    eq(notices.recipientId, f.recipientId),
    f.kind ? eq(notices.kind, f.kind) : undefined,
    f.unread ? isNull(notices.readAt) : undefined,
  );
}

/** A page of a user's notices, newest first. */
export async function listNotices(db: Executor, filter: NoticeFilter, page: Page) {
  const where = whereOf(filter);
  const counted = await pageTotal(db, sql`from ${notices} where ${where}`);
  const list = await withPage(
    db.select().from(notices).where(where).orderBy(desc(notices.createdAt), desc(notices.id)).$dynamic(),
    page,
  );
  return { ...counted, list };
}

export async function noticeById(db: Executor, id: string): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row;
}

export async function unreadCount(db: Executor, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(eq(notices.recipientId, recipientId), isNull(notices.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the user's own notices read (`ids` absent: all of them). Answers how many changed. */
export async function markRead(db: Executor, recipientId: string, ids?: string[]): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notices.recipientId, recipientId),
        isNull(notices.readAt),
        ids ? inArray(notices.id, ids) : undefined,
      ),
    )
    .returning({ id: notices.id });
  return rows.length;
}

/** Active members of a live project holding `permission` through one of their roles there. */
export async function holdersOf(db: Executor, projectCode: string, permission: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(userProjectRoles)
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .innerJoin(projects, eq(projects.code, userProjectRoles.projectCode))
    .where(
      and(
        eq(userProjectRoles.projectCode, projectCode),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        isNull(projects.deletedAt),
        sql`${roles.permissions} @> ${JSON.stringify([permission])}::jsonb`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Active members of a live project (any role). */
export async function membersOf(db: Executor, projectCode: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(userProjectRoles)
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .where(
      and(eq(userProjectRoles.projectCode, projectCode), eq(users.status, 'active'), isNull(users.deletedAt)),
    );
  return rows.map((r) => r.id);
}

/** Deletes notices created before `before`; answers how many. */
export function deleteNoticesBefore(db: Executor, before: Date): Promise<number> {
  return countDeleted(db, sql`delete from ${notices} where ${lt(notices.createdAt, before)} returning 1`);
}
