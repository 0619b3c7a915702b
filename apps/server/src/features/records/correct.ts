import { chinaDay, fixedColumnCodes, type Lang, t } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as standards from '../standards/index.ts';
import { lockVisible } from './context.ts';
import { bumpCounts, forgetTotals } from './counters.ts';
import { findRecord } from './listQueries.ts';
import { afterWrite } from './ports.ts';
import { measuresChange } from './rollup.ts';
import { rejected, searchTextOf, validateFields } from './validate.ts';
import * as w from './writeQueries.ts';

/**
 * The approval save (/api/data/update, /api/data/updateYmfs): a reviewer corrects a record's form
 * fields; every change keeps its before and after in the history, and a corrected quantity moves
 * the rollup's sums.
 */

/** The approval save: corrects dynamic fields (not fixed, pic_ or vdo_), keeping before/after per field. */
export async function correct(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { id: string; fields: Record<string, unknown>; reason?: string | undefined },
  lang: Lang,
) {
  const result = await deps.database.db.transaction(async (tx) => {
    const [row] = await lockVisible(tx, auth, projectCode, [input.id]);
    if (!row) throw fail.notFound('recordNotFound');
    if (row.deletedAt) throw fail.invalid('recordDeleted');
    const table = await standards.descriptorOf(tx, row.tableCode);
    if (!table) throw fail.invalid('tableUnknown', { code: row.tableCode });
    for (const key of Object.keys(input.fields)) {
      const c = table.columns.find((x) => x.code === key);
      if (
        (fixedColumnCodes as readonly string[]).includes(key) ||
        (c && (c.fldInput === 'photo' || c.fldInput === 'video'))
      ) {
        throw rejected([{ field: key, message: t(lang, 'fieldNotEditable', { code: key }) }]);
      }
    }
    const checked = validateFields(table.columns, input.fields, {
      lang,
      projectCode,
      files: new Map(),
      partial: true,
      current: row.fields,
    });
    if (checked.errors.length) throw rejected(checked.errors);
    const changes = Object.entries(checked.values)
      .filter(([k, v]) => JSON.stringify(row.fields[k] ?? null) !== JSON.stringify(v))
      .map(([k, v]) => ({
        field: k,
        label: table.columns.find((c) => c.code === k)?.value ?? k,
        before: row.fields[k] ?? null,
        after: v,
      }));
    // Cleared optional fields: present in the request as empty.
    for (const [k, v] of Object.entries(input.fields)) {
      if ((v === '' || v === null) && row.fields[k] !== undefined && !(k in checked.values)) {
        changes.push({
          field: k,
          label: table.columns.find((c) => c.code === k)?.value ?? k,
          before: row.fields[k],
          after: null,
        });
      }
    }
    if (!changes.length) return { changed: 0, ids: [] as string[] };
    const fields = { ...row.fields };
    for (const ch of changes) {
      if (ch.after === null) delete fields[ch.field];
      else fields[ch.field] = ch.after;
    }
    const current = await findRecord(tx, row.id);
    await w.updateFields(tx, row.id, {
      fields,
      searchText: searchTextOf(table.columns, fields, [
        current?.gps_xiang ?? '',
        current?.gps_xzcun ?? '',
        current?.gps_xiaoban ?? '',
      ]),
      editorId: auth.userId,
      descriptorVersion: table.version,
    });
    await w.insertHistory(tx, [
      { recordId: row.id, actorId: auth.userId, action: 'corrected', reason: input.reason ?? null, changes },
    ]);
    await afterWrite(tx, 'corrected', [{ ...row, fields }]);
    // A corrected quantity (trees, tons, m³, tags, stump) moves the rollup's sums (the count stays).
    const change = measuresChange(row.tableCode, row.fields, fields);
    if (Object.values(change).some((v) => v !== 0)) {
      await bumpCounts(tx, [
        {
          projectCode,
          tableCode: row.tableCode,
          sectionCode: row.sectionCode,
          state: row.state,
          day: chinaDay(row.timeSubmit),
          township: row.township,
          long: row.long,
          lat: row.lat,
          n: 0,
          ...change,
        },
      ]);
    }
    return { changed: 1, ids: [row.id] };
  });
  forgetTotals();
  return result;
}
