import type { BurnPointListBody, BurnPointSaveBody, ProjectTreeNode } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';
import { useSession } from '../../shared/session.ts';

const key = ['burnPoints'];

export function useBurnPoints(input: BurnPointListBody & { pageNum: number; pageSize: number }) {
  return usePagedList([...key, 'list'], input, (p) => api.value('POST /api/fsd/list', p));
}

/** Every burn point of the project for the maps (a project has a handful). */
export function useAllBurnPoints() {
  return useQuery({
    queryKey: [...key, 'all'],
    queryFn: () => api.value('POST /api/fsd/list', { pageNum: 1, pageSize: 100 }),
  });
}

export function useBurnCensus() {
  return useQuery({ queryKey: [...key, 'census'], queryFn: () => api.value('POST /api/fsd/census', {}) });
}

/** The selected project's county code, read from the burn-point project tree (its parent node). */
export function useProjectCounty(): string | undefined {
  const projectCode = useSession((s) => s.project?.code);
  const tree = useQuery({
    queryKey: [...key, 'tree'],
    queryFn: () => api.value('GET /api/user/prjTree4Fsdgl'),
  });
  const find = (nodes: ProjectTreeNode[], parent?: string): string | undefined => {
    for (const n of nodes) {
      if (n.type === 'project' && n.value === projectCode) return parent;
      const below = find(n.children ?? [], n.value);
      if (below) return below;
    }
    return undefined;
  };
  return tree.data ? find(tree.data) : undefined;
}

export function useSaveBurnPoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BurnPointSaveBody) => api.call('POST /api/fsd/save', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteBurnPoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /api/fsd/delete', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
