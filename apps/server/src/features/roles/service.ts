import { randomBytes } from 'node:crypto';
import { type PermissionKey, projectPermissionKeys, type RoleItem } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { Executor } from '../../db/client.ts';
import { BUILTIN_GRANTS_VERSION, builtinGrantChanges, builtinRoles } from './builtin.ts';
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
    if ((await q.projectMenuCount(db, menuIds)) !== menuIds.length) throw fail.notFound();
  }
  const id = await db.transaction(async (tx) => {
    const values = { name: input.name, description: input.description, permissions: input.permissions };
    let roleId: number;
    if (existing) {
      await q.updateRole(tx, existing.id, values);
      roleId = existing.id;
    } else {
      roleId = await q.insertRole(tx, {
        ...values,
        code: `custom_${randomBytes(6).toString('hex')}`,
        projectCode: ownProject,
      });
    }
    await q.setRoleMenus(tx, roleId, menuIds);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: ownProject,
      action: existing ? 'update' : 'create',
      entity: 'role',
      entityId: roleId,
      summary: input.name,
      params: { name: input.name },
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
    await q.deleteRole(tx, id);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: role.projectCode,
      action: 'delete',
      entity: 'role',
      entityId: id,
      summary: role.name,
      params: { name: role.name },
      before: role,
    });
  });
}

/** The names of these roles, in the order of the ids (what the audit log shows instead of ids). */
export function roleNames(db: Executor, ids: number[]): Promise<string[]> {
  return q.roleNames(db, ids);
}

/** Whether every role may be given in the project (its own roles and the built-in ones). */
export function allAssignable(db: Executor, projectCode: string, roleIds: number[]): Promise<boolean> {
  return q.allAssignable(db, projectCode, roleIds);
}

/** Adds the built-in roles that are missing, with their menus; existing roles are left as they are. */
export async function ensureBuiltinRoles(deps: Pick<AppDeps, 'database'>): Promise<void> {
  const { db } = deps.database;
  const have = await q.existingRoleCodes(
    db,
    builtinRoles.map((r) => r.code),
  );
  for (const role of builtinRoles.filter((r) => !have.has(r.code))) {
    await db.transaction(async (tx) => {
      const id = await q.insertRoleIfMissing(tx, {
        code: role.code,
        name: role.name,
        description: role.description,
        permissions: role.permissions,
        builtIn: true,
        builtinVersion: BUILTIN_GRANTS_VERSION,
      });
      if (id && role.menus.length) await q.setRoleMenus(tx, id, role.menus);
    });
  }
  await upgradeBuiltinRoles(deps);
}

/**
 * Existing databases: built-in roles gain what later versions of the built-in grants added
 * (never what an administrator removed since, never a removal). Locked rows, one transaction:
 * several instances starting at once upgrade each role once.
 */
export async function upgradeBuiltinRoles(deps: Pick<AppDeps, 'database'>): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const stale = await q.builtinRolesBefore(tx, BUILTIN_GRANTS_VERSION);
    for (const role of stale) {
      const changes = builtinGrantChanges.filter(
        (c) => c.role === role.code && c.version > role.builtinVersion,
      );
      const permissions = [...new Set([...role.permissions, ...changes.flatMap((c) => c.permissions)])];
      await q.setBuiltinGrants(tx, role.id, permissions, BUILTIN_GRANTS_VERSION);
      await q.addRoleMenus(
        tx,
        role.id,
        changes.flatMap((c) => c.menus),
      );
    }
    return stale.length;
  });
}
