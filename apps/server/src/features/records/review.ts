import { chinaDay, MAX_EXAMINE_BY_FILTER, type RecordFilter } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { Executor } from '../../db/client.ts';
import { notify } from '../notices/index.ts';
import * as standards from '../standards/index.ts';
import { lockVisible, readTable } from './context.ts';
import { bumpCounts, forgetTotals } from './counters.ts';
import { listFilter } from './list.ts';
import { idsOf, whereOf } from './listQueries.ts';
import { afterWrite } from './ports.ts';
import { measuresOf, scaled } from './rollup.ts';
import * as w from './writeQueries.ts';

/**
 * A reviewer's moves: approve, send back, reject (a selection, or every record of a confirmed
 * filter), and deleting or restoring. Each locks the records, appends to their history, moves the
 * counters and tells the after-write checks; a send-back or rejection tells the collectors.
 */

/* ------------------------------------------------------------------ review, delete, correct */

const transitions: Record<'approve' | 'return' | 'reject', { from: string[]; to: string; history: string }> =
  {
    approve: { from: ['10', '30'], to: '20', history: 'approved' },
    return: { from: ['10', '20'], to: '30', history: 'returned' },
    reject: { from: ['10', '30'], to: '40', history: 'rejected' },
  };
export async function examine(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { ids: string[]; action: 'approve' | 'return' | 'reject'; reason?: string | undefined },
) {
  const rule = transitions[input.action];
  const result = await deps.database.db.transaction(async (tx) => {
    const rows = await lockVisible(tx, auth, projectCode, input.ids);
    const moving = rows.filter((r) => !r.deletedAt && rule.from.includes(r.state));
    if (!moving.length) throw fail.invalid('stateChangeInvalid');
    const ids = moving.map((r) => r.id);
    await w.setState(tx, ids, rule.to, input.action === 'approve' ? null : (input.reason ?? null));
    await w.insertHistory(
      tx,
      moving.map((r) => ({
        recordId: r.id,
        actorId: auth.userId,
        action: rule.history,
        reason: input.reason ?? null,
      })),
    );
    await bumpCounts(
      tx,
      moving.flatMap((r) => {
        const key = {
          projectCode,
          tableCode: r.tableCode,
          sectionCode: r.sectionCode,
          day: chinaDay(r.timeSubmit),
          township: r.township,
          long: r.long,
          lat: r.lat,
        };
        const m = measuresOf(r.tableCode, r.fields);
        return [
          { ...key, state: r.state, n: -1, ...scaled(m, -1) },
          { ...key, state: rule.to, n: 1, ...m },
        ];
      }),
    );
    await afterWrite(
      tx,
      'reviewed',
      moving.map((r) => ({ ...r, state: rule.to })),
    );
    if (input.action !== 'approve') await tellCollectors(deps, tx, projectCode, moving, input);
    return { changed: ids.length, ids };
  });
  forgetTotals();
  return result;
}

/**
 * Records sent back or rejected: each collector hears of it, one notice per collector and table
 * (a review of a whole filter does not flood anyone), linking to the record when there is one.
 */
async function tellCollectors(
  deps: AppDeps,
  tx: Executor,
  projectCode: string,
  moved: w.Lockable[],
  input: { action: 'approve' | 'return' | 'reject'; reason?: string | undefined },
) {
  const groups = new Map<string, w.Lockable[]>();
  for (const r of moved) {
    const key = `${r.collectorId}:${r.tableCode}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const names = new Map<string, string>();
  for (const rows of groups.values()) {
    const { collectorId, tableCode } = rows[0]!;
    if (!names.has(tableCode)) {
      names.set(tableCode, (await standards.descriptorOf(tx, tableCode))?.name ?? tableCode);
    }
    const one = rows.length === 1 ? `?id=${rows[0]!.id}` : '';
    await notify(
      deps,
      {
        recipientId: collectorId,
        projectCode,
        kind: input.action === 'return' ? 'recordReturned' : 'recordRejected',
        key: input.action === 'return' ? 'noticeRecordReturned' : 'noticeRecordRejected',
        params: { table: names.get(tableCode)!, count: rows.length, reason: input.reason?.trim() || '-' },
        link: `/dataView/${encodeURIComponent(tableCode)}${one}`,
      },
      tx,
    );
  }
}

/**
 * "Every record of the filter": the reviewer saw the list's total and confirmed it (`expected`).
 * The filter is read again (the caller's sections only); more than MAX_EXAMINE_BY_FILTER or a
 * count that moved since is refused with the new count; then the records that can make the move
 * are moved like a selection of ids (locked, history, counters), the others are left as they are.
 */
export async function examineByFilter(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: {
    filter: RecordFilter;
    expected: number;
    action: 'approve' | 'return' | 'reject';
    reason?: string | undefined;
  },
) {
  const { db } = deps.database;
  await readTable(db, projectCode, input.filter.prjStandCode);
  const filter = await listFilter(db, auth, projectCode, input.filter);
  const ids = await idsOf(db, whereOf(filter), MAX_EXAMINE_BY_FILTER + 1);
  if (ids.length > MAX_EXAMINE_BY_FILTER)
    throw fail.invalid('examineTooMany', { max: MAX_EXAMINE_BY_FILTER });
  if (ids.length !== input.expected) throw fail.invalid('examineCountChanged', { count: ids.length });
  return examine(deps, auth, projectCode, { ids, action: input.action, reason: input.reason });
}

export async function setDeleted(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  ids: string[],
  deleted: boolean,
  reason?: string,
) {
  const result = await deps.database.db.transaction(async (tx) => {
    const rows = await lockVisible(tx, auth, projectCode, ids);
    const moving = rows.filter((r) => (r.deletedAt !== null) !== deleted);
    const changed = moving.map((r) => r.id);
    await w.setDeleted(tx, changed, deleted);
    await w.insertHistory(
      tx,
      moving.map((r) => ({
        recordId: r.id,
        actorId: auth.userId,
        action: deleted ? 'deleted' : 'restored',
        reason: reason ?? null,
      })),
    );
    await bumpCounts(
      tx,
      moving.map((r) => ({
        projectCode,
        tableCode: r.tableCode,
        sectionCode: r.sectionCode,
        state: r.state,
        day: chinaDay(r.timeSubmit),
        township: r.township,
        long: r.long,
        lat: r.lat,
        n: deleted ? -1 : 1,
        ...scaled(measuresOf(r.tableCode, r.fields), deleted ? -1 : 1),
      })),
    );
    await afterWrite(tx, deleted ? 'deleted' : 'restored', moving);
    return { changed: changed.length, ids: changed };
  });
  forgetTotals();
  return result;
}
