import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** `%keyword%` for ILIKE, with the pattern's own wildcards escaped so a user's `_` or `%` is literal. */
export function containsPattern(keyword: string | undefined): string | undefined {
  return keyword ? `%${keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
}

/** Runs a `delete … returning 1` and answers how many rows it removed, without fetching them. */
export async function countDeleted(db: Executor, deleteReturningOne: SQL): Promise<number> {
  const result = await db.execute(
    sql`with gone as (${deleteReturningOne}) select count(*)::int as n from gone`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
