import type { Lang } from '@pineguard/contract';
import { cancelJob, enqueueJob, getJob, registerJobKind } from '../../platform/jobs.ts';
import { runImport, useImportScheduler, useJobCancel, useJobStatus } from './service.ts';

/**
 * The census import runs as a background job (platform/jobs.ts): the upload answers at once with
 * its task; a worker reads, checks and writes the file. After a `kill -9` the runner takes the job
 * up again (nothing of the file was written: rows go in with the final state in one transaction);
 * once its attempts are used the task shows failed with the job's reason.
 */
export const IMPORT_JOB = 'deadTrees.import';

registerJobKind(
  IMPORT_JOB,
  async (job, ctx) => {
    const params = job.params as { importId: string; lang?: Lang };
    return runImport(ctx.deps, params.importId, {
      lang: params.lang ?? 'zh-CN',
      progress: (p) => ctx.progress(p),
      signal: ctx.signal,
    });
  },
  { maxAttempts: 3, timeoutMs: 10 * 60_000 },
);

useImportScheduler(async (deps, task, lang) => {
  const job = await enqueueJob(deps, {
    kind: IMPORT_JOB,
    projectCode: task.projectCode,
    userId: task.createdBy,
    params: { importId: task.id, lang },
    uniqueKey: task.id,
  });
  return job.id;
});

useJobCancel(async (deps, jobId) => {
  await cancelJob(deps, jobId);
});

useJobStatus(async (deps, jobId) => {
  const job = await getJob(deps, jobId);
  return job ? { status: job.status, error: job.error ?? '' } : undefined;
});
