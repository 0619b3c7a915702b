import type { AuditListInput } from '@pineguard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

export type AuditFilters = Omit<AuditListInput, 'pageSize'> & { pageNum: number };

export function useAuditList(f: AuditFilters) {
  return useQuery({
    queryKey: ['audit', f],
    queryFn: () => api.value('POST /api/audit/list', { ...f, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}
