import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../platform/sql.ts';
import { bands, fromSigned, probes, toSigned } from './dhash.ts';
import { EVIDENCE_JOB, evidenceKinds } from './kinds.ts';

/**
 * The evidence feature's SQL: its own tables (photo_hashes, evidence_pending), and reads of
 * records, files and sections. Anomalies are written through the anomalies feature.
 */
const uuids = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::uuid[]`;
/** Integers as one parameter (a band's 51 probe values would otherwise be 51 parameters). */
const intList = (xs: number[]) => sql`string_to_array(${xs.join(',')}, ',')::int[]`;
const kinds = sql`array[${sql.join(
  evidenceKinds.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;

/**
 * Queues records for their check and the project's job (in the write's transaction: a rolled back
 * write queues nothing). One queued job per project at a time; the worker polls every second.
 */
export async function queueRecords(db: Executor, projectCode: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`insert into evidence_pending (record_id, project_code)
    select unnest(${uuids(ids)}), ${projectCode}
    on conflict (record_id) do update set queued_at = now()`);
  await queueJob(db, projectCode);
}

/** Every live record of the project queued again (a re-run after a threshold change). */
export async function queueProject(db: Executor, projectCode: string): Promise<number> {
  const result = await db.execute(sql`insert into evidence_pending (record_id, project_code)
    select id, project_code from records where project_code = ${projectCode} and deleted_at is null
    on conflict (record_id) do update set queued_at = now() returning record_id`);
  return rowsOf(result).length;
}

export async function queueJob(db: Executor, projectCode: string): Promise<void> {
  await db.execute(sql`insert into jobs (kind, project_code, params)
    select ${EVIDENCE_JOB}, ${projectCode}, '{}'::jsonb
    where not exists (select 1 from jobs where kind = ${EVIDENCE_JOB} and project_code = ${projectCode}
      and status = 'queued')`);
}

export async function pendingBatch(db: Executor, projectCode: string, limit: number) {
  return rowsOf<{ record_id: string; queued_at: string }>(
    await db.execute(sql`select record_id, queued_at::text as queued_at from evidence_pending
      where project_code = ${projectCode} order by queued_at, record_id limit ${limit}`),
  );
}

export async function pendingCount(db: Executor, projectCode: string): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from evidence_pending where project_code = ${projectCode}`),
  );
  return Number(r?.n ?? 0);
}

/** Done with these (unless queued again meanwhile: a later queued_at stays for the next batch). */
export async function donePending(db: Executor, rows: { record_id: string; queued_at: string }[]) {
  for (const r of rows)
    await db.execute(sql`delete from evidence_pending where record_id = ${r.record_id}
      and queued_at <= ${r.queued_at}::timestamptz`);
}

export type CheckedRecord = {
  id: string;
  project_code: string;
  table_code: string;
  section_code: string;
  time_submit: Date | string;
  gps_long: number;
  gps_lat: number;
  gps_range: number;
  fields: Record<string, unknown> | string;
  live: boolean;
};

export async function recordsOf(db: Executor, ids: string[]): Promise<CheckedRecord[]> {
  if (!ids.length) return [];
  return rowsOf<CheckedRecord>(
    await db.execute(sql`select id, project_code, table_code, section_code, time_submit, gps_long, gps_lat,
      gps_range, fields, (deleted_at is null and state <> '40') as live from records where id = any(${uuids(ids)})`),
  );
}

export type PhotoRow = {
  id: string;
  storage_key: string;
  taken_at: Date | string | null;
  exif_long: number | null;
  exif_lat: number | null;
  camera: string | null;
};

export async function photosOf(db: Executor, projectCode: string, ids: string[]): Promise<PhotoRow[]> {
  if (!ids.length) return [];
  return rowsOf<PhotoRow>(
    await db.execute(sql`select id, storage_key, taken_at, exif_long, exif_lat, camera from files
      where id = any(${uuids(ids)}) and project_code = ${projectCode} and kind = 'photo'`),
  );
}

/** Stored hashes per file (any record; [plain, …crop variants]): a file on two records is hashed once. */
export async function hashesOfFiles(db: Executor, fileIds: string[]): Promise<Map<string, bigint[]>> {
  if (!fileIds.length) return new Map();
  const rows = rowsOf<{ file_id: string; variant: number; hash: string }>(
    await db.execute(sql`select distinct on (file_id, variant) file_id, variant, hash::text as hash
      from photo_hashes where file_id = any(${uuids(fileIds)}) order by file_id, variant`),
  );
  const out = new Map<string, bigint[]>();
  for (const r of rows) {
    const list = out.get(r.file_id) ?? [];
    list[Number(r.variant)] = fromSigned(r.hash);
    out.set(r.file_id, list);
  }
  return out;
}

export type HashRow = { recordId: string; fileId: string; projectCode: string; hashes: bigint[] };

/** The records' hashes as they are now (photos removed by a correction go). */
export async function replaceHashes(db: Executor, recordIds: string[], rows: HashRow[]): Promise<void> {
  if (recordIds.length)
    await db.execute(sql`delete from photo_hashes where record_id = any(${uuids(recordIds)})`);
  const values = rows.flatMap((r) =>
    r.hashes.map((hash, variant) => {
      const [b0, b1, b2, b3] = bands(hash);
      return sql`(${r.recordId}::uuid, ${r.fileId}::uuid, ${variant}, ${r.projectCode},
        ${toSigned(hash).toString()}::bigint, ${b0}, ${b1}, ${b2}, ${b3})`;
    }),
  );
  for (let i = 0; i < values.length; i += 500)
    await db.execute(sql`insert into photo_hashes (record_id, file_id, variant, project_code, hash, b0, b1, b2, b3)
      values ${sql.join(values.slice(i, i + 500), sql`, `)} on conflict do nothing`);
}

export type Match = {
  record_id: string;
  file_id: string;
  bits: number;
  time_submit: Date | string;
  camera: string | null;
};

/**
 * Photos of other live records of the project within `maxBits` of any of `hashes` (a photo's
 * variants): one index scan per band, each probing that band of every variant at its value and
 * its 16 one-bit neighbours, the exact distance computed from the index entry itself (the band
 * indexes carry the hash, record and file: migration 0028), so no candidate's table row is read
 * (docs/decisions/0211-photo-hash-index.md). A photo found through two bands comes twice and is
 * grouped below.
 */
export function matchesQuery(projectCode: string, recordId: string, hashes: bigint[], maxBits: number): SQL {
  const distance = sql`least(${sql.join(
    hashes.map((h) => sql`bit_count((h.hash # ${toSigned(h).toString()}::bigint)::bit(64))`),
    sql`, `,
  )})::int`;
  const perBand = [0, 1, 2, 3].map((i) => {
    const values = [...new Set(hashes.flatMap((h) => probes(bands(h)[i]!)))];
    return sql`select h.record_id, h.file_id, ${distance} as bits from photo_hashes h
      where h.project_code = ${projectCode} and ${sql.raw(`h.b${i}`)} = any(${intList(values)})
        and h.record_id <> ${recordId}::uuid and ${distance} <= ${maxBits}`;
  });
  // Materialised: the candidates come from the band indexes first, and only those within the
  // threshold meet records; left to itself the planner may walk records.
  return sql`with c as materialized (
      ${sql.join(perBand, sql` union all `)}
      -- Bounded: one photo reused on thousands of records would otherwise make every check read
      -- all of them (quadratic over a batch); 20 are reported, 1,000 matches are plenty.
      limit 1000)
    select c.record_id, c.file_id, min(c.bits)::int as bits, min(r.time_submit) as time_submit,
      min(f.camera) as camera
    from c
    join records r on r.id = c.record_id and r.deleted_at is null and r.state <> '40'
    left join files f on f.id = c.file_id
    group by c.record_id, c.file_id order by bits, time_submit, c.record_id limit 20`;
}

export async function matches(
  db: Executor,
  projectCode: string,
  recordId: string,
  hashes: bigint[],
  maxBits: number,
) {
  return rowsOf<Match>(await db.execute(matchesQuery(projectCode, recordId, hashes, maxBits)));
}

export type StoredEvidence = {
  id: string;
  record_id: string;
  kind: string;
  state: string;
  other_record_id: string | null;
  evidence: Record<string, unknown> | string;
};

export async function evidenceAnomalies(db: Executor, recordIds: string[]): Promise<StoredEvidence[]> {
  if (!recordIds.length) return [];
  return rowsOf<StoredEvidence>(
    await db.execute(sql`select id, record_id, kind, state, other_record_id, evidence from anomalies
      where record_id = any(${uuids(recordIds)}) and kind = any(${kinds})`),
  );
}

export async function sectionOutlines(db: Executor, projectCode: string) {
  return rowsOf<{ code: string; boundary: unknown }>(
    await db.execute(sql`select code, boundary from sections where project_code = ${projectCode}`),
  );
}

/** The last evidence job of the project (the screen's progress). */
export async function lastJob(db: Executor, projectCode: string) {
  const [r] = rowsOf<{ id: string; status: string; progress: number; error: string | null }>(
    await db.execute(sql`select id, status, progress, error from jobs
      where kind = ${EVIDENCE_JOB} and project_code = ${projectCode} order by created_at desc limit 1`),
  );
  return r ? { ...r, progress: Number(r.progress) } : null;
}
