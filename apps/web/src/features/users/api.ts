import {
  clientPasswordHash,
  type ProjectTreeNode,
  type RoleItem,
  type UserListItem,
  type UserStatus,
} from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';

export type Page<T> = { list: T[]; total: number };

export type UserFilters = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  roleId?: number;
  status?: UserStatus;
  prjCode?: string;
};

const usersKey = ['users'];

export function useUserList(filters: UserFilters) {
  return useQuery({
    queryKey: [...usersKey, 'list', filters],
    queryFn: () => http.post<Page<UserListItem>>('/api/user/userList', filters),
    placeholderData: keepPreviousData,
  });
}

/** Roles of the selected project (platform roles and the project's own). */
export function useProjectRoles(enabled = true) {
  return useQuery({
    queryKey: ['roles', 'list'],
    queryFn: () => http.get<RoleItem[]>('/api/common/role'),
    enabled,
  });
}

export function useProjectTree(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'projectTree'],
    queryFn: () => http.get<ProjectTreeNode[]>('/api/user/prjTree4AddUser'),
    enabled,
  });
}

export type AddUserForm = {
  account: string;
  password: string;
  name: string;
  phone?: string;
  roleIds: number[];
};

export type EditUserForm = {
  id: string;
  name: string;
  phone?: string;
  status: 'active' | 'disabled';
  roleIds: number[];
};

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
    call('POST', '/api/user/addUser', {
      data: {
        account: f.account.trim(),
        password: clientPasswordHash(f.password),
        name: f.name.trim(),
        phone: blankToNull(f.phone),
        roleIds: f.roleIds,
      },
    }),
  );
}

export function useEditUser() {
  return useUserMutation((f: EditUserForm) =>
    call('POST', '/api/user/addUserInfo', {
      data: { ...f, name: f.name.trim(), phone: blankToNull(f.phone) },
    }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: string) => call('DELETE', '/api/user/deleteUser', { params: { id } }));
}

/** Resolves with the temporary password (in `value`) and the message that tells it. */
export function useResetPassword() {
  return useUserMutation((id: string) =>
    call<{ password: string }>('POST', '/api/user/resetPassword', { data: { id } }),
  );
}

export function useSetPassword() {
  return useUserMutation((v: { id: string; newPassword: string }) =>
    call('POST', '/api/user/resetPasswordByManager', {
      data: { id: v.id, newPassword: clientPasswordHash(v.newPassword) },
    }),
  );
}

export function useRemoveUserRole() {
  return useUserMutation((v: { userId: string; roleId: number }) =>
    call('DELETE', '/api/user/delUserRoleRecord', { params: v }),
  );
}

/** Whether a phone number is already held by another account (checked as the user types). */
export async function phoneExists(phone: string): Promise<boolean> {
  const value = await http.get<{ exists: boolean }>('/api/user/queryPhone', {
    params: { phone },
    silent: true,
  });
  return value.exists;
}

export function useVerifyList(pageNum: number, keyword: string) {
  return useQuery({
    queryKey: [...usersKey, 'verify', pageNum, keyword],
    queryFn: () =>
      http.post<Page<UserListItem>>('/api/user/verifyUserList', {
        pageNum,
        pageSize: 10,
        keyword: keyword || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVerify() {
  return useUserMutation((v: { userId: string; approve: boolean; reason: string }) =>
    call('POST', '/api/user/verify', { data: v }),
  );
}
