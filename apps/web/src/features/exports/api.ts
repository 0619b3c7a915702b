import type { ExportFormat, ExportQuery, ExportRecord, RecordFilter } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limits } from '../../shared/config.ts';
import { api, download, http, saveBlob } from '../../shared/http.ts';

export const exportRecordsKey = ['exports', 'recordList'] as const;

/** GET /api/download/recordList; refreshed every 10 s while the drawer is open (spec §7). */
export function useExportRecords(open: boolean) {
  return useQuery({
    queryKey: exportRecordsKey,
    queryFn: () => api.value('GET /api/download/recordList'),
    enabled: open,
    refetchInterval: open ? limits.exportRefreshMs : false,
  });
}

/** POST /python/export/<format>?prjCode&prjStandCode with the data list's filter as the body. */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      format,
      filter,
      media,
    }: {
      format: ExportFormat;
      filter: RecordFilter & { prjCode: string };
      /** Media ZIP only: leave videos (`photo`) or photos (`video`) out; both by default. */
      media?: ExportQuery['media'];
    }) =>
      http.post<ExportRecord>(`/python/export/${format}`, filter, {
        params: {
          prjCode: filter.prjCode,
          prjStandCode: filter.prjStandCode,
          ...(format === 'media' && media ? { media } : {}),
        },
        timeoutMs: limits.exportTimeoutMs,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportRecordsKey }),
  });
}

export function useCancelExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.value('POST /api/download/cancel', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: exportRecordsKey }),
  });
}

/** Fetches the finished file with the session's token and saves it under its name. */
export async function downloadExport(record: ExportRecord): Promise<void> {
  const { blob, fileName } = await download('GET', record.downloadUrl);
  saveBlob(blob, fileName ?? record.recordName);
}
