import { randomBytes } from 'node:crypto';
import { type PermissionKey, projectPermissionKeys, type RoleItem } from '@pineguard/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import { menuItems, roles, sessions, userProjectRoles } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import * as q from './queries.ts';

export function listRoles(deps: AppDeps, projectCode: string): Promise<RoleItem[]> {
  return q.rolesFor(deps.database.db, projectCode);
}

export async function roleDetail(deps: AppDeps, projectCode: string, id: number): Promise<RoleItem> {
  const role = (await q.rolesFor(deps.database.db, projectCode)).find((r) => r.id === id);
  if (!role) throw fail.notFound();
  return role;
}

/** Platform-wide and built-in roles belong to super administrators; a project's roles to its administrators. */
function assertMayEdit(auth: AuthContext, role: q.RoleRow, projectCode: string) {
  if (auth.isSuperAdmin) return;
  if (role.projectCode !== projectCode) throw fail.forbidden('builtInRoleReadonly');
}

export async function saveRole(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: {
    id?: number | undefined;
    name: string;
    description: string;
    permissions: PermissionKey[];
    menuIds: number[];
  },
): Promise<RoleItem> {
  const { db } = deps.database;
  const existing = input.id ? await q.findRole(db, input.id) : undefined;
  if (input.id && !existing) throw fail.notFound();
  const ownProject = existing ? existing.projectCode : auth.isSuperAdmin ? null : projectCode;
  if (existing) assertMayEdit(auth, existing, projectCode);
  if (ownProject) {
    const allowed: readonly string[] = projectPermissionKeys;
    const refused = input.permissions.filter((p) => !allowed.includes(p));
    if (refused.length) throw fail.forbidden('permissionNotAllowed', { keys: refused.join(', ') });
  }
  const menuIds = [...new Set(input.menuIds)];
  if (menuIds.length) {
    const found = await db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(and(inArray(menuItems.id, menuIds), eq(menuItems.scope, 'project')));
    if (found.length !== menuIds.length) throw fail.notFound();
  }
  const id = await db.transaction(async (tx) => {
    const values = { name: input.name, description: input.description, permissions: input.permissions };
    let roleId: number;
    if (existing) {
      await tx.update(roles).set(values).where(eq(roles.id, existing.id));
      roleId = existing.id;
    } else {
      const [created] = await tx
        .insert(roles)
        .values({ ...values, code: `custom_${randomBytes(6).toString('hex')}`, projectCode: ownProject })
        .returning({ id: roles.id });
      roleId = created!.id;
    }
    await q.setRoleMenus(tx, roleId, menuIds);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: ownProject,
      action: existing ? 'update' : 'create',
      entity: 'role',
      entityId: roleId,
      summary: input.name,
      before: existing ?? null,
      after: { ...values, menuIds },
    });
    return roleId;
  });
  return roleDetail(deps, ownProject ?? projectCode, id);
}

export async function deleteRole(deps: AppDeps, auth: AuthContext, projectCode: string, id: number) {
  const { db } = deps.database;
  const role = await q.findRole(db, id);
  if (!role) throw fail.notFound();
  if (role.builtIn) throw fail.forbidden('builtInRoleReadonly');
  assertMayEdit(auth, role, projectCode);
  const usage = await q.roleUsage(db, id);
  if (usage.users || usage.invites) throw fail.conflict('roleInUse', usage);
  await db.transaction(async (tx) => {
    await q.setRoleMenus(tx, id, []);
    // Sessions that had switched to this role fall back to all their roles.
    await tx.update(sessions).set({ roleId: null }).where(eq(sessions.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, {
      actorId: auth.userId,
      projectCode: role.projectCode,
      action: 'delete',
      entity: 'role',
      entityId: id,
      summary: role.name,
      before: role,
    });
  });
}

/** Removes one role of a user in the project (DELETE /api/user/delUserRoleRecord). */
export async function removeUserRole(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  userId: string,
  roleId: number,
) {
  const { db } = deps.database;
  const where = and(
    eq(userProjectRoles.userId, userId),
    eq(userProjectRoles.projectCode, projectCode),
    eq(userProjectRoles.roleId, roleId),
  );
  await db.transaction(async (tx) => {
    const removed = await tx.delete(userProjectRoles).where(where).returning();
    if (!removed.length) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'grant',
      entityId: userId,
      summary: `role ${roleId}`,
      before: removed[0],
    });
  });
}
