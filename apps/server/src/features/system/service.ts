import { ErrorCode } from '@pineguard/contract';
import { count, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { seedDemo } from '../../seed/demo.ts';

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
    if (input.demo) await seedDemo(tx);
  });
  return { account: input.account };
}
