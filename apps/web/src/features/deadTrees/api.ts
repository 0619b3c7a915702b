import type { KsssListInput } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, saveBlob } from '../../shared/http.ts';

export const deadTreesKey = ['deadTrees'];
type Paged = KsssListInput & { pageNum: number; pageSize: number };

export function useCensusList(input: Paged) {
  return useQuery({
    queryKey: [...deadTreesKey, 'census', input],
    queryFn: () => api.value('POST /api/sync/ksssList', input),
    placeholderData: keepPreviousData,
  });
}

export function useTreeList(input: Paged) {
  return useQuery({
    queryKey: [...deadTreesKey, 'trees', input],
    queryFn: () => api.value('POST /api/sync/ksssDetailList', input),
    placeholderData: keepPreviousData,
  });
}

/** The import tasks; polled every 2 s while one on the page waits or runs, so its row follows it. */
export function useUploadList(input: Paged) {
  return useQuery({
    queryKey: [...deadTreesKey, 'uploads', input],
    queryFn: () => api.value('POST /api/sync/ksssExcelUploadList', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((task) => task.state === 0 || task.state === 1) ? 2000 : false,
  });
}

/** Cancels an import still waiting or importing; the lists and the task follow. */
export function useCancelUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /api/sync/ksssUploadCancel', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: deadTreesKey }),
  });
}

/** One import task, polled every second while it waits or runs. */
export function useUploadTask(id: string | null) {
  return useQuery({
    queryKey: [...deadTreesKey, 'task', id],
    queryFn: () => api.value('GET /api/sync/ksssUploadTask', { id: id! }),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 0 || state === 1 || state === undefined ? 1000 : false;
    },
  });
}

async function save(method: 'GET' | 'POST', url: string, fallback: string, data?: unknown) {
  const { blob, fileName } = await download(method, url, { data, fileNameHeader: 'filename' });
  saveBlob(blob, fileName ?? fallback);
}

export const exportCensus = (xiaobanCode?: string) =>
  save('POST', '/api/sync/exportKsssList', 'ksss.xlsx', { xiaobanCode });
export const exportTrees = (xiaobanCode?: string) =>
  save('POST', '/api/sync/exportKsssDetail', 'ksss-detail.xlsx', { xiaobanCode });
export const downloadTemplate = () => save('GET', '/api/sync/ksssTemplate', 'ksss-template.xlsx');
/** The error report or the uploaded file (a stored file, fetched with the session). */
export const downloadFile = (url: string, fallback: string) => save('GET', url, fallback);
