import {
  candidateRows,
  type DroneCandidate,
  type DroneCandidateColumns,
  type DroneOrtho,
  type DroneReportRow,
  type DroneTask,
} from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';
import { useLangStore } from '../../locales/index.ts';

export const droneKey = ['drone'];
export const useProjectCode = () => useSession((s) => s.project?.code);

export function useOrthos() {
  const prj = useProjectCode();
  return useQuery({
    queryKey: [...droneKey, 'orthos', prj],
    queryFn: () =>
      http.get<{ list: DroneOrtho[]; total: number }>('/api/drone/orthophotos', {
        params: { pageSize: 100 },
      }),
    enabled: Boolean(prj),
    // While a detection or the overviews run, their progress is read again every 2 s.
    refetchInterval: (q) =>
      q.state.data?.list.some((o) =>
        [o.detectState, o.overviewState].some((s) => s === 'queued' || s === 'running'),
      )
        ? 2000
        : false,
  });
}

export function useCandidates(orthoId: string | undefined) {
  return useQuery({
    queryKey: [...droneKey, 'candidates', orthoId],
    // The answer comes column by column (small, gzipped); the screens take rows.
    queryFn: async (): Promise<{ list: DroneCandidate[]; truncated: boolean }> => {
      const cols = await http.get<DroneCandidateColumns>(`/api/drone/orthophotos/${orthoId}/candidates`);
      return { list: candidateRows(cols), truncated: cols.truncated };
    },
    enabled: Boolean(orthoId),
  });
}

export function useTasks(params: { state?: string | undefined; overdue?: boolean; pageNum: number }) {
  const prj = useProjectCode();
  return useQuery({
    queryKey: [...droneKey, 'tasks', prj, params],
    queryFn: () =>
      http.get<{ list: DroneTask[]; total: number }>('/api/drone/tasks', {
        params: {
          pageSize: 20,
          pageNum: params.pageNum,
          state: params.state,
          overdue: params.overdue ? '1' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(prj),
  });
}

export function useReport() {
  const prj = useProjectCode();
  return useQuery({
    queryKey: [...droneKey, 'report', prj],
    queryFn: () => http.get<DroneReportRow[]>('/api/drone/report'),
    enabled: Boolean(prj),
  });
}

/** Any drone write: everything drone is read again. */
export function useDroneAction<I>(run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: droneKey }),
  });
}

/**
 * Uploads a GeoTIFF in the server's parts (one PUT each, the file sliced, never read whole),
 * skipping parts the server already holds: choosing the same file again resumes the upload.
 */
export async function uploadOrtho(
  file: File,
  onProgress: (done: number, total: number) => void,
  resumeId?: string,
): Promise<DroneOrtho> {
  let ortho = resumeId
    ? await http.get<DroneOrtho>(`/api/drone/orthophotos/${resumeId}`)
    : await http.post<DroneOrtho>('/api/drone/orthophotos', { name: file.name, size: file.size });
  const have = new Set(ortho.received);
  const token = useSession.getState().token ?? '';
  const lang = useLangStore.getState().lang;
  onProgress(have.size, ortho.partCount);
  for (let n = 0; n < ortho.partCount; n++) {
    if (have.has(n)) continue;
    const body = file.slice(n * ortho.partSize, (n + 1) * ortho.partSize);
    const res = await fetch(`/api/drone/orthophotos/${ortho.id}/parts/${n}`, {
      method: 'PUT',
      headers: { token, lang, 'content-type': 'application/octet-stream' },
      body,
    });
    const env = (await res.json()) as { code: number; message: string };
    if (env.code !== 0) throw new Error(env.message);
    have.add(n);
    onProgress(have.size, ortho.partCount);
  }
  ortho = await http.post<DroneOrtho>(`/api/drone/orthophotos/${ortho.id}/complete`, {}, { silent: true });
  return ortho;
}
