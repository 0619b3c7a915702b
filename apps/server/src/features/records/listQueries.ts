import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordHistory, users } from '../../db/schema/index.ts';
import { scopeConditions } from '../../platform/scopeFilter.ts';
import { dayStart, rowsOf } from './queries.ts';

/**
 * The data list's SQL: the filter as conditions, its total (counters or a capped count) riding in
 * the page's own statement, one keyset or OFFSET page, a record with its history.
 */

export type ListFilter = {
  projectCode: string;
  tableCode: string;
  deleted: boolean;
  sectionCode?: string | undefined;
  /** Section managers: only these sections. */
  sectionCodes?: string[] | undefined;
  state?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  /** Lower-cased, LIKE-escaped keyword. */
  keyword?: string | undefined;
};

/** The section, state and China-day conditions a records filter may carry. */
export type RecordScopeFilter = Pick<ListFilter, 'sectionCode' | 'sectionCodes' | 'state' | 'begin' | 'end'>;

/**
 * The conditions on `records r` of a section (or the caller's sections: none → false), a state
 * and submit days between `begin` and `end` (China days, inclusive): the records list's and the
 * GIS map's shared filter (platform/scopeFilter.ts writes the section and state part once).
 */
export function recordScopeParts(f: RecordScopeFilter): SQL[] {
  const parts = scopeConditions('r', f);
  if (f.begin) parts.push(sql`r.time_submit >= ${dayStart(f.begin)}`);
  if (f.end) parts.push(sql`r.time_submit < (${dayStart(f.end)} + interval '1 day')`);
  return parts;
}

export function whereOf(f: ListFilter): SQL {
  const parts: SQL[] = [sql`r.project_code = ${f.projectCode}`, sql`r.table_code = ${f.tableCode}`];
  parts.push(f.deleted ? sql`r.deleted_at is not null` : sql`r.deleted_at is null`);
  parts.push(...recordScopeParts(f));
  if (f.keyword) parts.push(sql`r.search_text like ${'%' + f.keyword + '%'}`);
  return sql.join(parts, sql` and `);
}

/**
 * The list's total as a scalar sub-select, so that it rides in the page's own statement (one
 * round trip per page): an exact sum of the per-day counters (no keyword, live records only).
 */
export function counterTotal(f: ListFilter): SQL {
  const parts = scopeConditions('c', {
    projectCode: f.projectCode,
    tableCode: f.tableCode,
    sectionCode: f.sectionCode,
    sectionCodes: f.sectionCodes,
    state: f.state,
  });
  if (f.begin) parts.push(sql`c.day >= ${f.begin}::date`);
  if (f.end) parts.push(sql`c.day <= ${f.end}::date`);
  return sql`(select coalesce(sum(c.n), 0) from record_counts c where ${sql.join(parts, sql` and `)})`;
}

/** A count that stops after `cap + 1` matching rows (keyword and recycle-bin lists). */
export function cappedTotal(where: SQL, cap: number): SQL {
  return sql`(select count(*) from (select 1 from records r where ${where} limit ${cap + 1}) capped)`;
}

/** A total sub-select on its own (an empty page carries no row to read it from). */
export async function totalOnly(db: Executor, total: SQL): Promise<number> {
  const result = await db.execute(sql`select ${total} as n`);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

export type ListedRow = {
  id: string;
  section_code: string;
  table_code: string;
  account: string;
  user_name: string;
  /** China time, 'YYYY-MM-DD HH:mm:ss'. */
  time_submit: string;
  ts_key: string;
  sort_key: string | null;
  time_update: string;
  time_edit: string | null;
  editor_name: string | null;
  gps_long: number;
  gps_lat: number;
  gps_alt: number;
  gps_range: number;
  gps_xian: string;
  gps_xiang: string;
  gps_xzcun: string;
  gps_xiaoban: string;
  state: string;
  state_reason: string | null;
  fields: Record<string, unknown> | string;
  descriptor_version: number;
  deleted: boolean;
  /** The list's total (the same value on every row of a page). */
  total_n?: string | number;
};

/** 'YYYY-MM-DD HH:mm:ss' in China time, as the spec's lists show times: formatted by PostgreSQL. */
const chinaText = (column: SQL) =>
  sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

// Times leave the database as display text (no timestamp parsing and re-formatting per row in
// JS); `ts_key` keeps the exact instant for cursors.
const listColumns = sql`r.id, r.section_code, r.table_code, u.account, u.name as user_name,
  ${chinaText(sql`r.time_submit`)} as time_submit, r.time_submit::text as ts_key,
  ${chinaText(sql`r.time_update`)} as time_update, ${chinaText(sql`r.time_edit`)} as time_edit,
  e.name as editor_name, r.gps_long, r.gps_lat, r.gps_alt,
  r.gps_range, r.gps_xian, r.gps_xiang, r.gps_xzcun, r.gps_xiaoban, r.state, r.state_reason, r.fields,
  r.descriptor_version, r.deleted_at is not null as deleted`;

/**
 * One page of records and the list's total, in one statement: `total` is an uncorrelated scalar
 * sub-select (run once, as an InitPlan). `order` is built by the service from checked column
 * codes only (values bound as parameters); `after` is a keyset condition or undefined; `offset`
 * a bounded OFFSET.
 */
export async function listPage(
  db: Executor,
  where: SQL,
  order: { expr: SQL; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number; after?: SQL | undefined },
  total: SQL,
): Promise<ListedRow[]> {
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const result =
    await db.execute(sql`select ${listColumns}, (${order.expr})::text as sort_key, ${total} as total_n
    from records r
    join users u on u.id = r.collector_id
    left join users e on e.id = r.editor_id
    where ${where} ${page.after ? sql`and ${page.after}` : sql``}
    order by ${order.expr} ${dir}, r.id ${dir}
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<ListedRow>(result);
}

/** Ids of the records of a filter, at most `limit` (a batch review of "every record of the filter"). */
export async function idsOf(db: Executor, where: SQL, limit: number): Promise<string[]> {
  const result = await db.execute(sql`select r.id from records r where ${where} limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export async function findRecord(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<(ListedRow & { project_code: string; collector_id: string }) | undefined> {
  const result =
    await db.execute(sql`select ${listColumns}, r.project_code, r.collector_id, r.time_submit::text as ts_key,
    null::text as sort_key
    from records r
    join users u on u.id = r.collector_id
    left join users e on e.id = r.editor_id
    where r.id = ${id} ${forUpdate ? sql`for update of r` : sql``}`);
  return rowsOf<ListedRow & { project_code: string; collector_id: string }>(result)[0];
}

export async function historyOf(db: Executor, recordId: string) {
  return db
    .select({
      id: recordHistory.id,
      action: recordHistory.action,
      at: recordHistory.at,
      actorName: users.name,
      reason: recordHistory.reason,
      changes: recordHistory.changes,
    })
    .from(recordHistory)
    .innerJoin(users, eq(users.id, recordHistory.actorId))
    .where(eq(recordHistory.recordId, recordId))
    .orderBy(recordHistory.id)
    .limit(500);
}
