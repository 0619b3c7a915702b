import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory-lock key for start-up work (migrations and base data). */
export const STARTUP_LOCK = 0x50_47_44_01;

/**
 * Applies committed migrations. Callers hold STARTUP_LOCK, so two instances starting at once
 * take turns and the second finds nothing left to do.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder };
  if (database.driver === 'postgres') {
    await migratePg(database.db as never, config);
  } else {
    await migratePglite(database.db as never, config);
  }
}
