/**
 * What every worker call starts from: who asks, in which project and language, on which China
 * date (WorkerContext); which sections a section manager is kept to; the worker a caller may
 * touch; and the list totals that every change to workers must forget.
 */
import { chinaToday, ErrorCode, type Lang } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { onChange } from '../../platform/changes.ts';
import { Memo } from '../../platform/memo.ts';
import * as projects from '../projects/index.ts';
import * as q from './queries.ts';

/** Who asks, in which project, in which language, on which China date. */
export type WorkerContext = {
  deps: AppDeps;
  auth: AuthContext;
  projectCode: string;
  lang: Lang;
  today?: string;
};

export const todayOf = (ctx: WorkerContext) => ctx.today ?? chinaToday();
export const fileUrl = (id: string | null) => (id ? `/api/file/${id}` : null);
export const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** A user whose only role here is section manager sees and manages their own sections only. */
export async function sectionScope(ctx: WorkerContext): Promise<string[] | undefined> {
  const { auth } = ctx;
  if (auth.isSuperAdmin || !auth.roleCodes.length) return undefined;
  if (!auth.roleCodes.every((c) => c === 'section_manager')) return undefined;
  return projects.managedSectionCodes(ctx.deps.database.db, ctx.projectCode, auth.userId);
}

/** The worker of the current project (and of the caller's sections), or a clear refusal. */
export async function workerOf(ctx: WorkerContext, id: string, db: Executor = ctx.deps.database.db) {
  const row = await q.findWorker(db, ctx.projectCode, id);
  if (!row) {
    const other = await q.projectOfWorker(db, id);
    if (other) throw new AppError(ErrorCode.forbidden, 'otherProject');
    throw fail.notFound('workerNotFound');
  }
  const scope = await sectionScope(ctx);
  if (scope && !scope.includes(row.worker.sectionCode)) throw fail.forbidden('workerSectionNotYours');
  return row;
}

/**
 * Totals of recent list filters in this process: a page turn (or a second caller with the same
 * filter) does not count again within 10 s. Every worker change made here forgets them (call
 * forgetTotals), another instance's as soon as its notification arrives; while one call recounts
 * an expired total, the others are given the previous one. See
 * docs/decisions/0093-worker-totals.md.
 */
export const listTotals = new Memo<{ total: number; totalExact: boolean }>(10_000, 10_000);

// Any instance changed workers (the workers trigger notifies 'w'): recount.
onChange((_db, change) => {
  if (change.kind === 'workers' || change.kind === 'lost') forgetTotals();
});

export function forgetTotals() {
  listTotals.forget();
}
