import type { AuditListInput } from '@pineguard/contract';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

export type AuditFilters = Omit<AuditListInput, 'pageNum' | 'pageSize'>;

export function useAuditList(input: AuditFilters & { pageNum: number; pageSize: number }) {
  return usePagedList(['audit'], input, (f) => api.value('POST /api/audit/list', f));
}
