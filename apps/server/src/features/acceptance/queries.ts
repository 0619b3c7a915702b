import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * 检查验收's SQL: its three tables, and reads (never writes) of records for the draw and the
 * items' places. The population of a draw is the approved (20), live records of the tables and
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

/** The population of each section (sections without records are absent): one scan for all. */
export async function populationBySection(db: Executor, p: Population): Promise<Map<string, number>> {
  const result = await db.execute(sql`select r.section_code, count(*)::int as n from records r
    where ${populationWhere(p)} group by r.section_code`);
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
  await db.execute(sql`insert into acceptance_items (sample_id, record_id, section_code, rank)
    select ${sampleId}::uuid, x.id, x.section_code, x.rank from (
      select c.id, c.section_code, t.take,
        row_number() over (partition by c.section_code order by c.h, c.id)::int as rank
      from (select r.id, r.section_code, ${key(seed)} as h from records r where ${populationWhere(p)}) c
      join unnest(${textArray(sections)}, string_to_array(${list((t) => String(t.take))}::text, ',')::int[],
        string_to_array(${list((t) => (t.below === null ? '' : String(t.below)))}::text, ',')) t(code, take, below)
        on t.code = c.section_code
      where t.below = '' or c.h < t.below::bigint) x
    where x.rank <= x.take`);
  const result = await db.execute(sql`select section_code, count(*)::int as n from acceptance_items
    where sample_id = ${sampleId}::uuid group by section_code`);
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
    sql`delete from acceptance_items where sample_id = ${sampleId}::uuid and section_code = ${section}`,
  );
  await db.execute(sql`insert into acceptance_items (sample_id, record_id, section_code, rank)
    select ${sampleId}::uuid, x.id, ${section}, row_number() over (order by x.h, x.id)::int
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
  (select count(*) from acceptance_items i where i.sample_id = s.id and i.passed is not null)::int as checked,
  (select count(*) from acceptance_items i where i.sample_id = s.id and i.passed)::int as passed,
  (select count(*) from acceptance_items i where i.sample_id = s.id and not i.passed)::int as failed`;

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

/** Checked / passed / failed per section of a sample (acceptance_items_order_idx). */
export async function stratumCounts(db: Executor, sampleId: string) {
  const result =
    await db.execute(sql`select section_code, count(*) filter (where passed is not null)::int as checked,
    count(*) filter (where passed)::int as passed, count(*) filter (where not passed)::int as failed
    from acceptance_items where sample_id = ${sampleId}::uuid group by section_code`);
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

function itemWhere(f: ItemFilter): SQL {
  const parts: SQL[] = [sql`i.sample_id = ${f.sampleId}::uuid`];
  if (f.sectionCodes) parts.push(sql`i.section_code = any(${textArray(f.sectionCodes)})`);
  if (f.state === 'unchecked') parts.push(sql`i.passed is null`);
  if (f.state === 'passed') parts.push(sql`i.passed`);
  if (f.state === 'failed') parts.push(sql`not i.passed`);
  if (f.recordId) parts.push(sql`i.record_id = ${f.recordId}::uuid`);
  if (f.after) parts.push(sql`(i.section_code, i.rank) > (${f.after.sectionCode}, ${f.after.rank}::int)`);
  return sql.join(parts, sql` and `);
}

/** A page of items in draw order (section, rank), each with its record and latest check. */
export async function itemPage(db: Executor, f: ItemFilter, limit: number, offset: number) {
  const result = await db.execute(sql`select i.record_id, r.table_code, i.section_code, i.rank, r.time_submit,
      r.gps_long, r.gps_lat, concat_ws(' ', nullif(r.gps_xiang, ''), nullif(r.gps_xzcun, ''), nullif(r.gps_xiaoban, '')) as place,
      r.fields, i.passed,
      (select jsonb_build_object('found', c.found, 'stump_cm', c.stump_cm, 'covered', c.covered,
        'branches', c.branches, 'disposal', c.disposal, 'photos', to_jsonb(c.photos), 'gps_long', c.gps_long,
        'gps_lat', c.gps_lat, 'gps_range', c.gps_range, 'remark', c.remark, 'passed', c.passed,
        'reasons', to_jsonb(c.reasons), 'checked_by_name', cu.name,
        'checked_at', to_char(c.checked_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'))
        from acceptance_checks c left join users cu on cu.id = c.checked_by where c.id = i.check_id) as "check"
    from acceptance_items i join records r on r.id = i.record_id
    where ${itemWhere(f)} order by i.section_code, i.rank limit ${limit} offset ${offset}`);
  return rowsOf<ItemRow>(result);
}

export async function itemCount(db: Executor, f: ItemFilter): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from acceptance_items i where ${itemWhere(f)}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
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

/** Appends a check and points its item at it (the latest check decides the item). */
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
  await db.execute(sql`update acceptance_items set passed = ${c.passed}, check_id = ${id}
    where sample_id = ${c.sampleId}::uuid and record_id = ${c.recordId}::uuid`);
  return id;
}
