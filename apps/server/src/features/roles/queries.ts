import type { RoleItem } from '@pineguard/contract';
import { and, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  invitations,
  menuItems,
  roleMenus,
  roles,
  sessions,
  userProjectRoles,
  users,
} from '../../db/schema/index.ts';
import { changedHere } from '../../platform/changes.ts';

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

/** The names of these roles, in the order of the ids (for the audit log). */
export async function roleNames(db: Executor, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.name ?? String(id));
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

/** How many of `ids` are project-scope menus. */
export async function projectMenuCount(db: Executor, ids: number[]): Promise<number> {
  const found = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(inArray(menuItems.id, ids), eq(menuItems.scope, 'project')));
  return found.length;
}

export type RoleValues = typeof roles.$inferInsert;

export async function updateRole(db: Executor, id: number, values: Partial<RoleValues>): Promise<void> {
  changedHere({ kind: 'roles' });
  await db.update(roles).set(values).where(eq(roles.id, id));
}

export async function insertRole(db: Executor, values: RoleValues): Promise<number> {
  const [created] = await db.insert(roles).values(values).returning({ id: roles.id });
  return created!.id;
}

/** Deletes a role; sessions that had switched to it fall back to all their roles. */
export async function deleteRole(db: Executor, id: number): Promise<void> {
  changedHere({ kind: 'roles' });
  await db.update(sessions).set({ roleId: null }).where(eq(sessions.roleId, id));
  await db.delete(roles).where(eq(roles.id, id));
}

export async function existingRoleCodes(db: Executor, codes: string[]): Promise<Set<string>> {
  const rows = await db.select({ code: roles.code }).from(roles).where(inArray(roles.code, codes));
  return new Set(rows.map((r) => r.code));
}

/** Inserts a built-in role unless its code exists; answers its id when it was created. */
export async function insertRoleIfMissing(db: Executor, values: RoleValues): Promise<number | undefined> {
  const [created] = await db.insert(roles).values(values).onConflictDoNothing().returning({ id: roles.id });
  return created?.id;
}

/** Built-in roles not yet offered the built-in grants of `version`, locked for the update. */
export function builtinRolesBefore(db: Executor, version: number) {
  return db
    .select({
      id: roles.id,
      code: roles.code,
      permissions: roles.permissions,
      builtinVersion: roles.builtinVersion,
    })
    .from(roles)
    .where(and(eq(roles.builtIn, true), lt(roles.builtinVersion, version)))
    .orderBy(roles.id)
    .for('update');
}

/** Sets a built-in role's permissions and the grants version it has now been offered. */
export async function setBuiltinGrants(db: Executor, id: number, permissions: string[], version: number) {
  changedHere({ kind: 'roles' });
  await db.update(roles).set({ permissions, builtinVersion: version }).where(eq(roles.id, id));
}

/** Adds menus to a role (those that exist; ones it holds already are left alone). */
export async function addRoleMenus(db: Executor, roleId: number, menuIds: number[]): Promise<void> {
  if (!menuIds.length) return;
  const existing = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(inArray(menuItems.id, [...new Set(menuIds)]));
  if (!existing.length) return;
  await db
    .insert(roleMenus)
    .values(existing.map((m) => ({ roleId, menuId: m.id })))
    .onConflictDoNothing();
}
