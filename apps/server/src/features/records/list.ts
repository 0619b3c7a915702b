import {
  type ColumnDescriptor,
  MAX_PAGE_NUM,
  type QueryDataListBody,
  type QueryDataListValue,
  type RecordFilter,
  type RecordRow,
  sortableFixedColumns,
} from '@pineguard/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import { decodeCursor, EXACT_COUNT_LIMIT, encodeCursor, estimateRows } from '../../platform/pagination.ts';
import type { Executor } from '../../db/client.ts';
import { readContext, readTable, sectionScope } from './context.ts';
import { keywordTotals, type ListTotal } from './counters.ts';
import * as q from './listQueries.ts';
import { flagBurnPoints } from './ports.ts';
import { searchToken } from './validate.ts';

/**
 * queryDataList, the data list: its filter (the caller's sections applied), a checked sort, keyset
 * cursors and totals; `toRow` shapes a record as the spec's lists show it (detail.ts too).
 */

/*
 * The cursor of each page this process answered, per filter and page number, so that a page asked
 * for by number (the web's pager) still pages by keyset. Not a Memo: a cursor is looked up, never
 * loaded (a miss falls back to OFFSET), and it stays right after writes (it names a position in
 * the sort order, not an answer), so it has neither a time to live nor a load; it is bounded
 * instead, oldest first out, per database.
 */
const CURSORS_MAX = 20_000;
const cursorsByDb = new WeakMap<object, Map<string, string>>();
function cursorsOf(db: object): Map<string, string> {
  let cursors = cursorsByDb.get(db);
  if (!cursors) cursorsByDb.set(db, (cursors = new Map()));
  return cursors;
}
function remember(db: object, key: string, cursor: string) {
  const cursors = cursorsOf(db);
  if (cursors.size >= CURSORS_MAX) cursors.delete(cursors.keys().next().value!);
  cursors.set(key, cursor);
}

/** The planner's estimate of a large filter, remembered a few seconds per filter. */
const estimates = new Memo<number>(5_000);

const fixedSort: Record<string, SQL> = {
  time_submit: sql`r.time_submit`,
  time_update: sql`r.time_update`,
  code_state: sql`r.state`,
  id: sql`r.id`,
};

function sortOf(
  sortText: string,
  columns: ColumnDescriptor[],
): { code: string; expr: SQL; dir: 'asc' | 'desc' } {
  const [code = 'time_submit', rawDir = 'desc'] = sortText.trim().split(/\s+/);
  const dir = rawDir.toLowerCase() === 'asc' ? 'asc' : 'desc';
  if ((sortableFixedColumns as readonly string[]).includes(code))
    return { code, expr: fixedSort[code]!, dir };
  const column = columns.find((c) => c.code === code);
  if (!column || column.fldInput === 'photo' || column.fldInput === 'video')
    throw fail.invalid('sortUnknown', { code });
  // The code is a checked column code, and it is still bound as a parameter, never spliced.
  const expr =
    column.fldInput === 'number'
      ? sql`case when jsonb_typeof(r.fields -> ${code}) = 'number' then (r.fields ->> ${code})::numeric end`
      : sql`(r.fields ->> ${code})`;
  return { code, expr, dir };
}

const gpsText = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

export function toRow(
  r: q.ListedRow,
  ctx: { projectCode: string; areaCode: string; areaName: string },
): RecordRow {
  const fields = typeof r.fields === 'string' ? (JSON.parse(r.fields) as Record<string, unknown>) : r.fields;
  // The fixed columns first and the form's fields copied after (never over them): spreading each
  // record's own set of keys first gave every row a new object shape, 13× slower per row and a
  // tenth of a list call's CPU at a million records (bench/records.bench.ts).
  const row: RecordRow = {
    id: r.id,
    xmdq: ctx.areaName,
    code_project1: ctx.areaCode,
    code_project2: ctx.projectCode,
    code_project3: r.table_code,
    code_project4: r.section_code,
    code_usr_account: r.account,
    userName: r.user_name,
    time_submit: r.time_submit,
    time_update: r.time_update,
    time_edit: r.time_edit,
    user_edit: r.editor_name,
    gps_long: gpsText(Number(r.gps_long)),
    gps_lat: gpsText(Number(r.gps_lat)),
    gps_alt: gpsText(Number(r.gps_alt)),
    gps_range: gpsText(Number(r.gps_range)),
    gps_xian: r.gps_xian,
    gps_xiang: r.gps_xiang,
    gps_xzcun: r.gps_xzcun,
    gps_xiaoban: r.gps_xiaoban,
    code_state: r.state,
    state_reason: r.state_reason,
    table_code: r.table_code,
    deleted: r.deleted,
  };
  for (const key in fields) if (!Object.hasOwn(row, key)) row[key] = fields[key];
  return row;
}

/** Escapes LIKE wildcards of a keyword. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filter as SQL terms: the caller's section scope applied, the keyword reduced and escaped. */
export async function listFilter(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
  body: RecordFilter & { deleted?: boolean | undefined },
): Promise<q.ListFilter> {
  const scope = await sectionScope(db, auth, projectCode);
  const keyword = body.keyWords ? searchToken(body.keyWords) : '';
  return {
    projectCode,
    tableCode: body.prjStandCode,
    deleted: body.deleted ?? false,
    sectionCode: body.biaoduan || undefined,
    sectionCodes: scope,
    state: body.codeState,
    begin: body.begin,
    end: body.end,
    keyword: keyword ? likeEscape(keyword) : undefined,
  };
}

/**
 * queryDataList. Paging: the default sort (time_submit, id) pages by keyset — from the client's
 * `cursor`, or from the cursor this process remembered for the same filter and page number —
 * and falls back to OFFSET only up to MAX_PAGE_NUM. Totals: without a keyword, an exact sum of
 * the per-day counters; with one, a capped count then the planner's estimate.
 */
export async function list(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: QueryDataListBody,
): Promise<QueryDataListValue> {
  const { db } = deps.database;
  if (body.deleted && !auth.isSuperAdmin && !auth.permissions.has('records.delete')) throw fail.forbidden();
  const [ctx, table] = await Promise.all([
    readContext(db, projectCode),
    readTable(db, projectCode, body.prjStandCode),
  ]);
  const filter = await listFilter(db, auth, projectCode, body);
  const where = q.whereOf(filter);
  const sort = sortOf(body.sort, table.columns);
  const keysetable = sort.code === 'time_submit' || sort.code === 'time_update';
  const cacheKey = JSON.stringify([projectCode, filter, sort.code, sort.dir, body.pageSize]);

  let after: SQL | undefined;
  let offset = 0;
  let reverse = false;
  const cursorText =
    body.cursor ?? (keysetable ? cursorsOf(db).get(`${cacheKey}#${body.pageNum}`) : undefined);
  if (cursorText) {
    const c = decodeCursor(cursorText, 3);
    if (
      !keysetable ||
      !c ||
      (c[0] !== 'n' && c[0] !== 'p') ||
      typeof c[1] !== 'string' ||
      typeof c[2] !== 'string'
    ) {
      throw fail.invalid('cursorInvalid');
    }
    reverse = c[0] === 'p';
    // next page: rows after the cursor in the sort order; previous page: rows before it, read backwards.
    const forward = sort.dir === 'desc' ? !reverse : reverse;
    const op = forward ? sql`<` : sql`>`;
    after = sql`(${sort.expr}, r.id) ${op} (${c[1]}::timestamptz, ${c[2]}::uuid)`;
  } else {
    if (body.pageNum > MAX_PAGE_NUM) throw fail.invalid('pageTooDeep', { max: MAX_PAGE_NUM });
    offset = (body.pageNum - 1) * body.pageSize;
  }
  const dir = reverse ? (sort.dir === 'desc' ? 'asc' : 'desc') : sort.dir;
  const { rows, total } = await pageAndTotal(
    db,
    filter,
    where,
    { expr: sort.expr, dir },
    { limit: body.pageSize, offset, after },
    cacheKey,
  );
  if (reverse) rows.reverse();
  const list = rows.map((r) => toRow(r, ctx));
  await flagBurnPoints(db, projectCode, table.columns, list);
  let nextCursor: string | undefined;
  let prevCursor: string | undefined;
  if (keysetable && rows.length) {
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    if (rows.length === body.pageSize)
      nextCursor = encodeCursor(['n', last.sort_key ?? last.ts_key, last.id]);
    if (body.pageNum > 1) prevCursor = encodeCursor(['p', first.sort_key ?? first.ts_key, first.id]);
    if (nextCursor) remember(db, `${cacheKey}#${body.pageNum + 1}`, nextCursor);
  }
  return {
    columnList: table.columns,
    result: { list, total: total.total, totalExact: total.totalExact, nextCursor, prevCursor },
  };
}

/**
 * One page and the list's total, in one statement. Without a keyword the counters answer exactly
 * (a sum over a few hundred rows). With one (or in the recycle bin) a capped count answers, beyond
 * which the planner's estimate does; that count reads every row of the filter, so it is remembered
 * for a few seconds per filter (keywordTotals) and the next pages of the filter do not count again.
 * On a miss the Memo's load is this call's own page statement: the load hands back a promise this
 * call settles once the page is read, and concurrent pages of the filter share it.
 */
async function pageAndTotal(
  db: Executor,
  filter: q.ListFilter,
  where: SQL,
  order: { expr: SQL; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number; after?: SQL | undefined },
  cacheKey: string,
): Promise<{ rows: q.ListedRow[]; total: ListTotal }> {
  if (!filter.keyword && !filter.deleted) {
    const counters = q.counterTotal(filter);
    const rows = await q.listPage(db, where, order, page, counters);
    const n = Number(rows[0]?.total_n ?? (await q.totalOnly(db, counters)));
    return { rows, total: { total: n, totalExact: true } };
  }
  const capped = q.cappedTotal(where, EXACT_COUNT_LIMIT);
  const pending: { resolve?: (t: ListTotal) => void; reject?: (e: unknown) => void } = {};
  const remembered = keywordTotals.get(
    db,
    cacheKey,
    () => new Promise<ListTotal>((resolve, reject) => Object.assign(pending, { resolve, reject })),
  );
  if (!pending.resolve) {
    // Remembered, or being counted by a concurrent page of the filter: this page counts nothing,
    // unless the page that was counting failed.
    const rows = await q.listPage(db, where, order, page, sql`null::bigint`);
    const total =
      (await remembered.catch(() => undefined)) ??
      (await cappedOrEstimate(db, await q.totalOnly(db, capped), where, cacheKey));
    return { rows, total };
  }
  try {
    const rows = await q.listPage(db, where, order, page, capped);
    const total = await cappedOrEstimate(
      db,
      rows[0]?.total_n ?? (await q.totalOnly(db, capped)),
      where,
      cacheKey,
    );
    pending.resolve(total);
    return { rows, total };
  } catch (e) {
    pending.reject?.(e);
    throw e;
  }
}

/** A capped count, exact up to the cap; past it the planner's estimate (remembered a few seconds per filter). */
async function cappedOrEstimate(
  db: Executor,
  raw: string | number,
  where: SQL,
  filterKey: string,
): Promise<ListTotal> {
  const n = Number(raw);
  if (n <= EXACT_COUNT_LIMIT) return { total: n, totalExact: true };
  const estimate = await estimates.get(db, filterKey, () =>
    estimateRows(db, sql`select 1 from records r where ${where}`),
  );
  return { total: Math.max(n, estimate), totalExact: false };
}
