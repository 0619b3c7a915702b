import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, so its tables never lose their dead
 * rows and the planner never learns their sizes (a band-index lookup or a list plan chosen on
 * empty-table statistics). The daily maintenance does what autovacuum would, once, at night (China
 * time): the one connection is busy for its duration. On PostgreSQL autovacuum does it already.
 */
export async function runVacuum(
  deps: Pick<AppDeps, 'database'>,
): Promise<{ vacuumed: boolean; ms: number; reason?: string }> {
  if (deps.database.driver !== 'pglite') return { vacuumed: false, ms: 0, reason: 'autovacuum' };
  const started = performance.now();
  await deps.database.db.execute(sql`vacuum (analyze)`);
  return { vacuumed: true, ms: Math.round(performance.now() - started) };
}
