import type { UserListItem } from '@pineguard/contract';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projects, roles, userProjectRoles, users } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern } from '../../platform/sql.ts';
import { changedHere } from '../../platform/changes.ts';

export type UserFilter = {
  projectCode?: string | undefined;
  keyword?: string | undefined;
  roleId?: number | undefined;
  status?: string | undefined;
  /** Users holding no role in this project (candidates to add to it). */
  notInProject?: string | undefined;
  /** Leave out super administrators (they see every project without a role). */
  noSuperAdmins?: boolean;
};

function memberOf(projectCode: string, roleId?: number): SQL {
  return sql`exists (select 1 from ${userProjectRoles} upr where upr.user_id = ${users.id}
    and upr.project_code = ${projectCode} ${roleId ? sql`and upr.role_id = ${roleId}` : sql``})`;
}

function where(f: UserFilter): SQL | undefined {
  const like = containsPattern(f.keyword);
  return and(
    isNull(users.deletedAt),
    f.projectCode ? memberOf(f.projectCode, f.roleId) : undefined,
    !f.projectCode && f.roleId
      ? sql`exists (select 1 from ${userProjectRoles} upr where upr.user_id = ${users.id} and upr.role_id = ${f.roleId})`
      : undefined,
    f.status ? eq(users.status, f.status as 'active') : undefined,
    f.notInProject ? sql`not ${memberOf(f.notInProject)}` : undefined,
    f.noSuperAdmins ? eq(users.isSuperAdmin, false) : undefined,
    like ? or(ilike(users.account, like), ilike(users.name, like), ilike(users.phone, like)) : undefined,
  );
}

export async function listUsers(
  db: Executor,
  f: UserFilter,
  page: Page,
): Promise<{ list: UserListItem[]; total: number; totalExact?: false }> {
  const condition = where(f);
  const counted = await pageTotal(db, sql`from ${users} where ${condition}`);
  const rows = await withPage(
    db.select().from(users).where(condition).orderBy(desc(users.createdAt), users.account).$dynamic(),
    page,
  );
  const grants = rows.length
    ? await db
        .select({
          userId: userProjectRoles.userId,
          projectCode: userProjectRoles.projectCode,
          projectName: projects.name,
          roleId: roles.id,
          roleName: roles.name,
        })
        .from(userProjectRoles)
        .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
        .innerJoin(projects, eq(projects.code, userProjectRoles.projectCode))
        .where(
          and(
            inArray(
              userProjectRoles.userId,
              rows.map((r) => r.id),
            ),
            f.projectCode ? eq(userProjectRoles.projectCode, f.projectCode) : undefined,
          ),
        )
        .orderBy(userProjectRoles.projectCode, roles.id)
    : [];
  return {
    ...counted,
    list: rows.map((u) => ({
      id: u.id,
      account: u.account,
      name: u.name,
      phone: u.phone,
      status: u.status,
      statusReason: u.statusReason,
      isSuperAdmin: u.isSuperAdmin,
      createdAt: u.createdAt.toISOString(),
      roles: grants
        .filter((g) => g.userId === u.id)
        .map(({ projectCode, projectName, roleId, roleName }) => ({
          projectCode,
          projectName,
          roleId,
          roleName,
        })),
    })),
  };
}

export function findLiveUser(db: Executor, id: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export async function accountTaken(db: Executor, account: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(sql`lower(${users.account}) = lower(${account})`, isNull(users.deletedAt)));
  return (row?.n ?? 0) > 0;
}

export async function phoneTaken(db: Executor, phone: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.phone, phone),
        isNull(users.deletedAt),
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export function userRoleIds(db: Executor, userId: string, projectCode: string) {
  return db
    .select({ roleId: userProjectRoles.roleId })
    .from(userProjectRoles)
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)))
    .then((rows) => rows.map((r) => r.roleId));
}

export async function projectsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ projectCode: userProjectRoles.projectCode })
    .from(userProjectRoles)
    .where(eq(userProjectRoles.userId, userId));
  return rows.map((r) => r.projectCode);
}

export async function setUserRoles(db: Executor, userId: string, projectCode: string, roleIds: number[]) {
  changedHere({ kind: 'user', id: userId });
  await db
    .delete(userProjectRoles)
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  if (roleIds.length) {
    await db.insert(userProjectRoles).values(roleIds.map((roleId) => ({ userId, projectCode, roleId })));
  }
}

/** Removes one role of a user in a project; answers the removed grants. */
export function revokeRole(db: Executor, userId: string, projectCode: string, roleId: number) {
  changedHere({ kind: 'user', id: userId });
  return db
    .delete(userProjectRoles)
    .where(
      and(
        eq(userProjectRoles.userId, userId),
        eq(userProjectRoles.projectCode, projectCode),
        eq(userProjectRoles.roleId, roleId),
      ),
    )
    .returning();
}

export type UserValues = typeof users.$inferInsert;

export async function insertUser(db: Executor, values: UserValues) {
  const [created] = await db.insert(users).values(values).returning();
  return created!;
}

/** Changes a user's columns (updatedAt follows). */
export async function updateUser(db: Executor, id: string, values: Partial<UserValues>): Promise<void> {
  changedHere({ kind: 'user', id });
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Live accounts among `ids` (adding members to a project checks them). */
export function liveUsersByIds(db: Executor, ids: string[]) {
  return db
    .select({ id: users.id, account: users.account, status: users.status })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}

/** An account that waits for review (joining by invitation code). */
export async function insertPendingUser(
  db: Executor,
  values: { account: string; name: string; phone: string | null; passwordHash: string },
): Promise<string> {
  const [created] = await db
    .insert(users)
    .values({ ...values, status: 'pending' })
    .returning({ id: users.id });
  return created!.id;
}
