import { registerDailyJob, registerJobKind } from '../../platform/jobs.ts';
import { expireInsurance, noticeInsuranceEnding } from '../workers/index.ts';
import { registerDemoJob } from './demo.ts';
import { runRetention } from './retention.ts';
import { runVacuum } from './vacuum.ts';

/**
 * The daily maintenance, as jobs on the runner (platform/jobs.ts): one run per China day across
 * all instances (a unique key per kind and day), retried when it fails, its result kept on the job.
 */
export const INSURANCE_CHECK_JOB = 'system.insuranceCheck';
export const RETENTION_JOB = 'system.retention';
export const VACUUM_JOB = 'system.vacuum';

// Clock-in goes off for workers whose insurance has ended: a few minutes after China midnight
// (or at start when the server was down then).
// It also notices insurance ending within 30 days, once per worker and end date.
registerJobKind(INSURANCE_CHECK_JOB, async (_job, ctx) => ({
  clockInOff: await expireInsurance(ctx.deps),
  endingNoticed: await noticeInsuranceEnding(ctx.deps),
}));
registerDailyJob(INSURANCE_CHECK_JOB, { hour: 0, minute: 5 });

// Old sessions and audit rows (SESSION_RETENTION_DAYS, AUDIT_RETENTION_DAYS).
registerJobKind(RETENTION_JOB, async (_job, ctx) => runRetention(ctx.deps));
registerDailyJob(RETENTION_JOB, { hour: 3, minute: 0 });

// The embedded database's vacuum and statistics (system/vacuum.ts), after the retention's deletes.
registerJobKind(VACUUM_JOB, async (_job, ctx) => runVacuum(ctx.deps));
registerDailyJob(VACUUM_JOB, { hour: 3, minute: 30 });

// The demo load started by an initialisation with demo data (features/system/demo.ts).
registerDemoJob();
