/**
 * A worker's face photos: the list, how the field app uploads one, adding one and choosing the
 * current face (the one clock-in compares with).
 */
import { fileKinds, type LwryFace } from '@pineguard/contract';
import { fail } from '../../platform/errors.ts';
import { flag, forgetTotals, type WorkerContext, workerOf } from './context.ts';
import { addHistory, findFace, insertFace, listFaces } from './detailQueries.ts';
import * as q from './queries.ts';
import { checkFile } from './rules.ts';

/** A face photo as the spec names it; `current` marks the one clock-in compares with. */
export function toFace(
  f: { id: string; fileId: string; createdAt: Date },
  currentId: string | null,
): LwryFace {
  return {
    id: f.id,
    fileId: f.fileId,
    url: `/api/file/${f.fileId}`,
    current: flag(f.id === currentId),
    addTime: f.createdAt.toISOString(),
  };
}

export async function faces(ctx: WorkerContext, workerId: string): Promise<LwryFace[]> {
  const w = (await workerOf(ctx, workerId)).worker;
  return (await listFaces(ctx.deps.database.db, workerId)).map((f) => toFace(f, w.currentFaceId));
}

export async function faceAddInfo(ctx: WorkerContext, workerId: string) {
  await workerOf(ctx, workerId);
  return {
    lwryId: workerId,
    uploadUrl: '/api/file/upload?kind=face',
    bindUrl: '/api/lwry/faceUpdate',
    maxBytes: fileKinds.face.maxBytes,
    types: [...fileKinds.face.types],
  };
}

export async function faceUpdate(
  ctx: WorkerContext,
  body: { id: string; fileId?: string; faceId?: string; current: boolean },
) {
  forgetTotals();
  const w = (await workerOf(ctx, body.id)).worker;
  if (body.fileId) await checkFile(ctx, body.fileId, 'face', 'fileId');
  await ctx.deps.database.db.transaction(async (tx) => {
    let faceId = body.faceId;
    if (body.fileId) {
      faceId = (await insertFace(tx, { workerId: w.id, fileId: body.fileId, createdBy: ctx.auth.userId })).id;
    } else if (!faceId || !(await findFace(tx, w.id, faceId))) {
      throw fail.notFound();
    }
    if (body.current || !w.currentFaceId) await q.updateWorker(tx, w.id, { currentFaceId: faceId });
    await addHistory(tx, {
      workerId: w.id,
      actorId: ctx.auth.userId,
      action: 'face',
      text: body.fileId ? 'added' : 'current',
    });
  });
  return faces(ctx, w.id);
}
