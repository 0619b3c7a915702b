import type { ProjectTreeNode } from '@pineguard/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http.ts';

export function useProjectTree() {
  return useQuery({
    queryKey: ['user', 'projectTree'],
    queryFn: () => http.get<ProjectTreeNode[]>('/api/user/userProjectTree'),
  });
}

export function useSelectProject() {
  return useMutation({
    mutationFn: (prjCode: string) =>
      http.post<{ code: string; name: string }>('/api/user/selectProject', { prjCode }),
  });
}
