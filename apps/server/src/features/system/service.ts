import { ErrorCode } from '@pineguard/contract';
import { count, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { seedDemo } from '../../seed/demo.ts';
import { seedDemoWorkers } from '../../seed/workers.ts';

export async function isInitialised(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Creates the super administrator, once. A transaction-scoped advisory lock makes concurrent
 * calls take turns, so exactly one finds the table empty; the others get a conflict.
 */
export async function initialise(
  deps: AppDeps,
  input: { account: string; password: string; name: string; demo: boolean },
): Promise<{ account: string }> {
  const passwordHash = await hashPassword(input.password);
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x50_47_44_02})`);
    const [row] = await tx.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) throw new AppError(ErrorCode.conflict, 'alreadyInitialised');
    await tx.insert(users).values({
      account: input.account,
      name: input.name,
      passwordHash,
      isSuperAdmin: true,
    });
    if (input.demo) {
      await seedDemo(tx);
      await seedDemoWorkers(tx, deps.storage);
    }
  });
  return { account: input.account };
}

/** Counts for the sub-system home: live users, live projects, accounts awaiting review, sessions seen in the last 30 minutes. */
export async function summary(deps: AppDeps) {
  const { db } = deps.database;
  const one = async (q: ReturnType<typeof sql>) => {
    const result = (await db.execute(q)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const [u, p, pending, online] = await Promise.all([
    one(sql`select count(*)::int as n from users where deleted_at is null`),
    one(sql`select count(*)::int as n from projects where deleted_at is null`),
    one(sql`select count(*)::int as n from users where deleted_at is null and status = 'pending'`),
    one(
      sql`select count(*)::int as n from sessions where ended_at is null and last_seen_at > now() - interval '30 minutes'`,
    ),
  ]);
  return { users: u, projects: p, pendingReviews: pending, onlineSessions: online };
}
