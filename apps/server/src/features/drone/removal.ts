import { and, eq, inArray, or } from 'drizzle-orm';
import { droneOrthophotos, jobs } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cancelJob, enqueueJob, registerJobKind } from '../../platform/jobs.ts';
import { OVERVIEWS_JOB } from './job.ts';
import { partKey } from './partSource.ts';
import { forgetPyramid, pyramidKeys } from './pyramid.ts';
import { forgetOrtho } from './raster.ts';
import { deepestStoredZoom, forgetTiles, tileKey } from './tiles.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Deleting an orthophoto (docs/drone.md): its jobs stopped, its row (and candidates) gone at
 * once, so its tile and chip URLs answer "not found", then everything it has in storage — parts,
 * overview blocks, rendered tiles — and what this process remembers of it. A storage that can
 * delete by prefix does it in one call; otherwise every key it may have is named: the parts and
 * overview blocks follow from the scene's size, and tiles are stored only down to the zoom
 * where a map pixel is a file pixel (tiles.ts), over the scene's box. A sweep job a few minutes
 * later removes the same keys again: a tile request or an overviews job in flight during the
 * delete may still have written one.
 */
export type Stored = Pick<
  OrthoRow,
  'id' | 'projectCode' | 'partCount' | 'width' | 'height' | 'gsd' | 'west' | 'south' | 'east' | 'north'
>;

export const SWEEP_JOB = 'drone.sweep';
const SWEEP_DELAY_MS = 3 * 60_000;

const orthoPrefix = (row: Pick<OrthoRow, 'projectCode' | 'id'>) => `drone/${row.projectCode}/${row.id}/`;

const tileX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const r = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** Keys of every tile tiles.ts may have stored: zooms 0 to the deepest kept, the box plus one tile. */
function* tileKeys(row: Stored) {
  if (!row.gsd || row.west === null || row.east === null || row.south === null || row.north === null) return;
  const box = { gsd: row.gsd, west: row.west, east: row.east, south: row.south, north: row.north };
  const deepest = Math.min(24, deepestStoredZoom(box));
  for (let z = 0; z <= deepest; z++) {
    const last = 2 ** z - 1;
    const x1 = Math.min(last, tileX(box.east, z) + 1);
    const y1 = Math.min(last, tileY(box.south, z) + 1);
    for (let x = Math.max(0, tileX(box.west, z) - 1); x <= x1; x++)
      for (let y = Math.max(0, tileY(box.north, z) - 1); y <= y1; y++) yield tileKey(row, z, x, y);
  }
}

/** Every key an orthophoto may have in storage. */
export function* storedKeys(row: Stored): Generator<string> {
  for (let n = 0; n < row.partCount; n++) yield partKey(row.projectCode, row.id, n);
  yield* pyramidKeys(row);
  yield* tileKeys(row);
}

/** Removes everything the orthophoto has in storage and this process's memory of it. */
export async function removeStored(deps: AppDeps, row: Stored): Promise<void> {
  forgetOrtho(row.id);
  forgetPyramid(row.id);
  forgetTiles(row.id);
  const { storage } = deps;
  if (storage.deletePrefix) return storage.deletePrefix(orthoPrefix(row));
  // One shared iterator, 16 deletes in flight: a 100 ha scene names about 8,000 keys (150 parts, 2,140 overview blocks, 5,690 tile slots).
  const keys = storedKeys(row);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (const key of keys) await storage.delete(key);
    }),
  );
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
  const { id, projectCode, partCount, width, height, gsd, west, south, east, north } = row;
  await enqueueJob(deps, {
    kind: SWEEP_JOB,
    projectCode,
    userId: null,
    params: { id, projectCode, partCount, width, height, gsd, west, south, east, north } satisfies Stored,
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
