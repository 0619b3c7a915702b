import type { DroneOrtho } from '@pineguard/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { droneCandidates, droneOrthophotos, jobs } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { OVERVIEWS_JOB } from './job.ts';
import { signOrtho, verifyOrtho } from './tiles.ts';
import { type DroneCtx, type OrthoRow, receivedParts } from './upload.ts';

const overviewStateOf = (status: string | undefined): DroneOrtho['overviewState'] =>
  status === 'queued' || status === 'running' || status === 'done' ? status : status ? 'failed' : 'none';

/** An orthophoto as the screens show it: georeference, detection state, signed tile and chip URLs. */
export async function droneOrthoView(ctx: DroneCtx, row: OrthoRow): Promise<DroneOrtho> {
  const { deps } = ctx;
  const [n] = await deps.database.db
    .select({ n: count() })
    .from(droneCandidates)
    .where(eq(droneCandidates.orthophotoId, row.id));
  const [overview] = await deps.database.db
    .select({ status: jobs.status, progress: jobs.progress })
    .from(jobs)
    .where(and(eq(jobs.kind, OVERVIEWS_JOB), eq(jobs.uniqueKey, `drone.overviews.${row.id}`)));
  const sig = signOrtho(deps.config.media.secret, row.id, Math.max(deps.config.media.ttlMinutes, 12 * 60));
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    size: row.size,
    partSize: row.partSize,
    partCount: row.partCount,
    received: row.state === 'uploading' ? await receivedParts(deps, row.id) : [],
    width: row.width,
    height: row.height,
    bands: row.bands,
    hasNir: row.hasNir === 1,
    epsg: row.epsg,
    bounds: [row.west, row.south, row.east, row.north],
    gsd: row.gsd,
    threshold: row.threshold,
    detectState: row.detectState,
    detectProgress: row.detectProgress,
    detectMessage: row.detectMessage,
    candidates: n?.n ?? 0,
    overviewState: overviewStateOf(overview?.status),
    overviewProgress: overview?.status === 'done' ? 100 : (overview?.progress ?? 0),
    tileUrl: `/api/drone/tile/${row.id}/{z}/{x}/{y}.png?${sig}`,
    chipUrl: `/api/drone/chip/${row.id}/{px}/{py}.jpg?${sig}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function droneOrthoList(ctx: DroneCtx, page: { pageNum: number; pageSize: number }) {
  const db = ctx.deps.database.db;
  const where = eq(droneOrthophotos.projectCode, ctx.projectCode);
  const [total] = await db.select({ n: count() }).from(droneOrthophotos).where(where);
  const rows = await db
    .select()
    .from(droneOrthophotos)
    .where(where)
    .orderBy(desc(droneOrthophotos.createdAt))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { list: await Promise.all(rows.map((r) => droneOrthoView(ctx, r))), total: total?.n ?? 0 };
}

/** The orthophoto a signed tile or chip URL names; refused when the signature is wrong or expired. */
export async function orthoForMedia(deps: AppDeps, id: string, e: number, s: string): Promise<OrthoRow> {
  if (!verifyOrtho(deps.config.media.secret, id, e, s)) throw fail.forbidden();
  const [row] = await deps.database.db
    .select()
    .from(droneOrthophotos)
    .where(and(eq(droneOrthophotos.id, id), eq(droneOrthophotos.state, 'ready')));
  if (!row) throw fail.notFound();
  return row;
}
