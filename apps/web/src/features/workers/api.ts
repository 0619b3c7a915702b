import type { LwryInsertInput, LwryListInput, LwryUpdateInput } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, saveBlob } from '../../shared/http.ts';

/** The §3 filter payload, as the list sends it (page and cursor apart). */
export type WorkerFilters = Omit<LwryListInput, 'pageNum' | 'pageSize' | 'cursor'>;

const key = ['workers'];

export function useWorkerList(filters: LwryListInput & { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'list', filters],
    queryFn: () => api.value('POST /api/lwryUser/lwryList', filters),
    placeholderData: keepPreviousData,
  });
}

export function useWorkerDetail(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'detail', id],
    queryFn: () => api.value('GET /api/lwryUser/detail', { id: id! }),
    enabled: Boolean(id),
  });
}

export function useFaces(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'faces', id],
    queryFn: () => api.value('GET /api/lwryUser//lwryAqbbList', { lwryId: id! }),
    enabled: Boolean(id),
  });
}

/** A worker's clock-ins from the field app, newest first. */
export function useClockIns(id: string | undefined, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...key, 'clockIns', id, pageNum, pageSize],
    queryFn: () => api.value('GET /api/lwryUser/clockInList', { lwryId: id!, pageNum, pageSize }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

export function useCensus() {
  return useQuery({
    queryKey: [...key, 'census'],
    queryFn: () => api.value('GET /api/lwryUser/lwryCensus'),
  });
}

/** Sections of the current project, for the form's select. */
export function useSections() {
  return useQuery({
    queryKey: ['projects', 'sections'],
    queryFn: () => api.value('POST /api/project/prj1BDList', { pageSize: 100 }),
  });
}

/** Birth date, sex, age and region of an ID number, and the worker of this project holding it. */
export function loadIdCard(idNumber: string) {
  return api.value('GET /api/lwryUser/loadIdCard', { idNumber }, { silent: true });
}

/** Every change refreshes the list (spec §4). */
function useWorkerMutation<V, R extends { message: string }>(send: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useSaveWorker = () =>
  useWorkerMutation((body: LwryInsertInput | LwryUpdateInput): Promise<{ message: string }> =>
    'id' in body ? api.call('POST /api/lwryUser/update', body) : api.call('POST /api/lwryUser/insert', body),
  );
export const useAllowCard = () =>
  useWorkerMutation((v: { id: string; allowCard: 0 | 1 }) =>
    api.call('POST /api/lwryUser/updateAllowCard', v, { silent: true }),
  );
export const useExamine = () =>
  useWorkerMutation((v: { userId: string[]; examineStatus: 1 | 2; reason?: string }) =>
    api.call('POST /api/lwryUser/examine', v),
  );
/** 撤销审核: approved or rejected workers back to pending (issue 29). */
export const useUnexamine = () =>
  useWorkerMutation((userId: string[]) => api.call('POST /api/lwryUser/unexamine', { userId }));
export const useFaceUpdate = () =>
  useWorkerMutation((v: { id: string; fileId?: string; faceId?: string; current?: boolean }) =>
    api.call('POST /api/lwry/faceUpdate', v),
  );
export const useDeleteWorker = () =>
  useWorkerMutation((id: string) => api.call('DELETE /api/lwryUser/deleteOne', { id }));

export async function exportWorkers(filters: WorkerFilters) {
  const { blob, fileName } = await download('POST', '/api/lwryUser/lwryListExcelExport', {
    data: filters,
    fileNameHeader: 'filename',
  });
  saveBlob(blob, fileName ?? 'workers.xlsx');
}
