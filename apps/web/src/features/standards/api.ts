import type {
  FactorItem,
  RetireColumnInput,
  SaveFactorInput,
  SaveMeasureInput,
  SaveTableInput,
} from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import type { columnBody } from './columnForm.ts';

export type { FactorItem };

const tablesKey = ['standard', 'tables'];
const factorsKey = ['yinzi'];

export function useStandardTables() {
  return useQuery({
    queryKey: tablesKey,
    queryFn: () => api.value('GET /api/standard/list'),
  });
}

export function useSaveTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTableInput) => api.call('POST /api/standard/saveTable', body),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

export function useSaveColumn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof columnBody>) => api.call('POST /api/standard/saveColumn', body),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

export function useRetireColumn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetireColumnInput) => api.call('POST /api/standard/retireColumn', body),
    onSuccess: () => client.invalidateQueries({ queryKey: tablesKey }),
  });
}

/** Retires a custom table (the server refuses while a project uses it or records hold it). */
export function useRetireTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call('POST /api/standard/retireTable', { code }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: tablesKey });
      await client.invalidateQueries({ queryKey: ['measures'] });
    },
  });
}

/** Makes a custom table choosable by projects: its control measure. */
export function useSaveMeasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMeasureInput) => api.call('POST /api/standard/saveMeasure', body),
    // The projects' measure picker (GET /api/project/fzcsList) offers it from now on.
    onSuccess: () => client.invalidateQueries({ queryKey: ['measures'] }),
  });
}

export function useFactors() {
  return useQuery({ queryKey: factorsKey, queryFn: () => api.value('GET /api/yinzi/list') });
}

export function useSaveFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFactorInput) => api.call('POST /api/yinzi/save', body),
    onSuccess: () => client.invalidateQueries({ queryKey: factorsKey }),
  });
}

export function useDeleteFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call('DELETE /api/yinzi/delete', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: factorsKey }),
  });
}
