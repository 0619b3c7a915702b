import type { MenuRow } from '@pineguard/contract';
import { count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import { menuItems } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';

function toRow(m: typeof menuItems.$inferSelect): MenuRow {
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
  const rows = await deps.database.db.select().from(menuItems).orderBy(menuItems.sort, menuItems.id);
  return rows.filter((m) => auth.isSuperAdmin || m.scope === 'project').map(toRow);
}

type MenuInput = Omit<MenuRow, 'id' | 'builtIn'> & { id?: number | undefined };

/** Creates or updates a resource; the change shows at the users' next getInfo. */
export async function saveMenu(deps: AppDeps, auth: AuthContext, input: MenuInput): Promise<MenuRow> {
  const { db } = deps.database;
  if (input.pid) {
    const [parent] = await db.select().from(menuItems).where(eq(menuItems.id, input.pid));
    // A parent must exist, be in the same menu, and not be the item itself or one of its descendants.
    if (
      !parent ||
      parent.scope !== input.scope ||
      (input.id && (await isDescendant(deps, input.pid, input.id)))
    ) {
      throw fail.invalid('menuParentInvalid');
    }
  }
  const { id, ...values } = input;
  return db.transaction(async (tx) => {
    if (id) {
      const [before] = await tx.select().from(menuItems).where(eq(menuItems.id, id));
      if (!before) throw fail.notFound();
      const [after] = await tx.update(menuItems).set(values).where(eq(menuItems.id, id)).returning();
      await audit(tx, {
        actorId: auth.userId,
        projectCode: null,
        action: 'update',
        entity: 'menu',
        entityId: id,
        summary: values.title,
        before,
        after,
      });
      return toRow(after!);
    }
    const [created] = await tx.insert(menuItems).values(values).returning();
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'create',
      entity: 'menu',
      entityId: created!.id,
      summary: values.title,
      after: created,
    });
    return toRow(created!);
  });
}

async function isDescendant(deps: AppDeps, candidate: number, ancestor: number): Promise<boolean> {
  const all = await deps.database.db.select({ id: menuItems.id, pid: menuItems.pid }).from(menuItems);
  const parent = new Map(all.map((m) => [m.id, m.pid]));
  for (let cursor: number | undefined = candidate; cursor; cursor = parent.get(cursor)) {
    if (cursor === ancestor) return true;
  }
  return false;
}

export async function deleteMenu(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const { db } = deps.database;
  const [menu] = await db.select().from(menuItems).where(eq(menuItems.id, id));
  if (!menu) throw fail.notFound();
  if (menu.builtIn) throw fail.forbidden('builtInMenuUndeletable');
  const [children] = await db.select({ n: count() }).from(menuItems).where(eq(menuItems.pid, id));
  if (children?.n) throw fail.conflict('menuHasChildren');
  await db.transaction(async (tx) => {
    await tx.delete(menuItems).where(eq(menuItems.id, id));
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'delete',
      entity: 'menu',
      entityId: id,
      summary: menu.title,
      before: menu,
    });
  });
}
