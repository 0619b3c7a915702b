import type { SafetyListBody, SafetyPrintQuery, SafetySaveBody } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

const key = ['safety'];

export function useSafetyList(input: SafetyListBody & { pageNum: number; pageSize: number }) {
  return usePagedList([...key, 'list'], input, (p) => api.value('POST /api/safe/list', p));
}

export function useSafetyDetail(id: string | null) {
  return useQuery({
    queryKey: [...key, 'detail', id],
    queryFn: () => api.value('GET /api/safe/detail', { id: id! }),
    enabled: Boolean(id),
  });
}

export function useSaveSafety() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SafetySaveBody) => api.call('POST /api/safe/save', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The print view's data (fetched when the user prints). */
export const fetchPrint = (query: SafetyPrintQuery) => api.value('GET /api/safe/print', query);

/** The project's sections (a project has a handful). */
export function useSections() {
  return useQuery({
    queryKey: [...key, 'sections'],
    queryFn: () => api.value('POST /api/project/prj1BDList', { pageSize: 100 }),
  });
}

/** Workers of the project (of a section) matching a keyword, for choosing attendees. */
export function useWorkerOptions(keyword: string, sectionCode: string | undefined) {
  return useQuery({
    queryKey: [...key, 'workers', keyword, sectionCode ?? ''],
    queryFn: () =>
      api.value('POST /api/lwryUser/lwryList', {
        pageNum: 1,
        pageSize: 50,
        ...(keyword ? { keyword } : {}),
        ...(sectionCode ? { sectionCode } : {}),
      }),
  });
}
