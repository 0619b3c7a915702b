import { and, eq, inArray, or } from 'drizzle-orm';
import { droneOrthophotos, jobs } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cancelJob, enqueueJob, registerJobKind } from '../../platform/jobs.ts';
import { OVERVIEWS_JOB } from './job.ts';
import { forgetPyramid } from './pyramid.ts';
import { forgetOrtho } from './raster.ts';
import { forgetTiles } from './tiles.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Deleting an orthophoto (docs/drone.md): its jobs stopped, its row (and candidates) gone at
 * once, so its tile and chip URLs answer "not found", then everything it has in storage — parts,
 * overview blocks, rendered tiles, all under one prefix — and what this process remembers of it.
 * A sweep job a few minutes later removes the prefix again: a tile request or an overviews job
 * in flight during the delete may still have written under it.
 */
export type Stored = Pick<OrthoRow, 'id' | 'projectCode'>;

export const SWEEP_JOB = 'drone.sweep';
const SWEEP_DELAY_MS = 3 * 60_000;

/** Removes everything the orthophoto has in storage and this process's memory of it. */
export async function removeStored(deps: AppDeps, row: Stored): Promise<void> {
  forgetOrtho(row.id);
  forgetPyramid(row.id);
  forgetTiles(row.id);
  await deps.storage.deletePrefix(`drone/${row.projectCode}/${row.id}/`);
}

/** Cancels the orthophoto's overviews and detection jobs while queued or running. */
async function stopJobs(deps: AppDeps, row: OrthoRow): Promise<void> {
  const running = await deps.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        or(
          and(eq(jobs.kind, OVERVIEWS_JOB), eq(jobs.uniqueKey, `drone.overviews.${row.id}`)),
          row.jobId ? eq(jobs.id, row.jobId) : undefined,
        ),
      ),
    );
  for (const j of running) await cancelJob(deps, j.id);
}

/** Removes an orthophoto: jobs stopped, row gone (candidates with it), then its stored bytes. */
export async function removeOrtho(deps: AppDeps, row: OrthoRow): Promise<void> {
  await stopJobs(deps, row);
  await deps.database.db.delete(droneOrthophotos).where(eq(droneOrthophotos.id, row.id));
  await removeStored(deps, row);
  if (row.state !== 'ready') return;
  const { id, projectCode } = row;
  await enqueueJob(deps, {
    kind: SWEEP_JOB,
    projectCode,
    userId: null,
    params: { id, projectCode } satisfies Stored,
    runAt: new Date(Date.now() + SWEEP_DELAY_MS),
  });
}

registerJobKind(
  SWEEP_JOB,
  async (job, ctx) => {
    await removeStored(ctx.deps, job.params as Stored);
    return {};
  },
  { maxAttempts: 3 },
);
