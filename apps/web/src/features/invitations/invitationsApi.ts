import type { InviteItem, RoleItem } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';

const key = ['invitations'];

export function useInvites(pageNum: number) {
  return useQuery({
    queryKey: [...key, pageNum],
    queryFn: () =>
      http.post<{ list: InviteItem[]; total: number }>('/api/user/listInvite', { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}

export function useInviteRoles() {
  return useQuery({ queryKey: ['roles', 'list'], queryFn: () => http.get<RoleItem[]>('/api/common/role') });
}

export type InsertInvite = { roleId: number; expiresAt: string | null; maxUses: number | null };

export function useInsertInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsertInvite) =>
      call<{ id: string; code: string }>('POST', '/api/user/insertInvite', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST', '/api/user/delInvite/', { data: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
