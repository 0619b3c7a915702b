import { buildMenuTree, type Lang, type MenuNode } from '@pineguard/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems, roleMenus } from '../../db/schema/index.ts';

type MenuRow = typeof menuItems.$inferSelect;

function toTree(rows: MenuRow[], lang: Lang): MenuNode[] {
  return buildMenuTree(
    rows.map((r) => ({
      id: r.id,
      pid: r.pid,
      title: lang === 'en' && r.titleEn ? r.titleEn : r.title,
      icon: r.icon,
      sort: r.sort,
      path: r.path,
      description: r.description,
      redirect: r.redirect,
      hidden: r.hidden,
    })),
  );
}

/**
 * Menus granted to the given roles. Granting a group grants its children; granting a child
 * brings its ancestors along, so the tree always has a path to every granted item.
 */
export async function menusForRoles(
  db: Db,
  roleIds: number[] | 'all',
  scope: 'project' | 'system',
  lang: Lang,
): Promise<MenuNode[]> {
  const all = await db.select().from(menuItems).where(eq(menuItems.scope, scope));
  if (roleIds === 'all') return toTree(all, lang);
  if (roleIds.length === 0) return [];
  const grants = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<number>();
  const granted = new Set(grants.map((g) => g.menuId));
  for (const menu of all) {
    // A menu is kept when it or one of its ancestors is granted.
    let cursor: MenuRow | undefined = menu;
    while (cursor) {
      if (granted.has(cursor.id)) {
        keep.add(menu.id);
        break;
      }
      cursor = cursor.pid ? byId.get(cursor.pid) : undefined;
    }
  }
  for (const id of [...keep]) {
    let parent = byId.get(id)?.pid;
    while (parent) {
      keep.add(parent);
      parent = byId.get(parent)?.pid;
    }
  }
  return toTree(
    all.filter((m) => keep.has(m.id)),
    lang,
  );
}
