import { chainKinds } from '@pineguard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { anomalies } from '../../db/schema/index.ts';
import type { Wanted } from './chain.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * The anomalies feature's SQL. Besides its own table it reads, never writes, the records naming
 * tags (by records' expression indexes on `qrcode` and `multi_qrcode`), qr_tags, the project's
 * burn window and records' correction history: the checks after each write (check.ts).
 */

const textArray = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
const uuidArray = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::uuid[]`;
const chainKindList = textArray([...chainKinds]);

/** A stored anomaly, as the checks compare it with what should be. */
export type StoredAnomaly = {
  id: string;
  recordId: string;
  kind: string;
  tagCode: string;
  state: string;
  sectionCode: string;
  day: string;
  otherRecordId: string | null;
  evidence: Record<string, unknown>;
};

type StoredRow = {
  id: string;
  record_id: string;
  kind: string;
  tag_code: string;
  state: string;
  section_code: string;
  day: string;
  other_record_id: string | null;
  evidence: Record<string, unknown> | string;
};
const stored = (r: StoredRow): StoredAnomaly => ({
  id: r.id,
  recordId: r.record_id,
  kind: r.kind,
  tagCode: r.tag_code,
  state: r.state,
  sectionCode: r.section_code,
  day: String(r.day).slice(0, 10),
  otherRecordId: r.other_record_id,
  evidence: typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence,
});
const storedColumns = sql`a.id, a.record_id, a.kind, a.tag_code, a.state, a.section_code, a.day::text as day,
  a.other_record_id, a.evidence`;

/** Every anomaly of the records (any kind, any state). */
export async function anomaliesOfRecords(db: Executor, recordIds: string[]): Promise<StoredAnomaly[]> {
  if (!recordIds.length) return [];
  const result = await db.execute(
    sql`select ${storedColumns} from anomalies a where a.record_id = any(${uuidArray(recordIds)})`,
  );
  return rowsOf<StoredRow>(result).map(stored);
}

/** The tags the records named before their last correction (from records' history). */
export async function codesBeforeCorrection(db: Executor, recordIds: string[]): Promise<string[]> {
  if (!recordIds.length) return [];
  const result = await db.execute(sql`select distinct on (h.record_id) h.changes
    from record_history h where h.record_id = any(${uuidArray(recordIds)}) and h.action = 'corrected'
    order by h.record_id, h.id desc`);
  const out: string[] = [];
  for (const row of rowsOf<{ changes: unknown }>(result)) {
    const changes = (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as
      { field: string; before: unknown }[] | null;
    for (const c of changes ?? []) {
      if ((c.field === 'qrcode' || c.field === 'multi_qrcode') && typeof c.before === 'string') {
        out.push(
          ...c.before
            .split(/[,，]/)
            .map((x) => x.trim())
            .filter(Boolean),
        );
      }
    }
  }
  return out;
}

export type ChainState = {
  windowDays: number;
  issued: Map<string, string>;
  fellings: { id: string; section: string; at: Date; code: string }[];
  burns: { id: string; section: string; at: Date; fssj: string | null; list: string }[];
  stored: StoredAnomaly[];
};

/** Records naming one tag read by the checks: a tag named more often is broken anyway. */
export const MAX_RECORDS_PER_TAG = 50;

/**
 * Everything the chain checks of `codes` need, in ONE statement (ingestion pays for it once per
 * batch): the project's burn window, the codes NOT issued to the project (unknown, or issued to
 * another), the other live (not deleted, not rejected) felling and burn records of the project
 * naming them, and the chain anomalies stored for them. The records of the write itself
 * (`written`) are left out: the caller has them (check.ts), and a clean batch then reads back
 * almost nothing. Codes and ids travel as one text parameter each (codes hold no comma): a
 * batch of 100 records was ~400 parameters to bind and plan.
 * The records are looked up code by code (a lateral join, at most MAX_RECORDS_PER_TAG each):
 * PostgreSQL keeps no statistics for the partial expression index on `qrcode`, so
 * "= any(codes)" is estimated at half the table and read by a sequential scan (150 ms at
 * 200,000 records) and, its cost past jit_above_cost, compiled by the JIT; per code each lookup
 * rides on records_qrcode_idx / the GIN records_burn_qrcodes_idx (2 ms for 100).
 */
export async function chainState(
  db: Executor,
  projectCode: string,
  codes: string[],
  written: string[] = [],
): Promise<ChainState> {
  const list = sql`string_to_array(${codes.join(',')}::text, ',')`;
  const mine = sql`string_to_array(${written.join(',')}::text, ',')::uuid[]`;
  const result = await db.execute(sql`
    with c(code) as (select unnest(${list}))
    select 'w' as k, null::text as code, null::text as id, null::text as section, null::timestamptz as at,
           p.burn_window_days::text as extra, null::jsonb as anomaly
      from projects p where p.code = ${projectCode}
    union all
    select 't', c.code, null, null, null, t.project_code, null
      from c left join qr_tags t on t.code = c.code where t.project_code is distinct from ${projectCode}
    union all
    select 'f', f.code, f.id::text, f.section_code, f.time_submit, null, null
      from c cross join lateral (
        select c.code, r.id, r.section_code, r.time_submit from records r
         where r.project_code = ${projectCode} and r.deleted_at is null and r.state <> '40'
           and (r.fields ->> 'qrcode') is not null and (r.fields ->> 'qrcode') = c.code
           and r.id <> all(${mine})
         limit ${MAX_RECORDS_PER_TAG}) f
    union all
    select 'b', b.list, b.id::text, b.section_code, b.time_submit, b.fssj, null
      from c cross join lateral (
        select r.fields ->> 'multi_qrcode' as list, r.id, r.section_code, r.time_submit, r.fields ->> 'fssj' as fssj
          from records r
         where r.deleted_at is null and (r.fields ->> 'multi_qrcode') is not null
           and string_to_array(r.fields ->> 'multi_qrcode', ',') && array[c.code]
           and r.project_code = ${projectCode} and r.state <> '40' and r.id <> all(${mine})
         limit ${MAX_RECORDS_PER_TAG}) b
    union all
    select 'a', a.tag_code, a.id::text, null, null, null,
           jsonb_build_object('id', a.id, 'record_id', a.record_id, 'kind', a.kind, 'tag_code', a.tag_code,
             'state', a.state, 'section_code', a.section_code, 'day', a.day::text,
             'other_record_id', a.other_record_id, 'evidence', a.evidence)
      from anomalies a
     where a.project_code = ${projectCode} and a.tag_code <> '' and a.tag_code = any(${list})
       and a.kind = any(${chainKindList})`);
  type Row = {
    k: string;
    code: string | null;
    id: string | null;
    section: string | null;
    at: Date | string | null;
    extra: string | null;
    anomaly: StoredRow | string | null;
  };
  // Every code is issued to the project unless a 't' row says otherwise.
  const issued = new Map(codes.map((c) => [c, projectCode]));
  const state: ChainState = { windowDays: 10, issued, fellings: [], burns: [], stored: [] };
  const burnIds = new Set<string>();
  for (const r of rowsOf<Row>(result)) {
    if (r.k === 'w') state.windowDays = Number(r.extra);
    else if (r.k === 't') {
      if (r.extra === null) issued.delete(r.code!);
      else issued.set(r.code!, r.extra);
    } else if (r.k === 'f')
      state.fellings.push({ id: r.id!, section: r.section!, at: new Date(r.at!), code: r.code! });
    else if (r.k === 'b') {
      // A burn listing several of the codes comes once per code: keep it once.
      if (!burnIds.has(r.id!))
        state.burns.push({
          id: r.id!,
          section: r.section!,
          at: new Date(r.at!),
          fssj: r.extra,
          list: r.code!,
        });
      burnIds.add(r.id!);
    } else if (r.k === 'a' && r.anomaly) {
      state.stored.push(stored(typeof r.anomaly === 'string' ? JSON.parse(r.anomaly) : r.anomaly));
    }
  }
  return state;
}

/**
 * Stores anomalies that should be: new ones open; a cleared one is raised again (open, its note
 * and resolution dropped, listed anew); an explained or confirmed one keeps its state and gets
 * the new evidence. Answers nothing: the caller knew what was there.
 */
export async function upsertAnomalies(db: Executor, rows: Wanted[]): Promise<void> {
  if (!rows.length) return;
  const reopen = sql.raw(`anomalies.state = 'cleared'`);
  await db
    .insert(anomalies)
    .values(rows)
    .onConflictDoUpdate({
      target: [anomalies.recordId, anomalies.kind, anomalies.tagCode],
      set: {
        tableCode: sql`excluded.table_code`,
        sectionCode: sql`excluded.section_code`,
        day: sql`excluded.day`,
        otherRecordId: sql`excluded.other_record_id`,
        evidence: sql`excluded.evidence`,
        state: sql`case when ${reopen} then 'open' else anomalies.state end`,
        note: sql`case when ${reopen} then '' else anomalies.note end`,
        resolvedBy: sql`case when ${reopen} then null else anomalies.resolved_by end`,
        resolvedAt: sql`case when ${reopen} then null else anomalies.resolved_at end`,
        createdAt: sql`case when ${reopen} then now() else anomalies.created_at end`,
      },
    });
}

/** Open anomalies a later write made moot: cleared (by the system: nobody resolved them). */
export async function clearAnomalies(db: Executor, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update anomalies set state = 'cleared', resolved_by = null, resolved_at = now()
    where id = any(${uuidArray(ids)}) and state = 'open'`);
}

/* ------------------------------------------------------------------ reads for the screens */

export type AnomalyFilter = {
  projectCode: string;
  sectionCodes?: string[] | undefined;
  sectionCode?: string | undefined;
  kind?: string | undefined;
  state?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
};

function whereOf(f: AnomalyFilter, state: string): SQL {
  const parts: SQL[] = [sql`a.project_code = ${f.projectCode}`, sql`a.state = ${state}`];
  if (f.sectionCodes)
    parts.push(f.sectionCodes.length ? sql`a.section_code = any(${textArray(f.sectionCodes)})` : sql`false`);
  if (f.sectionCode) parts.push(sql`a.section_code = ${f.sectionCode}`);
  if (f.kind) parts.push(sql`a.kind = ${f.kind}`);
  if (f.begin) parts.push(sql`a.day >= ${f.begin}::date`);
  if (f.end) parts.push(sql`a.day <= ${f.end}::date`);
  return sql.join(parts, sql` and `);
}

export type ListedAnomaly = StoredRow & {
  table_code: string;
  note: string;
  resolved_by_name: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  /** created_at as PostgreSQL writes it (microseconds kept): the keyset cursor's first value. */
  created_key: string;
};
const listedColumns = sql`${storedColumns}, a.table_code, a.note, u.name as resolved_by_name, a.resolved_at,
  a.created_at, a.created_at::text as created_key`;

/**
 * A page newest first. One index range per state (anomalies_list_idx leads with project and
 * state), merged: never a sort of the project's whole list, whichever states are asked for.
 */
export async function listPage(
  db: Executor,
  f: AnomalyFilter,
  states: readonly string[],
  limit: number,
  after?: { createdKey: string; id: string },
): Promise<ListedAnomaly[]> {
  const keyset = after
    ? sql` and (a.created_at, a.id) < (${after.createdKey}::timestamptz, ${after.id}::uuid)`
    : sql``;
  // The resolver's name is joined to the page's rows only, after the merge.
  const parts = states.map(
    (state) => sql`(select a.* from anomalies a
      where ${whereOf(f, state)}${keyset} order by a.created_at desc, a.id desc limit ${limit})`,
  );
  const result = await db.execute(
    sql`select ${listedColumns} from (select * from (${sql.join(parts, sql` union all `)}) m
      order by m.created_at desc, m.id desc limit ${limit}) a left join users u on u.id = a.resolved_by
      order by a.created_at desc, a.id desc`,
  );
  return rowsOf<ListedAnomaly>(result);
}

/** How many anomalies a filter holds (exact: anomalies_section_idx answers it without the heap). */
export async function countOf(db: Executor, f: AnomalyFilter, states: readonly string[]): Promise<number> {
  const parts = states.map(
    (state) => sql`(select count(*)::int as n from anomalies a where ${whereOf(f, state)})`,
  );
  const result = await db.execute(sql`select (${sql.join(parts, sql` + `)})::int as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Anomalies per project, section, kind and state (the counts; a few hundred rows at most). */
export async function countsBy(
  db: Executor,
  projectCodes: string[],
  sectionCodes?: string[],
  state?: string,
): Promise<{ project_code: string; section_code: string; kind: string; state: string; n: number }[]> {
  if (!projectCodes.length || (sectionCodes && !sectionCodes.length)) return [];
  const result =
    await db.execute(sql`select a.project_code, a.section_code, a.kind, a.state, count(*)::int as n
    from anomalies a where a.project_code = any(${textArray(projectCodes)})
    ${sectionCodes ? sql`and a.section_code = any(${textArray(sectionCodes)})` : sql``}
    ${state ? sql`and a.state = ${state}` : sql``}
    group by 1, 2, 3, 4`);
  return rowsOf<{ project_code: string; section_code: string; kind: string; state: string; n: number }>(
    result,
  ).map((r) => ({ ...r, n: Number(r.n) }));
}

/** A record's anomalies in a project (the record drawer), newest first. */
export async function ofRecord(
  db: Executor,
  projectCode: string,
  recordId: string,
): Promise<ListedAnomaly[]> {
  const result =
    await db.execute(sql`select ${listedColumns} from anomalies a left join users u on u.id = a.resolved_by
    where a.project_code = ${projectCode} and a.record_id = ${recordId}::uuid
    order by a.created_at desc, a.id desc limit 100`);
  return rowsOf<ListedAnomaly>(result);
}

/** A tag's anomalies in a project, cleared ones left out (the scan page). */
export async function ofTag(db: Executor, projectCode: string, code: string): Promise<ListedAnomaly[]> {
  const result =
    await db.execute(sql`select ${listedColumns} from anomalies a left join users u on u.id = a.resolved_by
    where a.project_code = ${projectCode} and a.tag_code <> '' and a.tag_code = ${code} and a.state <> 'cleared'
    order by a.created_at desc, a.id desc limit 100`);
  return rowsOf<ListedAnomaly>(result);
}

/** Anomalies by id for a resolution, locked in id order (two resolvers never deadlock). */
export async function lockAnomalies(db: Executor, projectCode: string, ids: string[]) {
  const result = await db.execute(sql`select ${storedColumns}, a.project_code, a.note from anomalies a
    where a.id = any(${uuidArray(ids)}) order by a.id for update`);
  return rowsOf<StoredRow & { project_code: string; note: string }>(result).map((r) => ({
    ...stored(r),
    projectCode: r.project_code,
    note: r.note,
    inProject: r.project_code === projectCode,
  }));
}

export async function setResolution(
  db: Executor,
  ids: string[],
  to: { state: string; note: string; userId: string },
): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update anomalies set state = ${to.state}, note = ${to.note},
    resolved_by = ${to.userId}::uuid, resolved_at = now() where id = any(${uuidArray(ids)})`);
}

/** Records that a rejection could move (uploaded or sent back, not deleted). */
export async function rejectableRecords(db: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`select id from records
    where id = any(${uuidArray(ids)}) and deleted_at is null and state in ('10', '30')`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
