import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { menuItems, roleMenus } from '../../db/schema/index.ts';

export type MenuRecord = typeof menuItems.$inferSelect;
export type MenuValues = Omit<typeof menuItems.$inferInsert, 'id'>;

export function menusOfScope(db: Executor, scope: 'project' | 'system'): Promise<MenuRecord[]> {
  return db.select().from(menuItems).where(eq(menuItems.scope, scope));
}

export async function grantedMenuIds(db: Executor, roleIds: number[]): Promise<number[]> {
  const grants = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  return grants.map((g) => g.menuId);
}

export function allMenus(db: Executor): Promise<MenuRecord[]> {
  return db.select().from(menuItems).orderBy(menuItems.sort, menuItems.id);
}

export function findMenu(db: Executor, id: number): Promise<MenuRecord | undefined> {
  return db
    .select()
    .from(menuItems)
    .where(eq(menuItems.id, id))
    .then((r) => r[0]);
}

/** Every menu's parent, for walking up the tree. */
export function menuParents(db: Executor) {
  return db.select({ id: menuItems.id, pid: menuItems.pid }).from(menuItems);
}

export function updateMenu(db: Executor, id: number, values: MenuValues): Promise<MenuRecord | undefined> {
  return db
    .update(menuItems)
    .set(values)
    .where(eq(menuItems.id, id))
    .returning()
    .then((r) => r[0]);
}

export async function insertMenu(db: Executor, values: MenuValues): Promise<MenuRecord> {
  const [created] = await db.insert(menuItems).values(values).returning();
  return created!;
}

export async function childCount(db: Executor, id: number): Promise<number> {
  const [children] = await db.select({ n: count() }).from(menuItems).where(eq(menuItems.pid, id));
  return children?.n ?? 0;
}

export async function deleteMenu(db: Executor, id: number): Promise<void> {
  await db.delete(menuItems).where(eq(menuItems.id, id));
}

/** Adds the built-in menus that are missing; never overwrites edits. */
export async function insertMissingMenus(db: Executor, rows: (MenuValues & { id: number })[]): Promise<void> {
  await db.insert(menuItems).values(rows).onConflictDoNothing();
}
