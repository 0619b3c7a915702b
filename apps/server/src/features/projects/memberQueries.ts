import type { ProjectMember } from '@pineguard/contract';
import { and, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles, sections, userProjectRoles, userSections, users } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern } from '../../platform/sql.ts';
import { forgetMemberAssignments } from './assignmentQueries.ts';
import { changedHere } from '../../platform/changes.ts';

/** A project's members: the users holding a role in it (user_project_roles). */

export async function isProjectMember(db: Executor, userId: string, projectCode: string) {
  const [row] = await db
    .select({ n: count() })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  return (row?.n ?? 0) > 0;
}

export async function grantRole(db: Executor, projectCode: string, userIds: string[], roleId: number) {
  for (const id of userIds) changedHere({ kind: 'user', id });
  await db
    .insert(userProjectRoles)
    .values(userIds.map((userId) => ({ userId, projectCode, roleId })))
    .onConflictDoNothing();
}

/** Takes every role of a user in a project away, clears the sections they managed and were assigned there. */
export async function revokeMember(db: Executor, projectCode: string, userId: string) {
  changedHere({ kind: 'user', id: userId });
  const removed = await db
    .delete(userProjectRoles)
    .where(and(eq(userProjectRoles.projectCode, projectCode), eq(userProjectRoles.userId, userId)))
    .returning();
  if (removed.length) {
    await db
      .update(sections)
      .set({ managerId: null })
      .where(and(eq(sections.projectCode, projectCode), eq(sections.managerId, userId)));
    await forgetMemberAssignments(db, projectCode, userId);
  }
  return removed;
}

export type MemberFilter = { roleCodes?: string[]; userIds?: string[]; keyword?: string | undefined };

/** Members of a project (users holding a role in it), by account, a page at a time. */
export async function members(
  db: Executor,
  projectCode: string,
  filter: MemberFilter,
  page: Page,
): Promise<{ list: ProjectMember[]; total: number; totalExact?: false }> {
  if (filter.userIds?.length === 0 || filter.roleCodes?.length === 0) {
    return { list: [], total: 0 };
  }
  const pattern = containsPattern(filter.keyword);
  const where = and(
    eq(userProjectRoles.projectCode, projectCode),
    isNull(users.deletedAt),
    filter.roleCodes ? inArray(roles.code, filter.roleCodes) : undefined,
    filter.userIds ? inArray(users.id, filter.userIds) : undefined,
    pattern ? or(ilike(users.account, pattern), ilike(users.name, pattern)) : undefined,
  );
  const counted = await pageTotal(
    db,
    sql`from (select distinct ${userProjectRoles.userId} from ${userProjectRoles} inner join ${users} on ${eq(users.id, userProjectRoles.userId)} inner join ${roles} on ${eq(roles.id, userProjectRoles.roleId)} where ${where}) m`,
  );
  const list = await withPage(
    db
      .select({
        id: users.id,
        account: users.account,
        name: users.name,
        phone: users.phone,
        roleCodes: sql<string[]>`array_agg(${roles.code} order by ${roles.id})`,
        roleNames: sql<string[]>`array_agg(${roles.name} order by ${roles.id})`,
        // 标段分配, the live sections only (rows name a section by code).
        sectionCodes: sql<string[]>`coalesce((select array_agg(s.code order by s.code) from ${userSections} us
          join ${sections} s on s.project_code = us.project_code and s.code = us.section_code
          where us.user_id = ${users.id} and us.project_code = ${projectCode}), '{}')`,
        sectionNames: sql<string[]>`coalesce((select array_agg(s.name order by s.code) from ${userSections} us
          join ${sections} s on s.project_code = us.project_code and s.code = us.section_code
          where us.user_id = ${users.id} and us.project_code = ${projectCode}), '{}')`,
      })
      .from(userProjectRoles)
      .innerJoin(users, eq(users.id, userProjectRoles.userId))
      .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
      .where(where)
      .groupBy(users.id)
      .orderBy(users.account)
      .$dynamic(),
    page,
  );
  return { list, ...counted };
}

/** People holding a role in the project, deleted accounts left out. */
export async function memberCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userProjectRoles.userId})::int` })
    .from(userProjectRoles)
    .innerJoin(users, and(eq(users.id, userProjectRoles.userId), isNull(users.deletedAt)))
    .where(eq(userProjectRoles.projectCode, projectCode));
  return Number(row?.n ?? 0);
}
