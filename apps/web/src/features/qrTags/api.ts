import type { QrAddInput, QrExportInput, QrListInput } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, saveBlob } from '../../shared/http.ts';

const key = ['qrTags'];

export function useTagList(input: QrListInput & { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'list', input],
    queryFn: async () => {
      const v = await api.value('POST /api/qrInfo/list', input);
      return { list: v.rows, total: v.total };
    },
    placeholderData: keepPreviousData,
  });
}

export function useFlagTree() {
  return useQuery({
    queryKey: [...key, 'flags'],
    queryFn: () => api.value('GET /api/qrInfo/getFlagList', {}),
  });
}

/** Sections of the current project, for the batch form. */
export function useSectionOptions() {
  return useQuery({
    queryKey: ['projects', 'sections'],
    queryFn: () => api.value('POST /api/project/prj1BDList', { pageSize: 100 }),
  });
}

export function useAddTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: QrAddInput) => api.call('POST /api/qrInfo/add', input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The label sheet (PDF) or the code list (xlsx), saved under the name in `filenamevue`. */
export async function exportTags(input: QrExportInput) {
  const { blob, fileName } = await download('POST', '/api/qrInfo/export', {
    data: input,
    fileNameHeader: 'filenamevue',
  });
  saveBlob(blob, fileName ?? `qrcodes.${input.format ?? 'pdf'}`);
}

export function useScan(code: string) {
  return useQuery({
    queryKey: [...key, 'scan', code],
    queryFn: () => api.value('GET /api/qrInfo/scan', { qrcode: code }),
    retry: false,
  });
}
