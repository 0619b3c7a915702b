import type { RoleItem } from '@pineguard/contract';
import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations, roleMenus, roles, userProjectRoles, users } from '../../db/schema/index.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Roles usable in a project: platform-wide ones and the project's own. */
function usableIn(projectCode: string) {
  return or(isNull(roles.projectCode), eq(roles.projectCode, projectCode));
}

export async function rolesFor(db: Executor, projectCode: string): Promise<RoleItem[]> {
  const rows = await db.select().from(roles).where(usableIn(projectCode)).orderBy(roles.id);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const menus = await db.select().from(roleMenus).where(inArray(roleMenus.roleId, ids));
  const counts = await db
    .select({ roleId: userProjectRoles.roleId, n: count() })
    .from(userProjectRoles)
    // Deleted accounts keep their grant rows (history) but are no longer users of the role.
    .innerJoin(users, and(eq(users.id, userProjectRoles.userId), isNull(users.deletedAt)))
    .where(and(eq(userProjectRoles.projectCode, projectCode), inArray(userProjectRoles.roleId, ids)))
    .groupBy(userProjectRoles.roleId);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    builtIn: r.builtIn,
    projectCode: r.projectCode,
    permissions: r.permissions,
    menuIds: menus.filter((m) => m.roleId === r.id).map((m) => m.menuId),
    userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
  }));
}

export function findRole(db: Executor, id: number): Promise<RoleRow | undefined> {
  return db
    .select()
    .from(roles)
    .where(eq(roles.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** True when every id names a role usable in the project. */
export async function allAssignable(db: Executor, projectCode: string, roleIds: number[]): Promise<boolean> {
  if (!roleIds.length) return true;
  const unique = [...new Set(roleIds)];
  const [row] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(inArray(roles.id, unique), usableIn(projectCode)));
  return row?.n === unique.length;
}

export async function setRoleMenus(db: Executor, roleId: number, menuIds: number[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) {
    await db.insert(roleMenus).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId })));
  }
}

export async function roleUsage(db: Executor, roleId: number) {
  const [u] = await db
    .select({ n: count() })
    .from(userProjectRoles)
    .where(eq(userProjectRoles.roleId, roleId));
  const [i] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.roleId, roleId), isNull(invitations.revokedAt)));
  return { users: u?.n ?? 0, invites: i?.n ?? 0 };
}
