import type {
  AnomalyAction,
  AnomalyConfirmInput,
  AnomalyCountsValue,
  AnomalyListInput,
  AnomalyListValue,
  AnomalyResolveValue,
  RecordAnomaliesValue,
} from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';

// The anomaly calls go through `http` with the contract's types (the endpoint map lists them too).

export const anomaliesKey = ['anomalies'];

/** The selected project's code: every call names it (a section manager's scope is per project). */
export const useProjectCode = () => useSession((s) => s.project?.code);

/** One keyset page of the project's anomalies (`cursor` from the previous page's `nextCursor`). */
export function useAnomalyList(body: AnomalyListInput, enabled = true) {
  return useQuery({
    queryKey: [...anomaliesKey, 'list', body],
    queryFn: () => http.post<AnomalyListValue>('/api/anomaly/list', body),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(body.prjCode),
  });
}

/** Per section and kind, how many anomalies are in each state. */
export function useAnomalyCounts(prjCode: string | undefined) {
  return useQuery({
    queryKey: [...anomaliesKey, 'counts', prjCode],
    queryFn: () => http.get<AnomalyCountsValue>('/api/anomaly/counts', { params: { prjCode } }),
    enabled: Boolean(prjCode),
  });
}

/** Every anomaly of one record, in any state (the record drawer). */
export function useRecordAnomalies(id: string | null, prjCode: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...anomaliesKey, 'record', prjCode, id],
    queryFn: () =>
      http.get<RecordAnomaliesValue>('/api/anomaly/record', { params: { prjCode, id: id ?? '' } }),
    enabled: enabled && Boolean(id) && Boolean(prjCode),
  });
}

export type ResolveInput = {
  action: AnomalyAction;
  prjCode: string | undefined;
  ids: string[];
  note: string;
  rejectRecord?: AnomalyConfirmInput['rejectRecord'];
};

/**
 * Explain, confirm or reopen. Afterwards the lists and counts here, the reconciliation's open
 * anomalies and the dashboard are read again; a rejection also changes the records.
 */
export function useResolveAnomalies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: ResolveInput) =>
      http.post<AnomalyResolveValue>(`/api/anomaly/${action}`, body),
    onSuccess: (value) => {
      void client.invalidateQueries({ queryKey: anomaliesKey });
      void client.invalidateQueries({ queryKey: ['reconcile'] });
      void client.invalidateQueries({ queryKey: ['overview'] });
      if (value.rejected > 0) void client.invalidateQueries({ queryKey: ['records'] });
    },
  });
}
