import { ErrorCode, type InitStatusValue } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { hashPassword } from '../../platform/password.ts';
import { seedDemoBurnPoints } from '../../seed/burnPoints.ts';
import { seedDemoCensus } from '../../seed/deadTrees.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildDemoPlan } from '../../seed/plan.ts';
import { seedDemoWorkers } from '../../seed/workers.ts';
import { DEMO_JOB, DEMO_JOB_KEY, demoJobParams, demoOptions, demoStatus } from './demo.ts';
import * as q from './queries.ts';

export async function isInitialised(deps: AppDeps): Promise<boolean> {
  return (await q.userCount(deps.database.db)) > 0;
}

/** Whether the system is initialised, and how the demo load it started is doing. */
export async function initStatus(deps: AppDeps): Promise<InitStatusValue> {
  const initialised = await isInitialised(deps);
  return {
    initialised,
    demo: initialised ? demoStatus(await q.latestJob(deps.database.db, DEMO_JOB)) : null,
  };
}

/**
 * Creates the super administrator, once. A transaction-scoped advisory lock makes concurrent
 * calls take turns, so exactly one finds the table empty; the others get a conflict.
 *
 * With demo data, the same transaction stores the base demo (projects, sections, the README's
 * accounts, labour workers, the census, burn points: a second or two), and a background job then
 * loads the rest — field-worker accounts, tag batches, ~3,000 records with photos, reviews, the
 * safety ledger — while the answer has gone and the administrator can sign in (demo.ts).
 */
export async function initialise(
  deps: AppDeps,
  input: { account: string; password: string; name: string; demo: boolean; demoScale?: number },
): Promise<{ account: string; demoLoading: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const options = demoOptions(input.demoScale ?? 1);
  const loading = input.demo && options.scale > 0;
  const adminId = await deps.database.db.transaction(async (tx) => {
    await q.lockInitialisation(tx);
    if ((await q.userCount(tx)) > 0) throw new AppError(ErrorCode.conflict, 'alreadyInitialised');
    const id = await q.insertSuperAdmin(tx, { account: input.account, name: input.name, passwordHash });
    if (input.demo) {
      await seedDemo(tx);
      await seedDemoWorkers(tx, deps.storage, options.today);
      // Without records (scale 0) the census is the full demo's, as before the load existed.
      await seedDemoCensus(tx, buildDemoPlan(loading ? options : { ...options, scale: 1 }));
      await seedDemoBurnPoints(tx);
    }
    return id;
  });
  if (loading) {
    await enqueueJob(deps, {
      kind: DEMO_JOB,
      projectCode: null,
      userId: adminId,
      params: demoJobParams(options),
      uniqueKey: DEMO_JOB_KEY,
    });
  }
  return { account: input.account, demoLoading: loading };
}

/** The database answers (the health check); throws when it does not. */
export function ping(deps: AppDeps): Promise<void> {
  return q.ping(deps.database.db);
}

/** Counts for the sub-system home: live users, live projects, accounts awaiting review, sessions seen in the last 30 minutes. */
export function summary(deps: AppDeps) {
  return q.summaryCounts(deps.database.db);
}
