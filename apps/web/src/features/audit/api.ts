import type { AuditItem } from '@pineguard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http.ts';

export type AuditFilters = { pageNum: number; entity?: string; keyword?: string };

export function useAuditList(f: AuditFilters) {
  return useQuery({
    queryKey: ['audit', f],
    queryFn: () => http.post<{ list: AuditItem[]; total: number }>('/api/audit/list', { ...f, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}
