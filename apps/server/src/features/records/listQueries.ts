import type { HistoryEntry } from '@pineguard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scopeConditions } from '../../platform/scopeFilter.ts';
import {
  CompiledStatements,
  compile,
  pageBound,
  runCompiled,
  runCompiledArrays,
} from '../../platform/compiled.ts';
import { runNamed } from '../../platform/sql.ts';
import { dayStartInline, rowsOf } from './queries.ts';

/**
 * The data list's SQL: the filter as conditions, its total (counters or a capped count), one
 * keyset or OFFSET page, a record with its history.
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
  /** A short keyword's window starts at this submit time (see SHORT_KEYWORD_WINDOW). */
  windowStart?: string | undefined;
};

/** The submit time of the SHORT_KEYWORD_WINDOW-th newest record of a filter (its keyword aside), or none. */
export async function windowStartOf(db: Executor, f: ListFilter): Promise<string | undefined> {
  const base = whereOf({ ...f, keyword: undefined, windowStart: undefined });
  const rows = await runNamed<{ at: string }>(
    db,
    sql`select r.time_submit::text as at from records r where ${base}
      order by r.time_submit desc offset ${SHORT_KEYWORD_WINDOW - 1} limit 1`,
  );
  return rows[0]?.at;
}

/** The section, state and China-day conditions a records filter may carry. */
export type RecordScopeFilter = Pick<ListFilter, 'sectionCode' | 'sectionCodes' | 'state' | 'begin' | 'end'>;

/**
 * The conditions on `records r` of a section (or the caller's sections: none → false), a state
 * and submit days between `begin` and `end` (China days, inclusive): the records list's and the
 * GIS map's shared filter (platform/scopeFilter.ts writes the section and state part once).
 */
export function recordScopeParts(f: RecordScopeFilter): SQL[] {
  // The section and state only: the callers write the project and table conditions themselves
  // (given the whole filter, scopeConditions wrote them a second time).
  const parts = scopeConditions('r', {
    sectionCode: f.sectionCode,
    sectionCodes: f.sectionCodes,
    state: f.state,
  });
  if (f.begin) parts.push(sql`r.time_submit >= ${dayStartInline(f.begin)}`);
  if (f.end) parts.push(sql`r.time_submit < (${dayStartInline(f.end)} + interval '1 day')`);
  return parts;
}

/**
 * A keyword of one or two characters (山脚, 张) has no trigram for the index to look up: it is
 * searched among the newest SHORT_KEYWORD_WINDOW records of the rest of the filter, never the
 * whole table. The list says its total is not exact; narrowing the filter (a section, dates)
 * moves the window. Three characters and more use the trigram index over every record.
 */
export const SHORT_KEYWORD_WINDOW = 20_000;
/** Keywords shorter than this take the windowed path (pg_trgm indexes three-character grams). */
export const INDEXED_KEYWORD_LENGTH = 3;

export const isShortKeyword = (keyword: string | undefined) =>
  Boolean(keyword) && [...keyword!.replace(/\\(.)/g, '$1')].length < INDEXED_KEYWORD_LENGTH;

/**
 * `keywordByScan`: a keyword most pages hold (list.ts: its capped count overflowed) is read by the
 * list's index and filtered, written so the trigram index cannot serve it. That statement then
 * keeps one generic plan; with the trigram index possible PostgreSQL planned each call anew (its
 * choice hangs on the pattern), 0.35 ms of a 0.66 ms call.
 */
export function whereOf(f: ListFilter, { keywordByScan = false } = {}): SQL {
  const parts: SQL[] = [sql`r.project_code = ${f.projectCode}`, sql`r.table_code = ${f.tableCode}`];
  parts.push(f.deleted ? sql`r.deleted_at is not null` : sql`r.deleted_at is null`);
  parts.push(...recordScopeParts(f));
  if (f.keyword) {
    // A short keyword's window: from the submit time of its oldest record (list.ts remembers it).
    // The trigram index has no gram of a short keyword to look up: asked anyway (the planner
    // thinks it selective), it hands back every record of the table, ~0.5 s for a million, and the
    // total's capped count took that path. `search_text || ''` is the same text the index cannot
    // answer for: the window is read by the list's index and filtered.
    const short = isShortKeyword(f.keyword);
    if (short) parts.push(sql`r.time_submit >= ${f.windowStart ?? '-infinity'}::timestamptz`);
    if (short || keywordByScan) parts.push(sql`(r.search_text || '') like ${'%' + f.keyword + '%'}`);
    else parts.push(sql`r.search_text like ${'%' + f.keyword + '%'}`);
  }
  return sql.join(parts, sql` and `);
}

/** The list's total as a scalar sub-select: an exact sum of the per-day counters (no keyword, live records only). */
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

/** A total sub-select run on its own (a named statement). */
export async function totalOnly(db: Executor, total: SQL): Promise<number> {
  const rows = await runNamed<{ n: string | number }>(db, sql`select ${total} as n`);
  return Number(rows[0]?.n ?? 0);
}

export type ListedRow = {
  id: string;
  section_code: string;
  collector_id: string;
  editor_id: string | null;
  /** China time, 'YYYY-MM-DD HH:mm:ss'. */
  time_submit: string;
  time_update: string;
  time_edit: string | null;
  /** The sort column's exact value as text (the keyset cursor's position). */
  sort_key: string | null;
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
};

/** A record on its own (detail, correction): the list's columns and what a list knows from its filter. */
export type FoundRecord = ListedRow & {
  table_code: string;
  deleted: boolean;
  descriptor_version: number;
  project_code: string;
};

/** 'YYYY-MM-DD HH:mm:ss' in China time, as the spec's lists show times: formatted by PostgreSQL. */
const chinaText = (column: SQL) =>
  sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

// Only what a row shows: times leave the database as display text (no timestamp parsing and
// re-formatting per row in JS), people as ids named from the in-process map (users/names.ts),
// the table and deletion state from the filter.
const listColumns = sql`r.id, r.section_code, r.collector_id, r.editor_id,
  ${chinaText(sql`r.time_submit`)} as time_submit, ${chinaText(sql`r.time_update`)} as time_update,
  ${chinaText(sql`r.time_edit`)} as time_edit, r.gps_long, r.gps_lat, r.gps_alt, r.gps_range,
  r.gps_xian, r.gps_xiang, r.gps_xzcun, r.gps_xiaoban, r.state, r.state_reason, r.fields`;

/*
 * The same columns as one JSON array per row, for the list's page: the driver then decodes one
 * text and JSON.parse runs natively once per row, instead of decoding and converting nineteen
 * columns one by one in JavaScript (the largest part of a list call's CPU after the socket
 * writes). Numbers come back as the same doubles (PostgreSQL writes float8 shortest-exact, as
 * the driver's parseFloat reads it). pageRow reads them by position: keep the two in step.
 */
const pageColumns = sql`r.id, r.section_code, r.collector_id, r.editor_id,
  ${chinaText(sql`r.time_submit`)}, ${chinaText(sql`r.time_update`)}, ${chinaText(sql`r.time_edit`)},
  r.gps_long, r.gps_lat, r.gps_alt, r.gps_range, r.gps_xian, r.gps_xiang, r.gps_xzcun, r.gps_xiaoban,
  r.state, r.state_reason, r.fields`;

/**
 * One page of records, one named statement, nothing else in it (the total is its own remembered
 * figure). `order` is built by the service from checked column codes only (values bound as
 * parameters); `after` is a keyset condition or undefined; `offset` a bounded OFFSET.
 */
export function pageStatement(
  where: SQL,
  order: { expr: SQL; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number; after?: SQL | undefined },
): SQL {
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  return sql`select json_build_array(${pageColumns}, (${order.expr})::text) as row
    from records r
    where ${where} ${page.after ? sql`and ${page.after}` : sql``}
    order by ${order.expr} ${dir}, r.id ${dir}
    ${pageBound(page.limit, page.offset)}`;
}

/*
 * Page statements compiled, per exact input: the filter, sort, page size, offset and cursor (`key`,
 * built by list.ts from all of them). Every caller of a project's default list view asks the same
 * page 1, and Drizzle building the filter's terms and compiling them was a twentieth of a list
 * call's CPU.
 */
const compiled = new CompiledStatements(2_000);

/**
 * A page row read by position (the driver's array row mode, the row's one JSON array):
 * pageColumns' order, then the sort key. One object literal per row, always the same shape.
 */
const pageRow = (row: unknown[]): ListedRow => {
  const a = row[0] as unknown[];
  return {
    id: a[0] as string,
    section_code: a[1] as string,
    collector_id: a[2] as string,
    editor_id: a[3] as string | null,
    time_submit: a[4] as string,
    time_update: a[5] as string,
    time_edit: a[6] as string | null,
    gps_long: a[7] as number,
    gps_lat: a[8] as number,
    gps_alt: a[9] as number,
    gps_range: a[10] as number,
    gps_xian: a[11] as string,
    gps_xiang: a[12] as string,
    gps_xzcun: a[13] as string,
    gps_xiaoban: a[14] as string,
    state: a[15] as string,
    state_reason: a[16] as string | null,
    fields: a[17] as ListedRow['fields'],
    sort_key: a[18] as string | null,
  };
};

/** One page of records (pageStatement's), compiled once per key. */
export async function listPage(db: Executor, key: string, statement: () => SQL): Promise<ListedRow[]> {
  return runCompiledArrays(db, compiled.get(key, statement), pageRow);
}

/*
 * The same page for the list's answer as JSON text (listText.ts): the columns as they are stored,
 * times in China time as PostgreSQL's plain timestamp text, for Node to write as JSON pieces. The
 * pieces were once written by PostgreSQL (to_json, to_char, a coordinate's text per column): that
 * halved what the statement could do per second (6,200 against 11,800 pages a second on 2 cores,
 * pgbench) for less than it saved in Node. textRow reads the columns by position: keep the two
 * in step.
 */
const chinaTimestamp = (column: SQL) => sql`${column} at time zone 'Asia/Shanghai'`;
const textColumns = sql`r.id, r.collector_id, r.editor_id, r.section_code,
  ${chinaTimestamp(sql`r.time_submit`)}, ${chinaTimestamp(sql`r.time_update`)}, ${chinaTimestamp(sql`r.time_edit`)},
  r.gps_long, r.gps_lat, r.gps_alt, r.gps_range, r.gps_xian, r.gps_xiang, r.gps_xzcun, r.gps_xiaoban,
  r.state, r.state_reason, r.fields`;

/** pageStatement's page, each row as textColumns (then the sort key). */
export function pageTextStatement(
  where: SQL,
  order: { expr: SQL; dir: 'asc' | 'desc' },
  page: { limit: number; offset: number; after?: SQL | undefined },
): SQL {
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  return sql`select ${textColumns}, (${order.expr})::text
    from records r
    where ${where} ${page.after ? sql`and ${page.after}` : sql``}
    order by ${order.expr} ${dir}, r.id ${dir}
    ${pageBound(page.limit, page.offset)}`;
}

/** A page row as stored; times are China time as 'YYYY-MM-DD HH:MM:SS[.ffffff]' (timestamp text). */
export type TextRow = {
  id: string;
  collector_id: string;
  editor_id: string | null;
  section_code: string | null;
  time_submit: string | null;
  time_update: string | null;
  time_edit: string | null;
  gps_long: number;
  gps_lat: number;
  gps_alt: number;
  gps_range: number;
  gps_xian: string | null;
  gps_xiang: string | null;
  gps_xzcun: string | null;
  gps_xiaoban: string | null;
  state: string;
  state_reason: string | null;
  fields: Record<string, unknown> | string;
  sort_key: string | null;
};
const textRow = (a: unknown[]): TextRow => ({
  id: a[0] as string,
  collector_id: a[1] as string,
  editor_id: a[2] as string | null,
  section_code: a[3] as string | null,
  time_submit: a[4] as string | null,
  time_update: a[5] as string | null,
  time_edit: a[6] as string | null,
  gps_long: Number(a[7]),
  gps_lat: Number(a[8]),
  gps_alt: Number(a[9]),
  gps_range: Number(a[10]),
  gps_xian: a[11] as string | null,
  gps_xiang: a[12] as string | null,
  gps_xzcun: a[13] as string | null,
  gps_xiaoban: a[14] as string | null,
  state: a[15] as string,
  state_reason: a[16] as string | null,
  fields: a[17] as TextRow['fields'],
  sort_key: a[18] as string | null,
});
const compiledText = new CompiledStatements(2_000);

/** One page of records as JSON pieces (pageTextStatement's), compiled once per key. */
export async function listPageText(db: Executor, key: string, statement: () => SQL): Promise<TextRow[]> {
  return runCompiledArrays(db, compiledText.get(key, statement), textRow);
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
): Promise<FoundRecord | undefined> {
  const rows = await runNamed<FoundRecord>(
    db,
    sql`select ${listColumns}, r.table_code, r.deleted_at is not null as deleted, r.descriptor_version,
    r.project_code, null::text as sort_key
    from records r
    where r.id = ${id} ${forUpdate ? sql`for update of r` : sql``}`,
  );
  return rows[0];
}

/** A history entry as the detail's statement carries it (people as ids, named in process). */
export type HistoryRow = {
  id: number;
  action: string;
  /** ISO instant. */
  at: string;
  actor_id: string;
  reason: string | null;
  changes: HistoryEntry['changes'] | null;
};

/**
 * A record and its timeline (up to 500 entries, oldest first) in one statement: the detail's
 * first round trip (its files are the second).
 */
export async function findRecordWithHistory(
  db: Executor,
  id: string,
): Promise<(FoundRecord & { history: HistoryRow[] | string | null }) | undefined> {
  const rows = await runCompiled<FoundRecord & { history: HistoryRow[] | string | null }>(
    db,
    recordWithHistory,
    { id },
  );
  return rows[0];
}

// The same text for every record (the id a placeholder): compiled once, not per call.
const recordWithHistory =
  compile(sql`select ${listColumns}, r.table_code, r.deleted_at is not null as deleted,
    r.descriptor_version, r.project_code, null::text as sort_key,
    (select json_agg(json_build_object('id', h.id, 'action', h.action, 'at', h.at, 'actor_id', h.actor_id,
        'reason', h.reason, 'changes', h.changes) order by h.id)
      from (select * from record_history where record_id = r.id order by id limit 500) h) as history
    from records r
    where r.id = ${sql.placeholder('id')}`);
