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
import { type UserName, userNames } from '../users/index.ts';

/** Signs a link to a stored photo or video (files.signMedia with the app's media key). */
export type MediaSigner = (fileId: string, variant: 'full' | 'thumb') => { url: string; expiresAt: string };
import { readContext, readTable, sectionScope } from './context.ts';
import { counterTotals, keywordTotals, type ListTotal } from './counters.ts';
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
): { code: string; expr: SQL; dir: 'asc' | 'desc'; kind: string } {
  const [code = 'time_submit', rawDir = 'desc'] = sortText.trim().split(/\s+/);
  const dir = rawDir.toLowerCase() === 'asc' ? 'asc' : 'desc';
  if ((sortableFixedColumns as readonly string[]).includes(code))
    return { code, expr: fixedSort[code]!, dir, kind: 'fixed' };
  const column = columns.find((c) => c.code === code);
  if (!column || column.fldInput === 'photo' || column.fldInput === 'video')
    throw fail.invalid('sortUnknown', { code });
  // The code is a checked column code, and it is still bound as a parameter, never spliced.
  const expr =
    column.fldInput === 'number'
      ? sql`case when jsonb_typeof(r.fields -> ${code}) = 'number' then (r.fields ->> ${code})::numeric end`
      : sql`(r.fields ->> ${code})`;
  return { code, expr, dir, kind: column.fldInput };
}

/** A coordinate as the list writes it: an integer gets '.0'. */
export const gpsText = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** What a row names that the record does not carry: its people, and its table and bin from the filter. */
export type RowNames = {
  projectCode: string;
  areaCode: string;
  areaName: string;
  names: Map<string, UserName>;
};

export function toRow(
  r: q.ListedRow,
  ctx: RowNames,
  fixed: { table_code: string; deleted: boolean },
): RecordRow {
  const fields = typeof r.fields === 'string' ? (JSON.parse(r.fields) as Record<string, unknown>) : r.fields;
  const collector = ctx.names.get(r.collector_id);
  // The fixed columns first and the form's fields copied after (never over them): spreading each
  // record's own set of keys first gave every row a new object shape, 13× slower per row and a
  // tenth of a list call's CPU at a million records (bench/records.bench.ts).
  const row: RecordRow = {
    id: r.id,
    xmdq: ctx.areaName,
    code_project1: ctx.areaCode,
    code_project2: ctx.projectCode,
    code_project3: fixed.table_code,
    code_project4: r.section_code,
    code_usr_account: collector?.account ?? '',
    userName: collector?.name ?? '',
    time_submit: r.time_submit,
    time_update: r.time_update,
    time_edit: r.time_edit,
    user_edit: r.editor_id ? (ctx.names.get(r.editor_id)?.name ?? null) : null,
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
    table_code: fixed.table_code,
    deleted: fixed.deleted,
  };
  for (const key in fields) if (!Object.hasOwn(row, key)) row[key] = fields[key];
  return row;
}

/** The people rows name (collectors and editors), from the in-process map: a statement only for new ones. */
export function namesFor(db: Executor, rows: { collector_id: string; editor_id: string | null }[]) {
  const ids: string[] = [];
  for (const r of rows) {
    ids.push(r.collector_id);
    if (r.editor_id) ids.push(r.editor_id);
  }
  return userNames(db, ids);
}

/** The first photo of a row among its photo columns (a list's thumbnail), or undefined. */
export function firstPhoto(row: Record<string, unknown>, photoColumns: string[]): string | undefined {
  let first: string | undefined;
  for (const code of photoColumns) {
    const v = row[code];
    first = Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v.split(',')[0] : undefined;
    if (first) break;
  }
  return first;
}

/**
 * The first photo of each row as signed links (a keyed hash each, no statement): the review
 * table shows it as the row's thumbnail without asking for the record's detail.
 */
function signThumbnails(rows: RecordRow[], columns: ColumnDescriptor[], sign: MediaSigner) {
  const photoColumns = columns.filter((c) => c.fldInput === 'photo').map((c) => c.code);
  if (!photoColumns.length) return;
  for (const row of rows) {
    const first = firstPhoto(row, photoColumns);
    row.thumbUrl = first ? sign(first, 'thumb').url : null;
    row.photoUrl = first ? sign(first, 'full').url : null;
  }
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
  const filter: q.ListFilter = {
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
  if (q.isShortKeyword(filter.keyword)) {
    const { keyword: _k, ...base } = filter;
    filter.windowStart = await windowStarts.get(db, JSON.stringify(base), () => q.windowStartOf(db, filter));
  }
  return filter;
}

/** Where a short keyword's window starts, per filter: an index walk of 20,000 rows, remembered 10 s (+10 s stale). */
const windowStarts = new Memo<string | undefined>(10_000, 10_000);

/** A page's rows' sort keys and ids: what its cursors are made of. */
type Keyed = { sort_key: string | null; id: string };

/**
 * Everything a list page is made of before its rows are read: the project's context and table,
 * the filter, the sort, where the page starts, the page statement's parts and key, and the total.
 * list (rows as objects) and listText.ts (rows as JSON pieces) read the same page from it.
 */
export async function planPage(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: QueryDataListBody,
) {
  const { db } = deps.database;
  if (body.deleted && !auth.isSuperAdmin && !auth.permissions.has('records.delete')) throw fail.forbidden();
  const [ctx, table] = await Promise.all([
    readContext(db, projectCode),
    readTable(db, projectCode, body.prjStandCode),
  ]);
  const filter = await listFilter(db, auth, projectCode, body);
  // Built only when a statement is compiled (listPage remembers them per key) or a total is loaded.
  const sort = sortOf(body.sort, table.columns);
  const keysetable = sort.code === 'time_submit' || sort.code === 'time_update';
  const cacheKey = JSON.stringify([projectCode, filter, sort.code, sort.dir, body.pageSize]);
  // A keyword whose remembered capped count overflowed (> EXACT_COUNT_LIMIT records hold it) fills
  // a page within a short walk of the list's index: read that way, with one generic plan.
  const known = filter.keyword && !filter.deleted ? await keywordTotals.peek(db, cacheKey) : undefined;
  const keywordByScan = Boolean(known && !known.totalExact && !q.isShortKeyword(filter.keyword));
  let whereSql: SQL | undefined;
  const where = () => (whereSql ??= q.whereOf(filter, { keywordByScan }));

  let position: [string, string] | undefined;
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
    position = [c[1], c[2]];
  } else {
    if (body.pageNum > MAX_PAGE_NUM) throw fail.invalid('pageTooDeep', { max: MAX_PAGE_NUM });
    offset = (body.pageNum - 1) * body.pageSize;
  }
  const dir = reverse ? (sort.dir === 'desc' ? 'asc' : 'desc') : sort.dir;
  /** The page statement's filter, order and page (q.pageStatement's or q.pageTextStatement's). */
  const parts = () => {
    let after: SQL | undefined;
    if (position) {
      // next page: rows after the cursor in the sort order; previous page: rows before it, read backwards.
      const forward = sort.dir === 'desc' ? !reverse : reverse;
      const op = forward ? sql`<` : sql`>`;
      after = sql`(${sort.expr}, r.id) ${op} (${position[0]}::timestamptz, ${position[1]}::uuid)`;
    }
    return [where(), { expr: sort.expr, dir }, { limit: body.pageSize, offset, after }] as const;
  };
  return {
    db,
    ctx,
    table,
    filter,
    reverse,
    parts,
    // Everything the statement is made of: the filter, sort (and its column's kind), size, offset, cursor.
    pageKey: `${cacheKey}#${sort.kind}#${offset}#${cursorText ?? ''}#${keywordByScan ? 'scan' : ''}`,
    // The total as before the scan (its estimate past the cap reads the trigram statistics).
    total: () => listTotal(db, filter, keywordByScan ? () => q.whereOf(filter) : where, cacheKey),
    /** The page's cursors from its rows (in page order); the next page's remembered for a pager. */
    cursors(rows: Keyed[]) {
      let nextCursor: string | undefined;
      let prevCursor: string | undefined;
      if (keysetable && rows.length) {
        const first = rows[0]!;
        const last = rows[rows.length - 1]!;
        if (rows.length === body.pageSize) nextCursor = encodeCursor(['n', last.sort_key, last.id]);
        if (body.pageNum > 1) prevCursor = encodeCursor(['p', first.sort_key, first.id]);
        if (nextCursor) remember(db, `${cacheKey}#${body.pageNum + 1}`, nextCursor);
      }
      return { nextCursor, prevCursor };
    },
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
  sign?: MediaSigner,
): Promise<QueryDataListValue> {
  const plan = await planPage(deps, auth, projectCode, body);
  const { db, ctx, table, filter } = plan;
  const [rows, total] = await Promise.all([
    q.listPage(db, plan.pageKey, () => q.pageStatement(...plan.parts())),
    plan.total(),
  ]);
  if (plan.reverse) rows.reverse();
  const names = await namesFor(db, rows);
  const fixed = { table_code: filter.tableCode, deleted: filter.deleted };
  const rowNames = { ...ctx, names };
  const list = rows.map((r) => toRow(r, rowNames, fixed));
  if (sign) signThumbnails(list, table.columns, sign);
  await flagBurnPoints(db, projectCode, table.columns, list);
  const { nextCursor, prevCursor } = plan.cursors(rows);
  return {
    columnList: table.columns,
    result: { list, total: total.total, totalExact: total.totalExact, nextCursor, prevCursor },
  };
}

/**
 * The list's total, its own remembered figure (never inside the page's statement). Without a
 * keyword: the exact sum of the per-day counters, remembered per filter until the counters move
 * (a write here forgets it at once, another instance's within its notification, see
 * counters.ts). With a keyword (or in the recycle bin): a capped count, past the cap the
 * planner's estimate, remembered a few seconds. Either way one caller computes it while the
 * others wait for that one answer, or are given the previous one while it is reloaded.
 */
function listTotal(
  db: Executor,
  filter: q.ListFilter,
  where: () => SQL,
  cacheKey: string,
): Promise<ListTotal> {
  if (!filter.keyword && !filter.deleted) {
    const { keyword: _k, deleted: _d, ...counted } = filter;
    return counterTotals.get(db, JSON.stringify(counted), async () => ({
      total: await q.totalOnly(db, q.counterTotal(filter)),
      totalExact: true,
    }));
  }
  return keywordTotals.get(db, cacheKey, async () => {
    const total = await cappedOrEstimate(
      db,
      await q.totalOnly(db, q.cappedTotal(where(), EXACT_COUNT_LIMIT)),
      where(),
      cacheKey,
    );
    // A short keyword searched a window of the newest records: its count is a lower bound.
    return q.isShortKeyword(filter.keyword) ? { ...total, totalExact: false } : total;
  });
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
