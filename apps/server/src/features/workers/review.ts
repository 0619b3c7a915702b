/** Review (审核) of registered workers by the project's reviewers, and its undo (撤销审核). */
import { ErrorCode, ExamineStatus, t } from '@pineguard/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { forgetTotals, sectionScope, type WorkerContext } from './context.ts';
import { addHistory } from './detailQueries.ts';
import * as q from './queries.ts';
import { missingForApproval } from './rules.ts';

/**
 * Approves or rejects pending workers (one or many): a worker not pending or, to approve, lacking
 * ID card photos or a face is skipped with the reason; a single such worker is refused.
 */
type Skipped = { id: string; name: string; reason: string };

/** Locks the named workers of the project; an id of another project or of nobody is refused. */
async function lockNamed(tx: Tx, ctx: WorkerContext, ids: string[]) {
  const rows = await q.lockWorkers(tx, ctx.projectCode, ids);
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.find((id) => !found.has(id))!;
    if (await q.projectOfWorker(tx, missing)) throw new AppError(ErrorCode.forbidden, 'otherProject');
    throw fail.notFound('workerNotFound');
  }
  return rows;
}

export async function examine(
  ctx: WorkerContext,
  body: { userId: string | string[]; examineStatus: 1 | 2; reason: string },
) {
  forgetTotals();
  const ids = [...new Set(Array.isArray(body.userId) ? body.userId : [body.userId])];
  const scope = await sectionScope(ctx);
  const approve = body.examineStatus === ExamineStatus.approved;
  return ctx.deps.database.db.transaction(async (tx) => {
    const rows = await lockNamed(tx, ctx, ids);
    const skipped: Skipped[] = [];
    let done = 0;
    for (const w of rows) {
      if (scope && !scope.includes(w.sectionCode)) throw fail.forbidden('workerSectionNotYours');
      if (w.reviewStatus !== ExamineStatus.pending) {
        skipped.push({ id: w.id, name: w.name, reason: t(ctx.lang, 'workerNotPending') });
        continue;
      }
      const missing = approve ? missingForApproval(w, ctx.lang) : [];
      if (missing.length) {
        const sep = ctx.lang === 'en' ? ', ' : '、';
        skipped.push({
          id: w.id,
          name: w.name,
          reason: t(ctx.lang, 'workerIncomplete', { missing: missing.join(sep) }),
        });
        continue;
      }
      await q.updateWorker(tx, w.id, {
        reviewStatus: body.examineStatus,
        reviewReason: approve ? '' : body.reason,
        reviewedBy: ctx.auth.userId,
        reviewedAt: new Date(),
      });
      await addHistory(tx, {
        workerId: w.id,
        actorId: ctx.auth.userId,
        action: approve ? 'approve' : 'reject',
        text: body.reason,
      });
      await audit(tx, {
        actorId: ctx.auth.userId,
        projectCode: ctx.projectCode,
        action: approve ? 'approve' : 'reject',
        entity: 'worker',
        entityId: w.id,
        summary: `${w.name}${body.reason ? ` ${body.reason}` : ''}`,
        params: { name: w.name, reason: body.reason || null },
      });
      done++;
    }
    // A single worker that could not be examined is refused with the reason.
    if (ids.length === 1 && skipped.length === 1)
      throw fail.invalid('examineRefused', { name: skipped[0]!.name, reason: skipped[0]!.reason });
    return { approved: approve ? done : 0, rejected: approve ? 0 : done, skipped };
  });
}

/**
 * 撤销审核 (issue 29): approved or rejected workers go back to pending, so a click on 通过 by
 * mistake is undone by the reviewers (the web offers it at once, and later from the roster). A
 * worker still pending is skipped with the reason; a single such worker is refused.
 */
export async function unexamine(ctx: WorkerContext, body: { userId: string | string[] }) {
  forgetTotals();
  const ids = [...new Set(Array.isArray(body.userId) ? body.userId : [body.userId])];
  const scope = await sectionScope(ctx);
  return ctx.deps.database.db.transaction(async (tx) => {
    const rows = await lockNamed(tx, ctx, ids);
    const skipped: Skipped[] = [];
    let revoked = 0;
    for (const w of rows) {
      if (scope && !scope.includes(w.sectionCode)) throw fail.forbidden('workerSectionNotYours');
      if (w.reviewStatus === ExamineStatus.pending) {
        skipped.push({ id: w.id, name: w.name, reason: t(ctx.lang, 'workerNotReviewed') });
        continue;
      }
      await q.updateWorker(tx, w.id, {
        reviewStatus: ExamineStatus.pending,
        reviewReason: '',
        reviewedBy: null,
        reviewedAt: null,
      });
      await addHistory(tx, { workerId: w.id, actorId: ctx.auth.userId, action: 'revoke', text: '' });
      await audit(tx, {
        actorId: ctx.auth.userId,
        projectCode: ctx.projectCode,
        action: 'revoke',
        entity: 'worker',
        entityId: w.id,
        summary: w.name,
        params: { name: w.name },
      });
      revoked++;
    }
    if (ids.length === 1 && skipped.length === 1)
      throw fail.invalid('examineRefused', { name: skipped[0]!.name, reason: skipped[0]!.reason });
    return { revoked, skipped };
  });
}
