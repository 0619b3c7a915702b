import type { LwryCensus, LwryDetail, LwryFace, LwryItem } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download, http, saveBlob } from '../../shared/http.ts';

/** The §3 filter payload, as the list sends it. */
export type WorkerFilters = {
  addTimeBegin?: string;
  addTimeEnd?: string;
  examineStatus?: number;
  bxLimit?: number;
  ifFace?: number;
  ifToubao?: number;
  keyword?: string;
};

const key = ['workers'];

export function useWorkerList(filters: WorkerFilters & { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'list', filters],
    queryFn: () => http.post<{ list: LwryItem[]; total: number }>('/api/lwryUser/lwryList', filters),
    placeholderData: keepPreviousData,
  });
}

export function useWorkerDetail(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'detail', id],
    queryFn: () => http.get<LwryDetail>(`/api/lwryUser/detail?id=${id}`),
    enabled: Boolean(id),
  });
}

export function useFaces(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'faces', id],
    queryFn: () => http.get<LwryFace[]>(`/api/lwryUser//lwryAqbbList?lwryId=${id}`),
    enabled: Boolean(id),
  });
}

export function useCensus() {
  return useQuery({
    queryKey: [...key, 'census'],
    queryFn: () => http.get<LwryCensus>('/api/lwryUser/lwryCensus'),
  });
}

export function loadIdCard(idNumber: string) {
  return http.get<{
    birthday: string;
    sex: 0 | 1;
    age: number;
    regionName: string;
    existing: { id: string; name: string } | null;
  }>(`/api/lwryUser/loadIdCard?idNumber=${encodeURIComponent(idNumber)}`, { silent: true });
}

/** Every change refreshes the list (spec §4). */
function useWorkerMutation<V>(send: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useSaveWorker = () =>
  useWorkerMutation((body: Record<string, unknown>) =>
    call('POST', body.id ? '/api/lwryUser/update' : '/api/lwryUser/insert', { data: body }),
  );
export const useAllowCard = () =>
  useWorkerMutation((v: { id: string; allowCard: 0 | 1 }) =>
    call('POST', '/api/lwryUser/updateAllowCard', { data: v, silent: true }),
  );
export const useExamine = () =>
  useWorkerMutation((v: { userId: string[]; examineStatus: 1 | 2; reason?: string }) =>
    call('POST', '/api/lwryUser/examine', { data: v }),
  );
export const useFaceUpdate = () =>
  useWorkerMutation((v: { id: string; fileId?: string; faceId?: string; current?: boolean }) =>
    call('POST', '/api/lwry/faceUpdate', { data: v }),
  );
export const useDeleteWorker = () =>
  useWorkerMutation((id: string) => call('DELETE', `/api/lwryUser/deleteOne?id=${id}`));

export async function exportWorkers(filters: WorkerFilters) {
  const { blob, fileName } = await download('POST', '/api/lwryUser/lwryListExcelExport', {
    data: filters,
    fileNameHeader: 'filename',
  });
  saveBlob(blob, fileName ?? 'workers.xlsx');
}
