import type { UserListItem } from '@pineguard/contract';
import { hasPermission } from '../../shared/permissions.ts';

export type UserActions = {
  add: boolean;
  edit: boolean;
  remove: boolean;
  resetPassword: boolean;
  setPassword: boolean;
  removeRole: boolean;
};

/** Which user-management buttons the signed-in user sees (the server checks every call again). */
export function userActions(
  permissions: readonly string[] | undefined,
  isSuperAdmin: boolean,
  row?: Pick<UserListItem, 'isSuperAdmin' | 'status'>,
  /** The row is the signed-in user's own account: the server refuses deleting it. */
  self = false,
): UserActions {
  const manage = hasPermission(permissions, 'users.manage');
  // Only a super administrator touches a super administrator's account.
  const mayTouch = manage && (!row?.isSuperAdmin || isSuperAdmin);
  const live = row?.status !== 'pending' && row?.status !== 'rejected';
  return {
    add: manage,
    edit: mayTouch,
    remove: mayTouch && !row?.isSuperAdmin && !self,
    resetPassword: mayTouch && live,
    setPassword: mayTouch && live,
    removeRole: mayTouch,
  };
}

export function canReview(permissions: readonly string[] | undefined): boolean {
  return hasPermission(permissions, 'users.review');
}
