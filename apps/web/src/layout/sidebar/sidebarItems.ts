import type { MenuNode } from '@pineguard/contract';
import { isExternal } from '../../shared/externalLink.ts';

/** One sidebar entry: a link (internal path or external href) or a submenu. */
export type SidebarItem = {
  /** Resolved path (internal) or href (external); unique in the tree. */
  key: string;
  title: string;
  icon?: string;
  external: boolean;
  children?: SidebarItem[];
};

export type ResolveOptions = { projectCode?: string; alwaysShow?: (menu: MenuNode) => boolean };

/** Child paths are relative to the parent; `:prjCode` is the selected project's code. */
export function resolvePath(base: string, path: string, projectCode = ''): string {
  const filled = path.replaceAll(':prjCode', encodeURIComponent(projectCode));
  if (isExternal(filled)) return filled;
  if (isExternal(base)) return base;
  if (filled.startsWith('/')) return filled;
  if (!filled) return base || '/';
  return `${base.replace(/\/$/, '')}/${filled}`;
}

/**
 * The link of a leaf. Spec §2: an external path opens in a new tab, and so does an icon
 * reference that is itself a URL (the original kept external links in that field).
 */
function leaf(menu: MenuNode, path: string, icon: string | undefined): SidebarItem {
  if (isExternal(path)) return { key: path, title: menu.title, icon, external: true };
  if (isExternal(menu.icon)) return { key: menu.icon, title: menu.title, icon: menu.icon, external: true };
  return { key: path, title: menu.title, icon, external: false };
}

/**
 * The sidebar rules (admin-shell.md): hidden items are left out; exactly one visible child
 * renders as that child alone, with the parent's icon when it has none; no visible child
 * renders the parent itself; otherwise a submenu (always, with `alwaysShow`).
 */
export function toSidebarItems(menus: MenuNode[], options: ResolveOptions = {}, base = ''): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const menu of menus) {
    if (menu.hidden) continue;
    const path = resolvePath(base, menu.path, options.projectCode);
    const visible = menu.children.filter((c) => !c.hidden);
    const only = visible[0];
    const alwaysShow = options.alwaysShow?.(menu) ?? false;
    if (visible.length === 0 && !alwaysShow) {
      items.push(leaf(menu, path, menu.icon || undefined));
    } else if (visible.length === 1 && only && !alwaysShow && only.children.every((c) => c.hidden)) {
      items.push(
        leaf(only, resolvePath(path, only.path, options.projectCode), only.icon || menu.icon || undefined),
      );
    } else {
      items.push({
        key: path,
        title: menu.title,
        icon: menu.icon || undefined,
        external: false,
        children: toSidebarItems(menu.children, options, path),
      });
    }
  }
  return items;
}

/** Keys of the submenus on the way to `key`, so the active item's groups start open. */
export function openKeysFor(items: SidebarItem[], key: string, trail: string[] = []): string[] {
  for (const item of items) {
    if (item.key === key) return trail;
    if (item.children) {
      const found = openKeysFor(item.children, key, [...trail, item.key]);
      if (found.length) return found;
    }
  }
  return [];
}

/** The sidebar's open groups, and the item and menus they were worked out for. */
export type OpenGroups = { selected: string; items: SidebarItem[]; keys: string[] };

/**
 * The groups to show open: those the user opened, plus the ones leading to the selected item,
 * worked out again when the item or the menus change. The menus can arrive after the page (a
 * reload, a deep link): the item's group then opens when they do. The same inputs answer `prev`.
 */
export function openGroups(prev: OpenGroups | undefined, items: SidebarItem[], selected: string): OpenGroups {
  if (prev && prev.selected === selected && prev.items === items) return prev;
  const keys = [...new Set([...(prev?.keys ?? []), ...openKeysFor(items, selected)])];
  return { selected, items, keys };
}
