import type { EndpointInput, MenuRow } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/session.ts';
import { api } from '../../shared/http.ts';

export type MenuTreeRow = MenuRow & { children?: MenuTreeRow[] };

const key = ['menus'];

/** The flat rows as a tree (id/pid), each level by sort then id. */
export function toMenuTree(rows: MenuRow[]): MenuTreeRow[] {
  const nodes = new Map<number, MenuTreeRow>(rows.map((r) => [r.id, { ...r }]));
  const roots: MenuTreeRow[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid ? nodes.get(node.pid) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const order = (list: MenuTreeRow[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) if (n.children) order(n.children);
  };
  order(roots);
  return roots;
}

export function useMenuRows() {
  return useQuery({ queryKey: [...key, 'list'], queryFn: () => api.value('GET /api/menu/list') });
}

export type MenuForm = EndpointInput<'POST /api/menu/save'>;

export function useSaveMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: MenuForm) => api.call('POST /api/menu/save', form),
    onSuccess: () => {
      useSession.getState().reloadMenus();
      return client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /api/menu/delete', { id }),
    onSuccess: () => {
      useSession.getState().reloadMenus();
      return client.invalidateQueries({ queryKey: key });
    },
  });
}
