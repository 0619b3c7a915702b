import type { TableSummary } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { onChange } from '../../platform/changes.ts';
import { Memo } from '../../platform/memo.ts';
import type { Executor } from '../../db/client.ts';
import * as standards from '../standards/index.ts';
import { sectionScope } from './context.ts';
import * as q from './rollupQueries.ts';

/**
 * The rollup kept in step: every write moves record_counts and record_cells in its transaction
 * (bumpCounts), and what was remembered of them is forgotten (the overview's sums, the list's
 * keyword totals). What a record adds is rollup.ts's arithmetic; the SQL is rollupQueries.ts.
 */

const rollupMemo = new Memo<q.RollupRow[]>(2_000, 2_000);

/** A list's total and whether it is exact (past the cap, the planner's estimate). */
export type ListTotal = { total: number; totalExact: boolean };
/**
 * List totals from the counters per filter (list.ts): kept until the counters move, which every
 * instance hears of (the record_counts trigger notifies 'c'); the time to live is only a backstop.
 */
export const counterTotals = new Memo<ListTotal>(60_000, 10_000);
/** Keyword (and recycle-bin) totals per filter, reused 10 s (and 10 s more while one call recounts). */
export const keywordTotals = new Memo<ListTotal>(10_000, 10_000);

// Another instance (or this one) changed the counters: what was summed from them is gone.
onChange((_db, change) => {
  if (change.kind === 'counts' || change.kind === 'lost') forgetTotals();
});

/** Adds to the per-day rollup and forgets the remembered sums (see rollupSums). */
export async function bumpCounts(db: Executor, deltas: q.CountDelta[]) {
  await q.bumpCounts(db, deltas);
  rollupMemo.forget();
  counterTotals.forget();
}

/**
 * After a write through this process has committed, and whenever the counters' notification
 * arrives (any instance's write): keyword and list totals, and the rollup sums once more.
 * bumpCounts forgot them inside the transaction, where a dashboard call could still read the old
 * counters and remember them under the new version.
 */
export function forgetTotals(): void {
  keywordTotals.forget();
  counterTotals.forget();
  rollupMemo.forget();
}

/**
 * Sums of the per-day rollup (the overview's figures): see rollupQueries.rollupSums. Every
 * dashboard and progress call asks for the same few sums, so they are remembered for 2 s per
 * database (and given 2 s more while one call reloads them); a change of the counters anywhere
 * forgets them as soon as it is heard of (at once here, within the notification's delay elsewhere).
 */
export function rollupSums(db: Executor, filter: q.RollupFilter, by: q.RollupKey[]) {
  return rollupMemo.get(db, JSON.stringify([filter, by]), () => q.rollupSums(db, filter, by));
}

/** Changes whenever this process changes the rollup: figures computed from it can be keyed by it. */
export const rollupVersion = () => rollupMemo.version;

/**
 * The data centre's overview: every standard table of the project, live records by state, last
 * day. A section manager's figures are their sections' only, like their list and dashboard.
 */
export async function tableSummary(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
): Promise<TableSummary> {
  const { db } = deps.database;
  const tables = await standards.projectTables(db, projectCode);
  const codes = tables.map((tb) => tb.code);
  const scope = await sectionScope(db, auth, projectCode);
  const filter = { projectCodes: [projectCode], tableCodes: codes, sectionCodes: scope };
  let sums: q.RollupRow[];
  let last: Map<string, string>;
  if (scope) {
    // Per day too, for the last day within the sections (the project-wide lastDays would tell
    // a section manager when other sections last recorded).
    sums = await q.rollupSums(db, filter, ['table', 'state', 'day']);
    last = new Map();
    for (const r of sums) {
      if (r.n > 0 && r.table && r.day && r.day > (last.get(r.table) ?? '')) last.set(r.table, r.day);
    }
  } else {
    [sums, last] = await Promise.all([
      q.rollupSums(db, filter, ['table', 'state']),
      q.lastDays(db, projectCode),
    ]);
  }
  return tables.map((tb) => {
    const states = { '10': 0, '20': 0, '30': 0, '40': 0 };
    for (const r of sums) {
      if (r.table === tb.code && r.state && r.state in states) states[r.state as keyof typeof states] += r.n;
    }
    return {
      tableCode: tb.code,
      tableName: tb.name,
      states,
      total: states['10'] + states['20'] + states['30'] + states['40'],
      lastDay: last.get(tb.code) ?? null,
    };
  });
}
