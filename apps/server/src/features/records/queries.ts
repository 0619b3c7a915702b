import { and, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  recordCells,
  recordCounts,
  recordHistory,
  records,
  roles,
  userProjectRoles,
  users,
} from '../../db/schema/index.ts';
import { groupCellDeltas, groupDeltas, MAP_BASE_CELL, type RollupDelta } from './rollup.ts';

export type RecordInsert = typeof records.$inferInsert;
export type RecordRowDb = typeof records.$inferSelect;
export type HistoryInsert = typeof recordHistory.$inferInsert;

/** node-postgres and PGlite both answer `{rows}`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The day (China time) a record counts under. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Inserts a batch; rows whose id exists already are left alone. Answers the ids inserted. */
export async function insertRecords(db: Executor, rows: RecordInsert[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(records)
    .values(rows)
    .onConflictDoNothing({ target: records.id })
    .returning({ id: records.id });
  return new Set(inserted.map((r) => r.id));
}

export async function projectsOfIds(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: records.id, projectCode: records.projectCode })
    .from(records)
    .where(inArray(records.id, ids));
  return new Map(rows.map((r) => [r.id, r.projectCode]));
}

export async function insertHistory(db: Executor, rows: HistoryInsert[]): Promise<void> {
  if (rows.length) await db.insert(recordHistory).values(rows);
}

export type CountDelta = RollupDelta;

/**
 * Adds deltas to the per-day counters and to the map's cells (record_cells), one row per group
 * (the batch's increments summed first).
 */
export async function bumpCounts(db: Executor, deltas: CountDelta[]): Promise<void> {
  const cellValues = groupCellDeltas(deltas);
  if (cellValues.length) {
    await db
      .insert(recordCells)
      .values(cellValues)
      .onConflictDoUpdate({
        target: [
          recordCells.projectCode,
          recordCells.cx,
          recordCells.cy,
          recordCells.tableCode,
          recordCells.sectionCode,
          recordCells.state,
        ],
        set: {
          n: sql`${recordCells.n} + excluded.n`,
          sumLong: sql`${recordCells.sumLong} + excluded.sum_long`,
          sumLat: sql`${recordCells.sumLat} + excluded.sum_lat`,
        },
      });
  }
  const values = groupDeltas(deltas);
  if (!values.length) return;
  await db
    .insert(recordCounts)
    .values(values)
    .onConflictDoUpdate({
      target: [
        recordCounts.projectCode,
        recordCounts.tableCode,
        recordCounts.sectionCode,
        recordCounts.state,
        recordCounts.day,
        recordCounts.township,
      ],
      set: {
        n: sql`${recordCounts.n} + excluded.n`,
        qty: sql`${recordCounts.qty} + excluded.qty`,
        tons: sql`${recordCounts.tons} + excluded.tons`,
        m3: sql`${recordCounts.m3} + excluded.m3`,
        tags: sql`${recordCounts.tags} + excluded.tags`,
        treated: sql`${recordCounts.treated} + excluded.treated`,
      },
    });
}

/**
 * Derives a project's record_cells again from its records (as migration 0021 did for all): for data
 * loaded past the service (benches, tests' bulk inserts) or to repair the rollup.
 */
export async function rebuildMapCells(db: Executor, projectCode: string): Promise<void> {
  const b = MAP_BASE_CELL;
  await db.execute(sql`delete from record_cells where project_code = ${projectCode}`);
  await db.execute(sql`insert into record_cells
      (project_code, cx, cy, table_code, section_code, state, n, sum_long, sum_lat)
    select project_code, floor(gps_long / ${b}::float8)::int, floor(gps_lat / ${b}::float8)::int,
      table_code, section_code, state, count(*)::int, sum(gps_long), sum(gps_lat)
    from records
    where project_code = ${projectCode} and deleted_at is null and not (gps_long = 0 and gps_lat = 0)
    group by 1, 2, 3, 4, 5, 6`);
}

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

function dayStart(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'Asia/Shanghai')`;
}

/** The section, state and China-day conditions a records filter may carry. */
export type RecordScopeFilter = Pick<ListFilter, 'sectionCode' | 'sectionCodes' | 'state' | 'begin' | 'end'>;

/**
 * The conditions on `records r` of a section (or the caller's sections: none → false), a state
 * and submit days between `begin` and `end` (China days, inclusive): the records list's and the
 * GIS map's shared filter.
 */
export function recordScopeParts(f: RecordScopeFilter): SQL[] {
  const parts: SQL[] = [];
  if (f.sectionCode !== undefined) parts.push(sql`r.section_code = ${f.sectionCode}`);
  if (f.sectionCodes) {
    parts.push(
      f.sectionCodes.length
        ? sql`r.section_code in (${sql.join(
            f.sectionCodes.map((c) => sql`${c}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.state !== undefined) parts.push(sql`r.state = ${f.state}`);
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
  const parts: SQL[] = [sql`c.project_code = ${f.projectCode}`, sql`c.table_code = ${f.tableCode}`];
  if (f.sectionCode !== undefined) parts.push(sql`c.section_code = ${f.sectionCode}`);
  if (f.sectionCodes) {
    parts.push(
      f.sectionCodes.length
        ? sql`c.section_code in (${sql.join(
            f.sectionCodes.map((c) => sql`${c}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.state !== undefined) parts.push(sql`c.state = ${f.state}`);
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

export type Lockable = {
  id: string;
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  state: string;
  timeSubmit: Date;
  township: string;
  long: number;
  lat: number;
  fields: Record<string, unknown>;
  deletedAt: Date | null;
  collectorId: string;
};

/** Records by id for a change, locked in id order (concurrent reviewers never deadlock). */
export async function lockRecords(db: Executor, ids: string[]): Promise<Lockable[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: records.id,
      projectCode: records.projectCode,
      tableCode: records.tableCode,
      sectionCode: records.sectionCode,
      state: records.state,
      timeSubmit: records.timeSubmit,
      township: records.gpsXiang,
      long: records.gpsLong,
      lat: records.gpsLat,
      fields: records.fields,
      deletedAt: records.deletedAt,
      collectorId: records.collectorId,
    })
    .from(records)
    .where(inArray(records.id, ids))
    .orderBy(records.id)
    .for('update');
}

export async function setState(
  db: Executor,
  ids: string[],
  state: string,
  reason: string | null,
): Promise<void> {
  if (ids.length)
    await db.update(records).set({ state, stateReason: reason }).where(inArray(records.id, ids));
}

export async function setDeleted(db: Executor, ids: string[], deleted: boolean): Promise<void> {
  if (ids.length) {
    await db
      .update(records)
      .set({ deletedAt: deleted ? sql`now()` : null })
      .where(inArray(records.id, ids));
  }
}

export async function updateFields(
  db: Executor,
  id: string,
  values: {
    fields: Record<string, unknown>;
    searchText: string;
    editorId: string;
    descriptorVersion: number;
  },
): Promise<void> {
  await db
    .update(records)
    .set({ ...values, timeEdit: sql`now()` })
    .where(eq(records.id, id));
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

/** Live records of a project (or of one of its sections): deleting either is refused while any exist. */
export async function liveRecordCount(
  db: Executor,
  projectCode: string,
  sectionCode?: string,
): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (select 1 from records
    where project_code = ${projectCode} ${sectionCode !== undefined ? sql`and section_code = ${sectionCode}` : sql``}
    and deleted_at is null limit 100001) x`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Whether any record of a table holds a value for a column (its type is then fixed). */
/** Records (deleted ones too: they can be restored) made with a standard table. */
export async function tableRecordCount(db: Executor, tableCode: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from records where table_code = ${tableCode}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function columnHasValues(db: Executor, tableCode: string, code: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists(select 1 from records where table_code = ${tableCode} and fields ? ${code}) as e`,
  );
  return Boolean(rowsOf<{ e: boolean }>(result)[0]?.e);
}

/** Members of a project whose roles there grant `permission`. */
export async function usersWithPermission(db: Executor, projectCode: string, permission: string) {
  return db
    .selectDistinct({ id: users.id, account: users.account, name: users.name })
    .from(userProjectRoles)
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .where(
      and(
        eq(userProjectRoles.projectCode, projectCode),
        sql`${roles.permissions} ? ${permission}`,
        eq(users.status, 'active'),
      ),
    )
    .orderBy(users.name)
    .limit(500);
}

/* ------------------------------------------------------------------ QR tags */

export type TagUse = { code: string; id: string; kind: 'felling' | 'burning'; timeSubmit: Date };

/**
 * The live records of a project naming any of `codes`: felling records by their `qrcode` field,
 * burn records by their comma-separated `multi_qrcode` (both by expression indexes).
 */
export async function recordsNamingTags(
  db: Executor,
  projectCode: string,
  codes: string[],
): Promise<TagUse[]> {
  if (!codes.length) return [];
  const list = sql`array[${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(sql`
    select r.fields ->> 'qrcode' as code, r.id, 'felling' as kind, r.time_submit
      from records r
     where r.project_code = ${projectCode} and r.deleted_at is null
       and (r.fields ->> 'qrcode') is not null and (r.fields ->> 'qrcode') = any(${list})
    union all
    select c.code, r.id, 'burning' as kind, r.time_submit
      from records r
     cross join lateral unnest(string_to_array(r.fields ->> 'multi_qrcode', ',')) as c(code)
     where r.deleted_at is null and (r.fields ->> 'multi_qrcode') is not null
       and string_to_array(r.fields ->> 'multi_qrcode', ',') && ${list}
       and r.project_code = ${projectCode} and c.code = any(${list})`);
  return rowsOf<{ code: string; id: string; kind: 'felling' | 'burning'; time_submit: Date | string }>(
    result,
  ).map((r) => ({ code: r.code, id: r.id, kind: r.kind, timeSubmit: new Date(r.time_submit) }));
}

/* ------------------------------------------------------------------ rollup reads (overview) */

export type RollupKey = 'project' | 'table' | 'section' | 'state' | 'day' | 'township';
const rollupColumns: Record<RollupKey, SQL> = {
  project: sql`c.project_code`,
  table: sql`c.table_code`,
  section: sql`c.section_code`,
  state: sql`c.state`,
  day: sql`c.day::text`,
  township: sql`c.township`,
};

export type RollupFilter = {
  projectCodes: string[];
  tableCodes: string[];
  sectionCodes?: string[] | undefined;
  states?: string[] | undefined;
  /** China days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

export type RollupRow = Partial<Record<RollupKey, string>> & {
  n: number;
  qty: number;
  tons: number;
  m3: number;
  tags: number;
  treated: number;
};
const sumColumns = ['n', 'qty', 'tons', 'm3', 'tags', 'treated'] as const;

/** Sums of the per-day rollup grouped by a fixed set of keys (never the records table). */
export async function rollupSums(db: Executor, f: RollupFilter, by: RollupKey[]): Promise<RollupRow[]> {
  if (!f.projectCodes.length || !f.tableCodes.length) return [];
  const list = (xs: string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const parts: SQL[] = [
    sql`c.project_code in (${list(f.projectCodes)})`,
    sql`c.table_code in (${list(f.tableCodes)})`,
  ];
  if (f.sectionCodes)
    parts.push(f.sectionCodes.length ? sql`c.section_code in (${list(f.sectionCodes)})` : sql`false`);
  if (f.states) parts.push(f.states.length ? sql`c.state in (${list(f.states)})` : sql`false`);
  if (f.from) parts.push(sql`c.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`c.day <= ${f.to}::date`);
  const keys = by.map((k) => sql`${rollupColumns[k]} as ${sql.raw(`"${k}"`)}`);
  const sums = sumColumns.map((k) => sql.raw(`sum(c.${k})::float8 as ${k}`));
  const select = sql.join([...keys, ...sums], sql`, `);
  const group = by.length
    ? sql`group by ${sql.join(
        by.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const result = await db.execute(
    sql`select ${select} from record_counts c where ${sql.join(parts, sql` and `)} ${group}`,
  );
  return rowsOf<RollupRow>(result).map((r) => ({
    ...r,
    n: Number(r.n),
    qty: Number(r.qty),
    tons: Number(r.tons),
    m3: Number(r.m3),
    tags: Number(r.tags),
    treated: Number(r.treated),
  }));
}

/** The last day holding live records, per table of a project (from the rollup). */
export async function lastDays(db: Executor, projectCode: string): Promise<Map<string, string>> {
  const result = await db.execute(sql`select c.table_code, max(c.day)::text as day from record_counts c
    where c.project_code = ${projectCode} and c.n > 0 group by 1`);
  return new Map(rowsOf<{ table_code: string; day: string }>(result).map((r) => [r.table_code, r.day]));
}

/** Per burn point named in the `fsd` field and per unit: burns, quantity, last burn day, approved burns. */
export type BurnTotalRow = {
  point: string;
  unit: string;
  burns: number;
  quantity: number;
  lastBurn: string | null;
  passed: number;
};

export async function burnTotals(
  db: Executor,
  projectCode: string,
  tableCode: string,
): Promise<BurnTotalRow[]> {
  const result = await db.execute(sql`select r.fields->>'fsd' as point,
      coalesce(r.fields->>'jldw', '') as unit,
      count(*)::int as burns,
      coalesce(sum(case when jsonb_typeof(r.fields->'yimushuliang') = 'number'
        then (r.fields->>'yimushuliang')::numeric else 0 end), 0)::float8 as quantity,
      max(coalesce(r.fields->>'fssj', to_char(r.time_submit at time zone 'Asia/Shanghai', 'YYYY-MM-DD'))) as last_burn,
      (count(*) filter (where r.state = '20'))::int as passed
    from records r
    where r.project_code = ${projectCode} and r.table_code = ${tableCode} and r.deleted_at is null
      and r.fields->>'fsd' is not null
    group by 1, 2
    order by 1, 2
    limit 10000`);
  return rowsOf<{
    point: string;
    unit: string;
    burns: number;
    quantity: number;
    last_burn: string | null;
    passed: number;
  }>(result).map((r) => ({
    point: r.point,
    unit: r.unit,
    burns: Number(r.burns),
    quantity: Number(r.quantity),
    lastBurn: r.last_burn ? String(r.last_burn).slice(0, 10) : null,
    passed: Number(r.passed),
  }));
}

/** Burn records per submit day (China time), named point and unit: the fire reports' per-point figures. */
export type BurnDayRow = {
  day: string;
  point: string;
  unit: string;
  burns: number;
  quantity: number;
  passed: number;
};

/**
 * Live records of a table submitted between two China days (inclusive), grouped by day, the `fsd`
 * point named and the `jldw` unit; `sections` limits them (a section manager's scope). Served by
 * the list index (project, table, time_submit); bounded to 10,000 groups.
 */
export async function burnDayTotals(
  db: Executor,
  projectCode: string,
  tableCode: string,
  from: string,
  to: string,
  sections?: string[],
): Promise<BurnDayRow[]> {
  if (sections && !sections.length) return [];
  const inSections = sections
    ? sql`and r.section_code in (${sql.join(
        sections.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`select
      to_char(r.time_submit at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
      coalesce(r.fields->>'fsd', '') as point,
      coalesce(r.fields->>'jldw', '') as unit,
      count(*)::int as burns,
      coalesce(sum(case when jsonb_typeof(r.fields->'yimushuliang') = 'number'
        then (r.fields->>'yimushuliang')::numeric else 0 end), 0)::float8 as quantity,
      (count(*) filter (where r.state = '20'))::int as passed
    from records r
    where r.project_code = ${projectCode} and r.table_code = ${tableCode} and r.deleted_at is null
      and r.time_submit >= ${dayStart(from)} and r.time_submit < (${dayStart(to)} + interval '1 day')
      ${inSections}
    group by 1, 2, 3
    order by 1, 2, 3
    limit 10000`);
  return rowsOf<{
    day: string;
    point: string;
    unit: string;
    burns: number;
    quantity: number;
    passed: number;
  }>(result).map((r) => ({
    day: String(r.day),
    point: r.point,
    unit: r.unit,
    burns: Number(r.burns),
    quantity: Number(r.quantity),
    passed: Number(r.passed),
  }));
}

/** The state of the caller's own records among `ids` (the field app's "sent back" check). */
export async function statesOfOwn(db: Executor, collectorId: string, projectCode: string, ids: string[]) {
  return db
    .select({
      id: records.id,
      state: records.state,
      reason: records.stateReason,
      deletedAt: records.deletedAt,
    })
    .from(records)
    .where(
      and(
        inArray(records.id, ids),
        eq(records.collectorId, collectorId),
        eq(records.projectCode, projectCode),
      ),
    );
}

/**
 * A page of the caller's own live records collected since `since` in a project, newest first
 * (the field app's "my records"). The keyset continues after the row `afterId` (its sort key is
 * read from the row itself, so the cursor carries no timestamp to parse); the index
 * records_collector_idx serves it.
 */
export async function ownRecentPage(
  db: Executor,
  collectorId: string,
  projectCode: string,
  since: Date,
  afterId: string | undefined,
  limit: number,
) {
  return db
    .select({
      id: records.id,
      tableCode: records.tableCode,
      sectionCode: records.sectionCode,
      timeSubmit: records.timeSubmit,
      state: records.state,
      reason: records.stateReason,
    })
    .from(records)
    .where(
      and(
        eq(records.collectorId, collectorId),
        eq(records.projectCode, projectCode),
        isNull(records.deletedAt),
        gte(records.timeSubmit, since),
        afterId
          ? sql`(${records.timeSubmit}, ${records.id}) < (select c.time_submit, c.id from records c where c.id = ${afterId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(records.timeSubmit), desc(records.id))
    .limit(limit);
}
