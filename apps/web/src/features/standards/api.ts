import type { ColumnDescriptor, StandardTableItem } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';
import type { columnBody } from './columnForm.ts';

export type FactorItem = Pick<ColumnDescriptor, 'code' | 'value' | 'fldDescript' | 'fldInput' | 'rules'>;

const tablesKey = ['standard', 'tables'];
const factorsKey = ['yinzi'];

export function useStandardTables() {
  return useQuery({
    queryKey: tablesKey,
    queryFn: () => http.get<StandardTableItem[]>('/api/standard/list'),
  });
}

export function useSaveTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; name: string; description: string }) =>
      call<StandardTableItem>('POST', '/api/standard/saveTable', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

export function useSaveColumn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof columnBody>) =>
      call<ColumnDescriptor>('POST', '/api/standard/saveColumn', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

export function useRetireColumn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { tableCode: string; code: string }) =>
      call<null>('POST', '/api/standard/retireColumn', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

export function useFactors() {
  return useQuery({ queryKey: factorsKey, queryFn: () => http.get<FactorItem[]>('/api/yinzi/list') });
}

export function useSaveFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FactorItem) => call<FactorItem>('POST', '/api/yinzi/save', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: factorsKey }),
  });
}

export function useDeleteFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call<null>('DELETE', '/api/yinzi/delete', { params: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: factorsKey }),
  });
}
