import type { PermissionKey } from '@pineguard/contract';
import { useSession } from './session.ts';

/** True when the permission list grants `key` (`*` is the super administrator's). */
export function hasPermission(permissions: readonly string[] | undefined, key: PermissionKey): boolean {
  if (!permissions) return false;
  return permissions.includes('*') || permissions.includes(key);
}

/**
 * What the signed-in user may do, from `self.permissions`. Buttons the user cannot use are
 * hidden; the server checks every call anyway.
 */
export function useCan(): (key: PermissionKey) => boolean {
  const permissions = useSession((s) => s.info?.permissions);
  return (key) => hasPermission(permissions, key);
}

export function useIsSuperAdmin(): boolean {
  return useSession((s) => s.info?.isAdmin ?? false);
}
