import { type Lang, t } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { runImport } from './import.ts';
import * as q from './queries.ts';

/**
 * How an import is run and followed. jobs.ts fills these hooks with the job runner (schedule,
 * status, cancel); without it an import runs at once. Kept as hooks so the import itself does not
 * depend on the runner.
 */

/** Starts an import: the job runner answers the job id; without one it runs at once (null). */
export type ImportScheduler = (deps: AppDeps, task: q.ImportRow, lang: Lang) => Promise<string | null>;

let scheduler: ImportScheduler = async (deps, task, lang) => {
  await runImport(deps, task.id, { lang });
  return null;
};

export function useImportScheduler(next: ImportScheduler): void {
  scheduler = next;
}

/** Starts the import of a stored task; answers its job id (null when it ran at once). */
export const scheduleImport: ImportScheduler = (deps, task, lang) => scheduler(deps, task, lang);

type JobStatusOf = (deps: AppDeps, jobId: string) => Promise<{ status: string; error: string } | undefined>;
let jobStatus: JobStatusOf = async () => undefined;

export function useJobStatus(next: JobStatusOf): void {
  jobStatus = next;
}

type JobCancel = (deps: AppDeps, jobId: string) => Promise<void>;
let jobCancel: JobCancel = async () => undefined;

export function useJobCancel(next: JobCancel): void {
  jobCancel = next;
}

/** Stops the job of a cancelled import. */
export const cancelImportJob: JobCancel = (deps, jobId) => jobCancel(deps, jobId);

/**
 * A task still waiting or importing whose job has ended without finishing it (its attempts used
 * after restarts, timed out, cancelled) is marked failed with the job's reason; nothing of its
 * file was written. Called when tasks are read, so the list never shows "importing" for ever.
 */
export async function settleEndedJobs(deps: AppDeps, rows: q.ImportRow[]): Promise<boolean> {
  let changed = false;
  for (const row of rows) {
    if ((row.state !== 0 && row.state !== 1) || !row.jobId) continue;
    const job = await jobStatus(deps, row.jobId);
    if (!job || job.status === 'failed' || job.status === 'cancelled') {
      const reason = job?.error
        ? `${t('zh-CN', 'ksssInterrupted')}（${job.error}）`
        : t('zh-CN', 'ksssInterrupted');
      await q.updateImport(deps.database.db, row.id, { state: 3, message: reason, finishedAt: new Date() });
      changed = true;
    }
  }
  return changed;
}
