import type { MenuNode } from '@pineguard/contract';
import { resolvePath } from '../layout/sidebar/sidebarItems.ts';

/** Paths every signed-in user with a project may open, granted or not (home and the refresh route). */
const alwaysOpen = ['/', '/dashboard'];

/** The granted menus as paths: leaves (a page and what lies under it) and groups (exact only). */
export function grantedPaths(menus: MenuNode[], projectCode = ''): { leaves: string[]; groups: string[] } {
  const leaves: string[] = [];
  const groups: string[] = [];
  const walk = (list: MenuNode[], base: string) => {
    for (const m of list) {
      const path = resolvePath(base, m.path, projectCode);
      if (m.children.length) {
        groups.push(path);
        walk(m.children, path);
      } else leaves.push(path);
    }
  };
  walk(menus, '');
  return { leaves, groups };
}

function covered(path: string, granted: { leaves: string[]; groups: string[] }): boolean {
  if (granted.groups.includes(path)) return true;
  return granted.leaves.some((leaf) => path === leaf || path.startsWith(`${leaf.replace(/\/$/, '')}/`));
}

/**
 * Whether the user's menus grant a route (issue 4: routes are exactly what the roles grant).
 * A route counts as granted when its path, or the menu it highlights (`activeMenu`), is a
 * granted page or lies under one. A route with a menu of its own (`ownMenu`, e.g. the worker
 * form's hidden 新增/编辑 menus) counts only by its path. A super administrator's menus hold everything.
 */
export function routeGranted(options: {
  pathname: string;
  activeMenu?: string | undefined;
  ownMenu?: boolean | undefined;
  menus: MenuNode[];
  sysMenus: MenuNode[];
  isAdmin: boolean;
  projectCode?: string | undefined;
}): boolean {
  const { pathname } = options;
  if (options.isAdmin) return true;
  if (alwaysOpen.includes(pathname) || pathname.startsWith('/redirect/')) return true;
  const granted = grantedPaths(options.menus, options.projectCode);
  if (covered(pathname, granted)) return true;
  return !options.ownMenu && options.activeMenu !== undefined && covered(options.activeMenu, granted);
}
