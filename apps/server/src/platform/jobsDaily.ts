import { chinaDay, chinaDayStart } from '@pineguard/contract';
import type { AppDeps } from './deps.ts';
import type { JobRow } from './jobsKinds.ts';
import { enqueueJob } from './jobsQueue.ts';

/**
 * Daily schedules of the job runner (platform/jobs.ts): a kind run once per China day at a China
 * wall-clock time, across all instances (the China day is the job's unique key).
 */

type Schedule = { kind: string; chinaHour: number; chinaMinute: number };
const schedules: Schedule[] = [];

/** A job of `kind` once per China day at (or, when the server starts later, soon after) hh:mm Asia/Shanghai. */
export function registerDailyJob(kind: string, at: { hour: number; minute: number }): void {
  if (!schedules.some((s) => s.kind === kind))
    schedules.push({ kind, chinaHour: at.hour, chinaMinute: at.minute });
}

/**
 * Enqueues today's run of every daily job, once across all instances (a unique key per kind and
 * China day); before its time of day it waits for that time. Answers the jobs (new or existing).
 */
export async function enqueueDailyJobs(deps: Pick<AppDeps, 'database'>, now = new Date()): Promise<JobRow[]> {
  const day = chinaDay(now);
  const rows: JobRow[] = [];
  for (const s of schedules) {
    rows.push(
      await enqueueJob(deps, {
        kind: s.kind,
        projectCode: null,
        userId: null,
        params: { day },
        runAt: chinaDayStart(day, s.chinaHour * 60 + s.chinaMinute),
        uniqueKey: day,
      }),
    );
  }
  return rows;
}
