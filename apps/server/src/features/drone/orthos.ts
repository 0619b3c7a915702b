import { type DroneOrtho, ErrorCode } from '@pineguard/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { droneCandidates, droneOrthophotos, droneParts, jobs } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { OVERVIEWS_JOB } from './job.ts';
import { signOrtho, verifyOrtho } from './tiles.ts';
import type { DroneCtx, OrthoRow } from './upload.ts';

const overviewStateOf = (status: string | undefined): DroneOrtho['overviewState'] =>
  status === 'queued' || status === 'running' || status === 'done' ? status : status ? 'failed' : 'none';

type Extras = { candidates: number; overview?: { status: string; progress: number }; received: number[] };

/**
 * What a view adds to the rows (candidate count, the overviews job, parts received while
 * uploading): one statement each for a whole page, however many rows it has.
 */
async function extrasOf(deps: AppDeps, rows: OrthoRow[]): Promise<Map<string, Extras>> {
  const db = deps.database.db;
  const ids = rows.map((r) => r.id);
  const out = new Map<string, Extras>(ids.map((id) => [id, { candidates: 0, received: [] }]));
  if (ids.length === 0) return out;
  const uploading = rows.filter((r) => r.state === 'uploading').map((r) => r.id);
  const keyOf = (id: string) => `drone.overviews.${id}`;
  const [counts, overviews, parts] = await Promise.all([
    db
      .select({ id: droneCandidates.orthophotoId, n: count() })
      .from(droneCandidates)
      .where(inArray(droneCandidates.orthophotoId, ids))
      .groupBy(droneCandidates.orthophotoId),
    db
      .select({ key: jobs.uniqueKey, status: jobs.status, progress: jobs.progress })
      .from(jobs)
      .where(and(eq(jobs.kind, OVERVIEWS_JOB), inArray(jobs.uniqueKey, ids.map(keyOf)))),
    uploading.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: droneParts.orthophotoId, n: droneParts.n })
          .from(droneParts)
          .where(inArray(droneParts.orthophotoId, uploading)),
  ]);
  for (const c of counts) out.get(c.id)!.candidates = c.n;
  const byKey = new Map(ids.map((id) => [keyOf(id), id]));
  for (const o of overviews) {
    const id = o.key ? byKey.get(o.key) : undefined;
    if (id) out.get(id)!.overview = { status: o.status, progress: o.progress ?? 0 };
  }
  for (const p of parts) out.get(p.id)!.received.push(p.n);
  for (const e of out.values()) e.received.sort((a, b) => a - b);
  return out;
}

/** An orthophoto as the screens show it: georeference, detection state, signed tile and chip URLs. */
export async function droneOrthoView(ctx: DroneCtx, row: OrthoRow): Promise<DroneOrtho> {
  return viewOf(ctx, row, (await extrasOf(ctx.deps, [row])).get(row.id)!);
}

function viewOf(ctx: DroneCtx, row: OrthoRow, extras: Extras): DroneOrtho {
  const { deps } = ctx;
  const overview = extras.overview;
  const sig = signOrtho(deps.config.media.secret, row.id, Math.max(deps.config.media.ttlMinutes, 12 * 60));
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    size: row.size,
    partSize: row.partSize,
    partCount: row.partCount,
    received: row.state === 'uploading' ? extras.received : [],
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
    candidates: extras.candidates,
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
  const extras = await extrasOf(ctx.deps, rows);
  return { list: rows.map((r) => viewOf(ctx, r, extras.get(r.id)!)), total: total?.n ?? 0 };
}

/** The orthophoto a signed tile or chip URL names; refused when the signature is wrong or expired. */
export async function orthoForMedia(deps: AppDeps, id: string, e: number, s: string): Promise<OrthoRow> {
  // Loaded as images (map tiles, <img>): the HTTP status says it too, so nothing caches the envelope.
  if (!verifyOrtho(deps.config.media.secret, id, e, s)) {
    throw new AppError(ErrorCode.forbidden, 'forbidden', {}, null, 403);
  }
  const [row] = await deps.database.db
    .select()
    .from(droneOrthophotos)
    .where(and(eq(droneOrthophotos.id, id), eq(droneOrthophotos.state, 'ready')));
  if (!row) throw new AppError(ErrorCode.notFound, 'droneOrthoNotFound', {}, null, 404);
  return row;
}
