import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { ErrorCode } from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { droneOrthophotos, droneParts, projects } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { looksLikeTiff, readGeoref } from './georef.ts';
import { startOverviews } from './job.ts';
import { partKey } from './partSource.ts';
import { removeOrtho } from './removal.ts';

/**
 * Orthophoto uploads in parts (docs/decisions/32-drone-orthophoto-parts.md): the client declares
 * the size, sends fixed-size parts in any order (each streamed straight to storage), may ask which
 * arrived and send the rest after a break, then completes. Completing reads the header through
 * the stored parts; a refused file is removed with all its parts (nothing half-stored).
 */
export const PART_SIZE = 8 * 1024 * 1024;
export const MAX_SIZE = 20 * 1024 ** 3;

export type DroneCtx = { deps: AppDeps; auth: AuthContext; projectCode: string };
export type OrthoRow = typeof droneOrthophotos.$inferSelect;

export async function findOrtho(ctx: DroneCtx, id: string): Promise<OrthoRow> {
  const [row] = await ctx.deps.database.db
    .select()
    .from(droneOrthophotos)
    .where(and(eq(droneOrthophotos.id, id), eq(droneOrthophotos.projectCode, ctx.projectCode)));
  if (!row) throw fail.notFound('droneOrthoNotFound');
  return row;
}

export async function startUpload(ctx: DroneCtx, input: { name: string; size: number }): Promise<OrthoRow> {
  if (input.size > MAX_SIZE) {
    throw new AppError(
      ErrorCode.validation,
      'droneTooLarge',
      { size: input.size, limit: MAX_SIZE },
      { field: 'size' },
    );
  }
  const [row] = await ctx.deps.database.db
    .insert(droneOrthophotos)
    .values({
      projectCode: ctx.projectCode,
      name: input.name.slice(0, 200),
      size: input.size,
      partSize: PART_SIZE,
      partCount: Math.max(1, Math.ceil(input.size / PART_SIZE)),
      createdBy: ctx.auth.userId,
    })
    .returning();
  return row!;
}

export async function receivedParts(deps: AppDeps, id: string): Promise<number[]> {
  const rows = await deps.database.db
    .select({ n: droneParts.n })
    .from(droneParts)
    .where(eq(droneParts.orthophotoId, id));
  return rows.map((r) => r.n).sort((a, b) => a - b);
}

/** Counts the bytes going by and refuses a part longer than it should be, without holding it. */
function meter(limit: number) {
  let seen = 0;
  let head = Buffer.alloc(0);
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      if (seen > limit) return done(new Error('part too long'));
      done(null, chunk);
    },
  });
  return { t, seen: () => seen, head: () => head };
}

/**
 * Stores part `n` from the request stream. Part 0 must start like a TIFF: a file that is not one
 * is refused at its first part, and the upload removed.
 */
export async function putPart(ctx: DroneCtx, id: string, n: number, body: Readable): Promise<number[]> {
  const row = await findOrtho(ctx, id);
  if (row.state !== 'uploading' || n < 0 || n >= row.partCount) {
    body.resume();
    throw new AppError(ErrorCode.validation, 'validation', {}, { field: 'n' });
  }
  const expected = n === row.partCount - 1 ? row.size - n * row.partSize : row.partSize;
  const m = meter(expected);
  const key = partKey(row.projectCode, row.id, n);
  try {
    await ctx.deps.storage.put(key, body.pipe(m.t), 'application/octet-stream');
  } catch {
    body.resume();
    await ctx.deps.storage.delete(key).catch(() => {});
    throw new AppError(
      ErrorCode.validation,
      'dronePartSize',
      { n, expected, got: m.seen() },
      { field: 'body' },
    );
  }
  if (m.seen() !== expected) {
    await ctx.deps.storage.delete(key);
    throw new AppError(
      ErrorCode.validation,
      'dronePartSize',
      { n, expected, got: m.seen() },
      { field: 'body' },
    );
  }
  if (n === 0 && !looksLikeTiff(m.head())) {
    const found = [...m.head()].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    await removeOrtho(ctx.deps, row);
    throw new AppError(ErrorCode.validation, 'droneNotTiff', { found }, { field: 'file' });
  }
  await ctx.deps.database.db
    .insert(droneParts)
    .values({ orthophotoId: id, n, size: expected })
    .onConflictDoNothing();
  return receivedParts(ctx.deps, id);
}

/** Every part arrived: read and check the header; accept (state ready) or remove everything. */
export async function completeUpload(ctx: DroneCtx, id: string): Promise<OrthoRow> {
  const row = await findOrtho(ctx, id);
  if (row.state === 'ready') return row;
  const got = await receivedParts(ctx.deps, id);
  if (got.length < row.partCount) {
    throw new AppError(ErrorCode.validation, 'dronePartsMissing', { missing: row.partCount - got.length });
  }
  const [project] = await ctx.deps.database.db
    .select({ areaCode: projects.areaCode })
    .from(projects)
    .where(eq(projects.code, ctx.projectCode));
  let geo;
  try {
    geo = await readGeoref(ctx.deps.storage, row, project?.areaCode ?? '');
  } catch (error) {
    await removeOrtho(ctx.deps, row);
    throw error;
  }
  const [done] = await ctx.deps.database.db
    .update(droneOrthophotos)
    .set({
      state: 'ready',
      width: geo.width,
      height: geo.height,
      bands: geo.bands,
      hasNir: geo.hasNir ? 1 : 0,
      epsg: geo.epsg,
      transform: geo.transform,
      ...geo.bounds,
      gsd: geo.gsd,
    })
    .where(eq(droneOrthophotos.id, id))
    .returning();
  await ctx.deps.database.db.delete(droneParts).where(eq(droneParts.orthophotoId, id));
  await startOverviews(ctx.deps, done!, ctx.auth.userId);
  return done!;
}
