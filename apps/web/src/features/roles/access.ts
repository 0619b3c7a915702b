import type { RoleItem } from '@pineguard/contract';
import { hasPermission } from '../../shared/permissions.ts';

/**
 * Who may change a role (mirrors the server): roles.manage, and for built-in or platform-wide
 * roles (projectCode null) only a super administrator.
 */
export function canEditRole(
  permissions: readonly string[] | undefined,
  isSuperAdmin: boolean,
  role: Pick<RoleItem, 'builtIn' | 'projectCode'> | null,
): boolean {
  if (!hasPermission(permissions, 'roles.manage')) return false;
  if (!role) return true;
  if (isSuperAdmin) return true;
  return !role.builtIn && role.projectCode !== null;
}

/** A role can be deleted when it may be edited, is not built in and nobody holds it. */
export function canDeleteRole(
  permissions: readonly string[] | undefined,
  isSuperAdmin: boolean,
  role: Pick<RoleItem, 'builtIn' | 'projectCode' | 'userCount'>,
): boolean {
  return canEditRole(permissions, isSuperAdmin, role) && !role.builtIn;
}
