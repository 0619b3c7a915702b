import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

export function useProjectTree() {
  return useQuery({
    queryKey: ['user', 'projectTree'],
    queryFn: () => api.value('GET /api/user/userProjectTree'),
  });
}

export function useSelectProject() {
  return useMutation({
    mutationFn: (prjCode: string) => api.value('POST /api/user/selectProject', { prjCode }),
  });
}
