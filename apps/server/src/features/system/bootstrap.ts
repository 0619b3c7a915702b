import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applyMigrations, STARTUP_LOCK } from '../../db/migrate.ts';
import { areas, menuItems, roleMenus, roles } from '../../db/schema/index.ts';
import { loadAreaDataset } from '../areas/dataset.ts';
import { builtinMenus } from '../menus/builtin.ts';
import { builtinRoles } from '../roles/builtin.ts';
import { ensureStandards } from '../standards/service.ts';

/**
 * Start-up work, under one advisory lock so that instances starting together take turns:
 * migrations, then the base data every installation needs (areas, menus, built-in roles).
 * Idempotent: existing rows are left as administrators changed them.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.withLock(STARTUP_LOCK, async () => {
    await applyMigrations(database);
    await ensureBaseData(database);
  });
}

async function ensureBaseData({ db }: Database): Promise<void> {
  const [areaCount] = await db.select({ n: count() }).from(areas);
  if (!areaCount?.n) {
    // One statement with the dataset as a JSON parameter: ~45k rows in a second, not in batches.
    const rows = JSON.stringify(loadAreaDataset());
    await db.execute(sql`
      insert into areas (code, name, parent_code, level, sort)
      select code, name, "parentCode", level, sort
      from json_to_recordset(${rows}::json)
        as x(code text, name text, "parentCode" text, level smallint, sort integer)`);
  }

  await db
    .insert(menuItems)
    .values(
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
    )
    .onConflictDoNothing();

  await ensureStandards(db);

  const existing = await db
    .select({ code: roles.code })
    .from(roles)
    .where(
      inArray(
        roles.code,
        builtinRoles.map((r) => r.code),
      ),
    );
  const have = new Set(existing.map((r) => r.code));
  for (const role of builtinRoles.filter((r) => !have.has(r.code))) {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          code: role.code,
          name: role.name,
          description: role.description,
          permissions: role.permissions,
          builtIn: true,
        })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (created && role.menus.length) {
        await tx.insert(roleMenus).values(role.menus.map((menuId) => ({ roleId: created.id, menuId })));
      }
    });
  }
}

export async function roleIdByCode(database: Database, code: string): Promise<number> {
  const [row] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  if (!row) throw new Error(`Built-in role ${code} is missing`);
  return row.id;
}
