import { chinaToday, ErrorCode } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { seedDemo } from '../../seed/demo.ts';
import * as q from './queries.ts';
import { seedDemoWorkers } from '../../seed/workers.ts';
import { seedDemoCensus } from '../../seed/deadTrees.ts';
import { seedDemoBurnPoints } from '../../seed/burnPoints.ts';

export async function isInitialised(deps: AppDeps): Promise<boolean> {
  return (await q.userCount(deps.database.db)) > 0;
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
    await q.lockInitialisation(tx);
    if ((await q.userCount(tx)) > 0) throw new AppError(ErrorCode.conflict, 'alreadyInitialised');
    await q.insertSuperAdmin(tx, { account: input.account, name: input.name, passwordHash });
    if (input.demo) {
      await seedDemo(tx);
      await seedDemoWorkers(tx, deps.storage);
      await seedDemoCensus(tx, chinaToday());
      await seedDemoBurnPoints(tx);
    }
  });
  return { account: input.account };
}

/** The database answers (the health check); throws when it does not. */
export function ping(deps: AppDeps): Promise<void> {
  return q.ping(deps.database.db);
}

/** Counts for the sub-system home: live users, live projects, accounts awaiting review, sessions seen in the last 30 minutes. */
export function summary(deps: AppDeps) {
  return q.summaryCounts(deps.database.db);
}
