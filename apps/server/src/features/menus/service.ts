import { buildMenuTree, type Lang, type MenuNode, type MenuRow } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { builtinMenus } from './builtin.ts';
import * as q from './queries.ts';

function toRow(m: q.MenuRecord): MenuRow {
  return {
    id: m.id,
    pid: m.pid,
    scope: m.scope,
    title: m.title,
    titleEn: m.titleEn,
    icon: m.icon,
    sort: m.sort,
    path: m.path,
    redirect: m.redirect,
    description: m.description,
    hidden: m.hidden,
    builtIn: m.builtIn,
  };
}

/** Every resource, flat (the client builds the tree with buildMenuTree); system menus only for super administrators. */
export async function listMenus(deps: AppDeps, auth: AuthContext): Promise<MenuRow[]> {
  const rows = await q.allMenus(deps.database.db);
  return rows.filter((m) => auth.isSuperAdmin || m.scope === 'project').map(toRow);
}

type MenuInput = Omit<MenuRow, 'id' | 'builtIn'> & { id?: number | undefined };

/** Creates or updates a resource; the change shows at the users' next getInfo. */
export async function saveMenu(deps: AppDeps, auth: AuthContext, input: MenuInput): Promise<MenuRow> {
  const { db } = deps.database;
  if (input.pid) {
    const parent = await q.findMenu(db, input.pid);
    // A parent must exist, be in the same menu, and not be the item itself or one of its descendants.
    if (
      !parent ||
      parent.scope !== input.scope ||
      (input.id && (await isDescendant(deps, input.pid, input.id)))
    ) {
      throw fail.invalid('menuParentInvalid');
    }
    // An external link opens outside the app: nothing can sit under it.
    if (/^https?:\/\//i.test(parent.path.trim())) throw fail.invalid('menuParentExternal');
  }
  const { id, ...values } = input;
  return db.transaction(async (tx) => {
    if (id) {
      const before = await q.findMenu(tx, id);
      if (!before) throw fail.notFound();
      const after = await q.updateMenu(tx, id, values);
      await audit(tx, {
        actorId: auth.userId,
        projectCode: null,
        action: 'update',
        entity: 'menu',
        entityId: id,
        summary: values.title,
        params: { name: values.title },
        before,
        after,
      });
      return toRow(after!);
    }
    const created = await q.insertMenu(tx, values);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'create',
      entity: 'menu',
      entityId: created.id,
      summary: values.title,
      params: { name: values.title },
      after: created,
    });
    return toRow(created);
  });
}

async function isDescendant(deps: AppDeps, candidate: number, ancestor: number): Promise<boolean> {
  const all = await q.menuParents(deps.database.db);
  const parent = new Map(all.map((m) => [m.id, m.pid]));
  for (let cursor: number | undefined = candidate; cursor; cursor = parent.get(cursor)) {
    if (cursor === ancestor) return true;
  }
  return false;
}

export async function deleteMenu(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const { db } = deps.database;
  const menu = await q.findMenu(db, id);
  if (!menu) throw fail.notFound();
  if (menu.builtIn) throw fail.forbidden('builtInMenuUndeletable');
  if (await q.childCount(db, id)) throw fail.conflict('menuHasChildren');
  await db.transaction(async (tx) => {
    await q.deleteMenu(tx, id);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'delete',
      entity: 'menu',
      entityId: id,
      summary: menu.title,
      params: { name: menu.title },
      before: menu,
    });
  });
}

function toTree(rows: q.MenuRecord[], lang: Lang): MenuNode[] {
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
  db: Executor,
  roleIds: number[] | 'all',
  scope: 'project' | 'system',
  lang: Lang,
): Promise<MenuNode[]> {
  const all = await q.menusOfScope(db, scope);
  if (roleIds === 'all') return toTree(all, lang);
  if (roleIds.length === 0) return [];
  const grants = await q.grantedMenuIds(db, roleIds);
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<number>();
  const granted = new Set(grants);
  for (const menu of all) {
    // A menu is kept when it or one of its ancestors is granted.
    let cursor: q.MenuRecord | undefined = menu;
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

/** Adds the built-in menus that are missing; existing rows are left as administrators changed them. */
export function ensureBuiltinMenus(db: Executor): Promise<void> {
  return q.insertMissingMenus(
    db,
    builtinMenus.map((m) => ({
      id: m.id,
      pid: m.pid ?? 0,
      scope: m.scope ?? 'project',
      title: m.title,
      titleEn: m.titleEn,
      icon: m.icon ?? '',
      sort: builtinMenus.indexOf(m),
      path: m.path,
      redirect: m.redirect ?? '',
      description: m.description ?? '',
      hidden: m.hidden ?? false,
      builtIn: true,
    })),
  );
}
