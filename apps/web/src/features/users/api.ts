import {
  type AddUserInput,
  clientPasswordHash,
  type EditUserInput,
  type UserListInput,
  type VerifyInput,
} from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

export type UserFilters = UserListInput & { pageNum: number; pageSize: number };

const usersKey = ['users'];

export function useUserList(filters: UserFilters) {
  return usePagedList([...usersKey, 'list'], filters, (f) => api.value('POST /api/user/userList', f));
}

/** Roles of the selected project (platform roles and the project's own). */
export function useProjectRoles(enabled = true) {
  return useQuery({
    queryKey: ['roles', 'list'],
    queryFn: () => api.value('GET /api/common/role', {}),
    enabled,
  });
}

export function useProjectTree(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'projectTree'],
    queryFn: () => api.value('GET /api/user/prjTree4AddUser'),
    enabled,
  });
}

/** The add-user form: the request's fields, the password as typed (hashed on the way out), the phone optional. */
export type AddUserForm = Omit<AddUserInput, 'phone'> & { phone?: string };
export type EditUserForm = Omit<EditUserInput, 'phone'> & { phone?: string };

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Every mutation resolves with the server's message, which the screens show. */
function useUserMutation<V, R extends { message: string }>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useAddUser() {
  return useUserMutation((f: AddUserForm) =>
    api.call('POST /api/user/addUser', {
      account: f.account.trim(),
      password: clientPasswordHash(f.password),
      name: f.name.trim(),
      phone: blankToNull(f.phone),
      roleIds: f.roleIds,
    }),
  );
}

export function useEditUser() {
  return useUserMutation((f: EditUserForm) =>
    api.call('POST /api/user/addUserInfo', { ...f, name: f.name.trim(), phone: blankToNull(f.phone) }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: string) => api.call('DELETE /api/user/deleteUser', { id }));
}

/** Resolves with the temporary password (in `value`) and the message that tells it. */
export function useResetPassword() {
  return useUserMutation((id: string) => api.call('POST /api/user/resetPassword', { id }));
}

export function useSetPassword() {
  return useUserMutation((v: { id: string; newPassword: string }) =>
    api.call('POST /api/user/resetPasswordByManager', {
      id: v.id,
      newPassword: clientPasswordHash(v.newPassword),
    }),
  );
}

export function useRemoveUserRole() {
  return useUserMutation((v: { userId: string; roleId: number }) =>
    api.call('DELETE /api/user/delUserRoleRecord', v),
  );
}

/** Whether a phone number is already held by another account (checked as the user types). */
export async function phoneExists(phone: string): Promise<boolean> {
  const value = await api.value('GET /api/user/queryPhone', { phone }, { silent: true });
  return value.exists;
}

export type VerifyFilters = { keyword?: string; pageNum: number; pageSize: number };

export function useVerifyList(filters: VerifyFilters) {
  return usePagedList([...usersKey, 'verify'], filters, (f) => api.value('POST /api/user/verifyUserList', f));
}

export function useVerify() {
  return useUserMutation((v: Required<VerifyInput>) => api.call('POST /api/user/verify', v));
}
