import type { Database } from '../../db/client.ts';
import { applyMigrations, STARTUP_LOCK } from '../../db/migrate.ts';
import { ensureAreas } from '../areas/index.ts';
import { ensureBuiltinMenus } from '../menus/index.ts';
import { ensureBuiltinRoles } from '../roles/index.ts';
import { ensureStandards } from '../standards/index.ts';

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

async function ensureBaseData(database: Database): Promise<void> {
  const { db } = database;
  await ensureAreas(db);
  await ensureBuiltinMenus(db);
  await ensureStandards(db);
  await ensureBuiltinRoles({ database });
}
