import { and, eq, sql } from 'drizzle-orm';
import { droneCandidates, droneOrthophotos } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { enqueueJob, registerJobKind } from '../../platform/jobs.ts';
import { type BusyGate, detectScene, eventLoopGate, type Tile } from './detect/index.ts';
import { toWgs84 } from './crs.ts';
import { localFileSource } from './fileSource.ts';
import { buildPyramid } from './pyramid.ts';
import { openOrtho, readRgb } from './raster.ts';
import { outlines, sectionAt } from './sections.ts';
import type { DroneCtx, OrthoRow } from './upload.ts';

/**
 * Detection as a background job (platform/jobs.ts): the detector (detect/, by scene, tile by tile
 * in worker threads) reads windows of the stored file; its candidates replace the orthophoto's
 * earlier ones that were never issued as tasks, in one transaction at the end (a retried or
 * killed run leaves nothing half-written).
 */
export const DETECT_JOB = 'drone.detect';

registerJobKind(
  DETECT_JOB,
  async (job, ctx) => {
    const { orthophotoId } = job.params as { orthophotoId: string };
    const db = ctx.deps.database.db;
    const [row] = await db.select().from(droneOrthophotos).where(eq(droneOrthophotos.id, orthophotoId));
    if (!row) return { candidates: 0 };
    await db
      .update(droneOrthophotos)
      .set({ detectState: 'running', detectProgress: 0 })
      .where(eq(droneOrthophotos.id, row.id));
    try {
      const gate = detectionGate();
      const found = await detect(
        ctx.deps,
        row,
        ctx.signal,
        async (p) => {
          await ctx.progress(p);
          await db.update(droneOrthophotos).set({ detectProgress: p }).where(eq(droneOrthophotos.id, row.id));
        },
        gate,
      );
      await store(ctx.deps, row, found);
      await db
        .update(droneOrthophotos)
        .set({ detectState: 'done', detectProgress: 100, detectMessage: '' })
        .where(eq(droneOrthophotos.id, row.id));
      return {
        candidates: found.length,
        ...(gate ? { heldWindows: gate.held.windows, heldMs: Math.round(gate.held.ms) } : {}),
      };
    } catch (error) {
      await db
        .update(droneOrthophotos)
        .set({
          detectState: 'failed',
          detectMessage: String((error as Error).message ?? error).slice(0, 300),
        })
        .where(eq(droneOrthophotos.id, row.id));
      throw error;
    }
  },
  { maxAttempts: 2, timeoutMs: 30 * 60_000 },
);

/**
 * Overviews (pyramid.ts) as a background job queued when an upload is accepted: until it ends, the
 * map shows the orthophoto from about z19 in; its progress is the job's (GET /api/jobs/:id).
 */
export const OVERVIEWS_JOB = 'drone.overviews';

registerJobKind(
  OVERVIEWS_JOB,
  async (job, ctx) => {
    const { orthophotoId } = job.params as { orthophotoId: string };
    const [row] = await ctx.deps.database.db
      .select()
      .from(droneOrthophotos)
      .where(and(eq(droneOrthophotos.id, orthophotoId), eq(droneOrthophotos.state, 'ready')));
    if (!row) return { levels: 0 };
    const pyr = await buildPyramid(ctx.deps, row, (p) => ctx.progress(p), ctx.signal);
    return { levels: pyr.levels.length };
  },
  { maxAttempts: 2, timeoutMs: 30 * 60_000 },
);

export async function startOverviews(deps: AppDeps, row: OrthoRow, userId: string | null): Promise<void> {
  await enqueueJob(deps, {
    kind: OVERVIEWS_JOB,
    projectCode: row.projectCode,
    userId,
    params: { orthophotoId: row.id },
    uniqueKey: `drone.overviews.${row.id}`,
  });
}

type Found = { px: number; py: number; areaM2: number; score: number };

/**
 * The API first: the job's workers wait while the server's thread is busy (detect/busyGate.ts).
 * DRONE_DETECT_GATE=off runs them flat out, for the benches' before/after.
 */
export function detectionGate(): BusyGate | undefined {
  return process.env.DRONE_DETECT_GATE === 'off' ? undefined : eventLoopGate();
}

/** The detection pass over a stored orthophoto (the job's work before storing; the bench runs it). */
export async function detect(
  deps: AppDeps,
  row: OrthoRow,
  signal: AbortSignal,
  progress: (p: number) => Promise<void>,
  gate?: BusyGate,
) {
  const { levels } = await openOrtho(deps, row);
  const image = levels[0]!;
  const readWindow = async (x: number, y: number, w: number, h: number, into?: Uint8Array): Promise<Tile> => {
    const r = await readRgb(
      row,
      image,
      { x, y, w, h },
      {
        nir: true,
        signal,
        deps,
        // A full-scene pass: its blocks are not kept (they would push out the map tiles' ones).
        cache: false,
        ...(into ? { into } : {}),
      },
    );
    return { data: r.data, width: w, height: h, channels: r.channels, ...(r.nir ? { nir: r.nir } : {}) };
  };
  let last = -1;
  // On local disk the workers read the windows themselves: 1.2 GB of buffers on this thread
  // (100 ha) cost the API garbage-collection pauses of up to 420 ms (decision 0220).
  // DRONE_DETECT_READ=main keeps the old way, for the benches' before/after at the same load.
  const file = process.env.DRONE_DETECT_READ === 'main' ? null : await localFileSource(deps, row, image);
  const result = await detectScene({
    width: row.width,
    height: row.height,
    readWindow,
    ...(file ? { file } : {}),
    groundResolutionM: row.gsd,
    // One window a worker: 100 ha peaks at 469 MB (535 MB with two a worker) for 13.6 s (vs 12.7–15.5 s).
    inFlight: 2,
    signal,
    ...(gate ? { gate } : {}),
    onProgress: (p) => {
      const pct = Math.min(99, Math.floor((p.tilesDone / Math.max(1, p.tilesTotal)) * 100));
      if (pct !== last) {
        last = pct;
        void progress(pct).catch(() => {});
      }
    },
  });
  return result.candidates.map((c): Found => ({
    px: Math.round(c.x),
    py: Math.round(c.y),
    areaM2: c.areaM2,
    score: c.score,
  }));
}

async function store(deps: AppDeps, row: OrthoRow, found: Found[]) {
  const [ox, rx, oy, ry] = row.transform as [number, number, number, number];
  const conv = toWgs84(row.epsg);
  const shapes = await outlines(deps.database.db, row.projectCode);
  const values = found.map((f) => {
    const [lng, lat] = conv.forward([ox + (f.px + 0.5) * rx, oy + (f.py + 0.5) * ry]);
    return {
      projectCode: row.projectCode,
      orthophotoId: row.id,
      lng,
      lat,
      px: f.px,
      py: f.py,
      areaM2: Math.round(f.areaM2 * 10) / 10,
      score: Math.round(f.score * 1000) / 1000,
      sectionCode: sectionAt(shapes, lng, lat),
    };
  });
  await deps.database.db.transaction(async (tx) => {
    await tx
      .delete(droneCandidates)
      .where(and(eq(droneCandidates.orthophotoId, row.id), sql`state in ('candidate', 'dropped')`));
    for (let i = 0; i < values.length; i += 500)
      await tx.insert(droneCandidates).values(values.slice(i, i + 500));
  });
}

/** Queues detection of a ready orthophoto (once at a time). */
export async function startDetect(ctx: DroneCtx, row: OrthoRow): Promise<OrthoRow> {
  const db = ctx.deps.database.db;
  // Queued before the job exists: a worker taking it at once then moves it on to running.
  await db
    .update(droneOrthophotos)
    .set({ detectState: 'queued', detectProgress: 0, detectMessage: '' })
    .where(eq(droneOrthophotos.id, row.id));
  const job = await enqueueJob(ctx.deps, {
    kind: DETECT_JOB,
    projectCode: row.projectCode,
    userId: ctx.auth.userId,
    params: { orthophotoId: row.id },
  });
  const [done] = await db
    .update(droneOrthophotos)
    .set({ jobId: job.id })
    .where(eq(droneOrthophotos.id, row.id))
    .returning();
  return done!;
}
