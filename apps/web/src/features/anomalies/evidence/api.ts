import type { EvidenceSettingsInput, EvidenceStatusValue, EvidenceViewValue } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { anomaliesKey } from '../api.ts';

const key = [...anomaliesKey, 'evidence'];

/** Both records, photos and outline behind one photo or place anomaly. */
export function useEvidenceView(id: string | null, prjCode: string | undefined) {
  return useQuery({
    queryKey: [...key, 'view', id, prjCode],
    queryFn: () => http.get<EvidenceViewValue>('/api/evidence/anomaly', { params: { id: id!, prjCode } }),
    enabled: Boolean(id && prjCode),
  });
}

/** Thresholds, queue and last run; polled each 2 s while a check runs or records wait. */
export function useEvidenceStatus(prjCode: string | undefined) {
  return useQuery({
    queryKey: [...key, 'status', prjCode],
    queryFn: () => http.get<EvidenceStatusValue>('/api/evidence/status', { params: { prjCode } }),
    enabled: Boolean(prjCode),
    refetchInterval: (q) => {
      const v = q.state.data;
      return v && (v.pending > 0 || v.job?.status === 'running' || v.job?.status === 'queued') ? 2000 : false;
    },
  });
}

export function useSaveEvidenceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EvidenceSettingsInput) =>
      http.post<EvidenceStatusValue>('/api/evidence/settings', body),
    onSuccess: () => client.invalidateQueries({ queryKey: anomaliesKey }),
  });
}
