import { buildMenuTree, type MenuNode, type UpdateRoleInput } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLangStore } from '../../locales/index.ts';
import { menuTitle } from '../../shared/builtinNames.ts';
import { api } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';

const rolesKey = ['roles'];

export function useRoles() {
  return useQuery({
    queryKey: [...rolesKey, 'list'],
    queryFn: () => api.value('GET /api/common/role', {}),
  });
}

export function useRoleDetail(id: number | null) {
  return useQuery({
    queryKey: [...rolesKey, 'detail', id],
    queryFn: () => api.value('GET /api/auth/itemUser4Update', { dataId: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Project-scope menus as a tree (the grants a role can hold). */
export function useProjectMenuTree() {
  const lang = useLangStore((s) => s.lang);
  return useQuery({
    queryKey: ['menus', 'list'],
    queryFn: () => api.value('GET /api/menu/list'),
    select: (rows): MenuNode[] =>
      buildMenuTree(
        rows.filter((r) => r.scope === 'project').map((r) => ({ ...r, title: menuTitle(r, lang) })),
      ),
  });
}

export type RoleForm = Required<Omit<UpdateRoleInput, 'id'>> & Pick<UpdateRoleInput, 'id'>;

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: RoleForm) =>
      api.call('POST /api/auth/updateRole', {
        ...form,
        name: form.name.trim(),
        description: form.description.trim(),
      }),
    onSuccess: () => {
      // A role's menus may be the current user's own: the sidebar follows.
      useSession.getState().reloadMenus();
      return client.invalidateQueries({ queryKey: rolesKey });
    },
  });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /api/auth/deleteRole', { id }),
    onSuccess: (_, id) => {
      // A role's menus may be the current user's own: the sidebar follows.
      useSession.getState().reloadMenus();
      // The removed role's detail is gone for good: drop it rather than refetch it (a refetch of
      // an open editor would answer "资源不存在" beside "删除成功").
      client.removeQueries({ queryKey: [...rolesKey, 'detail', id] });
      return client.invalidateQueries({ queryKey: [...rolesKey, 'list'] });
    },
  });
}

/** All ids of a tree, and the ids of its leaves (the Tree's checked keys are leaves plus full groups). */
export function menuIdsOf(nodes: MenuNode[]): { all: number[]; parents: Set<number> } {
  const all: number[] = [];
  const parents = new Set<number>();
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      all.push(n.id);
      if (n.children.length) {
        parents.add(n.id);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return { all, parents };
}

/**
 * Granted ids → the Tree's checked keys (leaves). The server reads a granted group as all of
 * its children, and a granted child brings its ancestors, so a leaf is checked when it or one
 * of its ancestors is granted; a group ends up checked when all its leaves are.
 */
export function checkedKeysFor(tree: MenuNode[], granted: number[]): number[] {
  const set = new Set(granted);
  const out: number[] = [];
  const walk = (list: MenuNode[], inherited: boolean) => {
    for (const n of list) {
      const on = inherited || set.has(n.id);
      if (n.children.length) walk(n.children, on);
      else if (on) out.push(n.id);
    }
  };
  walk(tree, false);
  return out;
}
