import type { InsertInviteInput } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

const key = ['invitations'];

export function useInvites(page: { pageNum: number; pageSize: number }) {
  return usePagedList([...key, 'list'], page, (p) => api.value('POST /api/user/listInvite', p));
}

export function useInviteRoles() {
  return useQuery({ queryKey: ['roles', 'list'], queryFn: () => api.value('GET /api/common/role', {}) });
}

export type InsertInvite = InsertInviteInput;

export function useInsertInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsertInvite) => api.call('POST /api/user/insertInvite', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /api/user/delInvite/', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
