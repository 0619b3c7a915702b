import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * 检查验收's SQL: its tables (samples; draws, one ordered id array per section; results, the
 * checked items only; checks), and reads (never writes) of records for the draw and the items'
 * places. The population of a draw is the approved (20), live records of the tables and
 * sections whose collection time lies in the China days [begin, end]; records_section_state_idx
 * (project, table, section, state, time) answers it per section.
 */

const textArray = (xs: readonly string[]) => sql`string_to_array(${xs.join(',')}::text, ',')`;

export type Population = {
  projectCode: string;
  tableCodes: readonly string[];
  sectionCodes: readonly string[];
  begin: string;
  end: string;
};

/** China day bounds as instants: [begin 00:00 +08, end + 1 day 00:00 +08). */
function populationWhere(p: Population, section?: SQL): SQL {
  return sql`r.project_code = ${p.projectCode} and r.table_code = any(${textArray(p.tableCodes)})
    and ${section ?? sql`r.section_code = any(${textArray(p.sectionCodes)})`}
    and r.state = '20' and r.deleted_at is null
    and r.time_submit >= (${p.begin}::date::timestamp at time zone 'Asia/Shanghai')
    and r.time_submit < ((${p.end}::date + 1)::timestamp at time zone 'Asia/Shanghai')`;
}

/**
 * For the rest of the draw's transaction: no JIT. The draw's two statements cost ~100,000 by the
 * planner's estimate, past jit_above_cost, and compiling them took 180 ms of a 1.7 s draw on
 * PostgreSQL (measured at a million records) for a scan that runs once. PGlite accepts and ignores it.
 */
export async function withoutJit(db: Executor): Promise<void> {
  await db.execute(sql`set local jit = off`);
}

/**
 * The population of each section (sections without records are absent), from the per-day
 * counters (record_counts: live records by table, section, state and China day, moved in the
 * same transaction as every write) — the same rows populationWhere selects, without scanning them:
 * the draw itself is then the only pass over the records.
 */
export async function populationBySection(db: Executor, p: Population): Promise<Map<string, number>> {
  const result = await db.execute(sql`select c.section_code, sum(c.n)::int as n from record_counts c
    where c.project_code = ${p.projectCode} and c.table_code = any(${textArray(p.tableCodes)})
      and c.section_code = any(${textArray(p.sectionCodes)}) and c.state = '20'
      and c.day >= ${p.begin}::date and c.day <= ${p.end}::date
    group by c.section_code having sum(c.n) > 0`);
  return new Map(
    rowsOf<{ section_code: string; n: number }>(result).map((r) => [r.section_code, Number(r.n)]),
  );
}

export async function insertSample(
  db: Executor,
  s: {
    projectCode: string;
    name: string;
    seed: string;
    sharePct: number;
    begin: string;
    end: string;
    tableCodes: string[];
    sectionCodes: string[];
    strata: { sectionCode: string; population: number; drawn: number }[];
    createdBy: string;
  },
): Promise<string> {
  const population = s.strata.reduce((a, x) => a + x.population, 0);
  const drawn = s.strata.reduce((a, x) => a + x.drawn, 0);
  const result = await db.execute(sql`insert into acceptance_samples
    (project_code, name, seed, share_pct, begin, "end", table_codes, section_codes, strata, population, drawn, created_by)
    values (${s.projectCode}, ${s.name}, ${s.seed}, ${s.sharePct}, ${s.begin}::date, ${s.end}::date,
      ${textArray(s.tableCodes)}, ${textArray(s.sectionCodes)}, ${JSON.stringify(s.strata)}::jsonb,
      ${population}, ${drawn}, ${s.createdBy}::uuid) returning id`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/** A section's draw: how many to take and the key below which they surely all lie (null: no bound). */
export type Take = { take: number; below: bigint | null };

const key = (seed: string) => sql`uuid_hash_extended(r.id, hashtextextended(${seed}, 0))`;

/**
 * The draw (docs/acceptance.md): per section, the population ordered by its key
 * uuid_hash_extended(id, hashtextextended(seed, 0)) then id, the first `take` rows ranked and
 * stored. PostgreSQL's own seeded hash (the one hash partitioning relies on): any PostgreSQL ≥ 11
 * repeats the draw with the query in the docs, and it costs next to nothing beside the scan (md5
 * of each id cost 1.7 µs a row on PGlite, 1.7 s at a million).
 * One scan for every section: only rows whose key lies below the section's bound (a quantile a
 * few standard deviations above the share, rules.ts keyBound) are ranked, so a million rows are
 * never sorted; a section where fewer than `take` fell below it (chance ~1e-6) is drawn again
 * without a bound (drawSectionExactly). The answer is the same either way.
 */
export async function drawItems(
  db: Executor,
  sampleId: string,
  seed: string,
  p: Population,
  takes: Map<string, Take>,
): Promise<void> {
  const sections = [...takes.keys()];
  const list = (f: (t: Take) => string) => sections.map((s) => f(takes.get(s)!)).join(',');
  await db.execute(sql`insert into acceptance_draws (sample_id, section_code, record_ids)
    select ${sampleId}::uuid, x.section_code, array_agg(x.id order by x.rank) from (
      select c.id, c.section_code, t.take,
        row_number() over (partition by c.section_code order by c.h, c.id)::int as rank
      from (select r.id, r.section_code, ${key(seed)} as h from records r where ${populationWhere(p)}) c
      join unnest(${textArray(sections)}, string_to_array(${list((t) => String(t.take))}::text, ',')::int[],
        string_to_array(${list((t) => (t.below === null ? '' : String(t.below)))}::text, ',')) t(code, take, below)
        on t.code = c.section_code
      where t.below = '' or c.h < t.below::bigint) x
    where x.rank <= x.take group by x.section_code`);
  const result = await db.execute(sql`select section_code, cardinality(record_ids)::int as n
    from acceptance_draws where sample_id = ${sampleId}::uuid`);
  const drawn = new Map(
    rowsOf<{ section_code: string; n: number }>(result).map((r) => [r.section_code, Number(r.n)]),
  );
  for (const s of sections) {
    if ((drawn.get(s) ?? 0) < takes.get(s)!.take)
      await drawSectionExactly(db, sampleId, seed, p, s, takes.get(s)!.take);
  }
}

/** One section drawn without a bound: a top-N sort of its whole stratum. */
async function drawSectionExactly(
  db: Executor,
  sampleId: string,
  seed: string,
  p: Population,
  section: string,
  take: number,
) {
  await db.execute(
    sql`delete from acceptance_draws where sample_id = ${sampleId}::uuid and section_code = ${section}`,
  );
  await db.execute(sql`insert into acceptance_draws (sample_id, section_code, record_ids)
    select ${sampleId}::uuid, ${section}, coalesce(array_agg(x.id order by x.h, x.id), '{}')
      from (select r.id, ${key(seed)} as h from records r where ${populationWhere(p, sql`r.section_code = ${section}`)}
        order by 2, 1 limit ${take}) x`);
}

export type SampleRow = {
  id: string;
  project_code: string;
  name: string;
  seed: string;
  share_pct: number;
  begin: string;
  end: string;
  table_codes: string[] | string;
  section_codes: string[] | string;
  strata: { sectionCode: string; population: number; drawn: number }[] | string;
  population: number;
  drawn: number;
  created_by_name: string | null;
  created_at: Date | string;
  checked: number;
  passed: number;
  failed: number;
};

const sampleColumns = sql`s.id, s.project_code, s.name, s.seed, s.share_pct, s.begin::text as begin, s."end"::text as "end",
  s.table_codes, s.section_codes, s.strata, s.population, s.drawn, u.name as created_by_name, s.created_at,
  (select count(*) from acceptance_results i where i.sample_id = s.id)::int as checked,
  (select count(*) from acceptance_results i where i.sample_id = s.id and i.passed)::int as passed,
  (select count(*) from acceptance_results i where i.sample_id = s.id and not i.passed)::int as failed`;

export async function listSamples(
  db: Executor,
  projectCode: string,
  limit: number,
  offset: number,
): Promise<{ rows: SampleRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute(sql`select ${sampleColumns} from acceptance_samples s left join users u on u.id = s.created_by
      where s.project_code = ${projectCode} order by s.created_at desc, s.id desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from acceptance_samples where project_code = ${projectCode}`),
  ]);
  return { rows: rowsOf<SampleRow>(rows), total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}

export async function findSample(
  db: Executor,
  projectCode: string,
  id: string,
): Promise<SampleRow | undefined> {
  const result = await db.execute(sql`select ${sampleColumns} from acceptance_samples s
    left join users u on u.id = s.created_by where s.id = ${id}::uuid and s.project_code = ${projectCode}`);
  return rowsOf<SampleRow>(result)[0];
}

/** Checked / passed / failed per section of a sample (the checked items only: acceptance_results). */
export async function stratumCounts(db: Executor, sampleId: string) {
  const result = await db.execute(sql`select section_code, count(*)::int as checked,
    count(*) filter (where passed)::int as passed, count(*) filter (where not passed)::int as failed
    from acceptance_results where sample_id = ${sampleId}::uuid group by section_code`);
  return rowsOf<{ section_code: string; checked: number; passed: number; failed: number }>(result);
}

export type ItemRow = {
  record_id: string;
  table_code: string;
  section_code: string;
  rank: number;
  time_submit: Date | string;
  gps_long: number;
  gps_lat: number;
  place: string;
  fields: Record<string, unknown> | string;
  passed: boolean | null;
  check: CheckRow | string | null;
};
export type CheckRow = {
  found: boolean;
  stump_cm: number | null;
  covered: boolean | null;
  branches: boolean | null;
  disposal: boolean | null;
  photos: string[];
  gps_long: number | null;
  gps_lat: number | null;
  gps_range: number | null;
  remark: string;
  passed: boolean;
  reasons: string[];
  checked_by_name: string | null;
  checked_at: string;
};

export type ItemFilter = {
  sampleId: string;
  sectionCodes?: string[] | undefined;
  state?: 'unchecked' | 'passed' | 'failed' | undefined;
  recordId?: string | undefined;
  /** Keyset: items after this (section, rank) in draw order (the export's pages). */
  after?: { sectionCode: string; rank: number } | undefined;
};

const sectionIn = (f: ItemFilter, column: SQL) =>
  f.sectionCodes ? sql`and ${column} = any(${textArray(f.sectionCodes)})` : sql``;
const afterIn = (f: ItemFilter, alias: SQL) =>
  f.after
    ? sql`and (${alias}.section_code, ${alias}.rank) > (${f.after.sectionCode}, ${f.after.rank}::int)`
    : sql``;

/**
 * The filter's items as (section_code, record_id, rank), unordered. By result: the checked rows
 * (acceptance_results_order_idx). One record: its place in its section's array. Otherwise the
 * sections' arrays unnested, each cut to the first `upTo` items past the keyset (a page never
 * unnests more than it can show) unless unchecked items are asked for (checked ones are skipped).
 */
function itemSource(f: ItemFilter, upTo: number | null): SQL {
  if (f.state === 'passed' || f.state === 'failed')
    return sql`select i.section_code, i.record_id, i.rank from acceptance_results i
      where i.sample_id = ${f.sampleId}::uuid and ${f.state === 'passed' ? sql`i.passed` : sql`not i.passed`}
        ${sectionIn(f, sql`i.section_code`)} ${f.recordId ? sql`and i.record_id = ${f.recordId}::uuid` : sql``}
        ${afterIn(f, sql`i`)}`;
  if (f.recordId)
    return sql`select d.section_code, ${f.recordId}::uuid as record_id, x.rank from acceptance_draws d
      cross join lateral (select array_position(d.record_ids, ${f.recordId}::uuid) as rank) x
      where d.sample_id = ${f.sampleId}::uuid and x.rank is not null ${sectionIn(f, sql`d.section_code`)}`;
  const start = f.after
    ? sql`case when d.section_code = ${f.after.sectionCode} then ${f.after.rank}::int + 1 else 1 end`
    : sql`1`;
  const end =
    upTo === null || f.state === 'unchecked'
      ? sql`cardinality(d.record_ids)`
      : sql`${start} + ${upTo}::int - 1`;
  return sql`select d.section_code, u.record_id, (${start} + u.k - 1)::int as rank from acceptance_draws d
    cross join lateral unnest(d.record_ids[${start}:${end}]) with ordinality u(record_id, k)
    where d.sample_id = ${f.sampleId}::uuid ${sectionIn(f, sql`d.section_code`)}
      ${f.after ? sql`and d.section_code >= ${f.after.sectionCode}` : sql``}`;
}

/** A page of items in draw order (section, rank), each with its record and latest check. */
export async function itemPage(db: Executor, f: ItemFilter, limit: number, offset: number) {
  const result = await db.execute(sql`select i.record_id, r.table_code, i.section_code, i.rank, r.time_submit,
      r.gps_long, r.gps_lat, concat_ws(' ', nullif(r.gps_xiang, ''), nullif(r.gps_xzcun, ''), nullif(r.gps_xiaoban, '')) as place,
      r.fields, res.passed,
      (select jsonb_build_object('found', c.found, 'stump_cm', c.stump_cm, 'covered', c.covered,
        'branches', c.branches, 'disposal', c.disposal, 'photos', to_jsonb(c.photos), 'gps_long', c.gps_long,
        'gps_lat', c.gps_lat, 'gps_range', c.gps_range, 'remark', c.remark, 'passed', c.passed,
        'reasons', to_jsonb(c.reasons), 'checked_by_name', cu.name,
        'checked_at', to_char(c.checked_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'))
        from acceptance_checks c left join users cu on cu.id = c.checked_by where c.id = res.check_id) as "check"
    from (${itemSource(f, offset + limit)}) i
    left join acceptance_results res on res.sample_id = ${f.sampleId}::uuid and res.record_id = i.record_id
    join records r on r.id = i.record_id
    where ${f.state === 'unchecked' ? sql`res.record_id is null` : sql`true`}
    order by i.section_code, i.rank limit ${limit} offset ${offset}`);
  return rowsOf<ItemRow>(result);
}

/** How many items the filter holds: array lengths and checked rows, never an unnest of the sample. */
export async function itemCount(db: Executor, f: ItemFilter): Promise<number> {
  const checked = (passed?: boolean) => sql`(select count(*) from acceptance_results i
    where i.sample_id = ${f.sampleId}::uuid ${passed === undefined ? sql`` : passed ? sql`and i.passed` : sql`and not i.passed`}
      ${sectionIn(f, sql`i.section_code`)} ${afterIn(f, sql`i`)})`;
  const query =
    f.recordId || (f.after && f.state !== 'passed' && f.state !== 'failed')
      ? sql`select count(*)::int as n from (${itemSource(f, null)}) i
          ${
            f.state === 'unchecked'
              ? sql`where not exists (select 1 from acceptance_results res
            where res.sample_id = ${f.sampleId}::uuid and res.record_id = i.record_id)`
              : sql``
          }`
      : f.state === 'passed' || f.state === 'failed'
        ? sql`select ${checked(f.state === 'passed')}::int as n`
        : sql`select (coalesce((select sum(cardinality(d.record_ids)) from acceptance_draws d
            where d.sample_id = ${f.sampleId}::uuid ${sectionIn(f, sql`d.section_code`)}), 0)
            ${f.state === 'unchecked' ? sql`- ${checked()}` : sql``})::int as n`;
  return Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);
}

/** A check already stored under this client id (a resend), as the sample and record it was for. */
export async function checkByClientId(db: Executor, clientId: string) {
  const result = await db.execute(
    sql`select id, sample_id, record_id from acceptance_checks where client_id = ${clientId}::uuid`,
  );
  return rowsOf<{ id: number; sample_id: string; record_id: string }>(result)[0];
}

export type NewCheck = {
  sampleId: string;
  recordId: string;
  clientId: string;
  found: boolean;
  stumpCm: number | null;
  covered: boolean | null;
  branches: boolean | null;
  disposal: boolean | null;
  photos: string[];
  gps: { long: number; lat: number; range: number } | null;
  remark: string;
  passed: boolean;
  reasons: string[];
  checkedBy: string;
  checkedAt: Date;
};

/**
 * Appends a check and records its outcome as the item's (the latest check decides: a slower
 * earlier check arriving second does not overwrite a later one).
 */
export async function insertCheck(db: Executor, c: NewCheck): Promise<number> {
  const result = await db.execute(sql`insert into acceptance_checks (sample_id, record_id, client_id, found,
      stump_cm, covered, branches, disposal, photos, gps_long, gps_lat, gps_range, remark, passed, reasons,
      checked_by, checked_at)
    values (${c.sampleId}::uuid, ${c.recordId}::uuid, ${c.clientId}::uuid, ${c.found}, ${c.stumpCm}, ${c.covered},
      ${c.branches}, ${c.disposal}, ${textArray(c.photos)}, ${c.gps?.long ?? null}, ${c.gps?.lat ?? null},
      ${c.gps?.range ?? null}, ${c.remark}, ${c.passed}, ${textArray(c.reasons)}, ${c.checkedBy}::uuid,
      ${c.checkedAt.toISOString()}::timestamptz)
    returning id`);
  const id = rowsOf<{ id: number }>(result)[0]!.id;
  await db.execute(sql`insert into acceptance_results (sample_id, record_id, section_code, rank, passed, check_id)
    select ${c.sampleId}::uuid, ${c.recordId}::uuid, d.section_code, array_position(d.record_ids, ${c.recordId}::uuid),
      ${c.passed}, ${id}
    from acceptance_draws d where d.sample_id = ${c.sampleId}::uuid and ${c.recordId}::uuid = any(d.record_ids)
    on conflict (sample_id, record_id) do update set passed = excluded.passed, check_id = excluded.check_id
      where acceptance_results.check_id < excluded.check_id`);
  return id;
}
