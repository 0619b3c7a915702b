import { and, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { records, roles, userProjectRoles, users } from '../../db/schema/index.ts';
import { inList } from '../../platform/scopeFilter.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * Records' SQL besides the list (listQueries.ts), the write path (writeQueries.ts) and the rollup
 * (rollupQueries.ts): what other features ask of records (holdings, QR tags, burn totals), the
 * examiners of a project and the field app's own records.
 */

export { rowsOf };

/** The instant a China day begins, in SQL (submit days are China days). */
export function dayStart(day: string): SQL {
  return chinaMidnight(sql`${day}`);
}

/** The instant a China day (a date expression) starts. */
const chinaMidnight = (day: SQL) => sql`(${day}::date::timestamp at time zone 'Asia/Shanghai')`;

/**
 * dayStart with the day written into the statement's text, not bound. A bound day range kept
 * PostgreSQL from ever taking the prepared list page's generic plan (it cannot tell a range of a
 * day from one of years): it planned the page on every call, 0.25 ms against 0.06 ms to run it.
 * The list's statements are compiled per filter anyway; the day is checked to be yyyy-MM-dd.
 */
export function dayStartInline(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
  return chinaMidnight(sql.raw(`'${day}'`));
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
  const inSections = sections ? sql`and ${inList(sql`r.section_code`, sections)}` : sql``;
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
