import { chinaToday, type EvidenceNote, reconcileTables } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { outsideCountyM } from '../../platform/geo/countyOutlines.ts';
import { type Outline, outsideByM, usable } from '../../platform/geo/outline.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { clearAnomalies, forgetCounts, upsertAnomalies, type WantedAnomaly } from '../anomalies/index.ts';
import { dHashes } from './dhash.ts';
import * as q from './queries.ts';
import { type Finding, noFix, type PhotoFacts, photoFindings, type Thresholds } from './rules.ts';

/**
 * One batch of queued records checked (the job, run.ts): photos hashed once per file, the photo,
 * duplicate and outline rules run, and the records' evidence anomalies brought to what they say
 * (new ones raised, open ones no longer true cleared; explained or confirmed ones keep the
 * decision). A deleted or rejected record only has its open evidence anomalies cleared.
 */
export type ProjectFacts = Thresholds & {
  projectCode: string;
  areaCode: string;
  outlines: Map<string, Outline | null>;
};

/**
 * The demo's photos are seven drawn scenes, one picture per kind of photo (seed/photos.ts): two
 * different demo files showing the same drawing are not a reused photo. The same file on two
 * records, or a demo drawing matching a real photo, still is.
 */
export const DEMO_CAMERA = 'PineGuard Demo field app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** File ids a record's fields name (a photo field holds one id or an array; files says which are photos). */
export function fileIdsOf(fields: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const v of Object.values(fields))
    if (Array.isArray(v))
      for (const x of v) if (typeof x === 'string' && UUID.test(x)) out.add(x.toLowerCase());
  return [...out];
}

const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
const fieldsOf = (v: Record<string, unknown> | string) => (typeof v === 'string' ? JSON.parse(v) : v) ?? {};

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks);
  } catch {
    return undefined;
  }
}

export async function checkBatch(
  db: Executor,
  storage: Storage,
  p: ProjectFacts,
  recordIds: string[],
): Promise<{ raised: number; notes: Map<string, EvidenceNote[]> }> {
  const records = await q.recordsOf(db, recordIds);
  const live = records.filter((r) => r.live && r.project_code === p.projectCode);
  const idsByRecord = new Map(live.map((r) => [r.id, fileIdsOf(fieldsOf(r.fields))]));
  const photos = await q.photosOf(db, p.projectCode, [...new Set([...idsByRecord.values()].flat())]);
  const photoById = new Map(photos.map((f) => [f.id, f]));
  const hashes = await q.hashesOfFiles(db, [...photoById.keys()]);
  const notes = new Map<string, EvidenceNote[]>();
  for (const f of photos) {
    if (hashes.has(f.id)) continue;
    const bytes = await readAll(storage, f.storage_key);
    const h = bytes ? await dHashes(bytes) : undefined;
    if (h) hashes.set(f.id, h);
  }
  const hashRows: q.HashRow[] = [];
  for (const [recordId, ids] of idsByRecord)
    for (const id of ids) {
      const list = hashes.get(id);
      if (list?.length) hashRows.push({ recordId, fileId: id, projectCode: p.projectCode, hashes: list });
    }
  await q.replaceHashes(
    db,
    records.map((r) => r.id),
    hashRows,
  );

  const wanted: WantedAnomaly[] = [];
  for (const r of live) {
    const at = asDate(r.time_submit)!;
    const point = { lat: Number(r.gps_lat), lng: Number(r.gps_long) };
    const mine = (idsByRecord.get(r.id) ?? []).flatMap((id) =>
      photoById.has(id) ? [photoById.get(id)!] : [],
    );
    const facts: PhotoFacts[] = mine.map((f) => ({
      id: f.id,
      takenAt: asDate(f.taken_at),
      lat: f.exif_lat === null ? null : Number(f.exif_lat),
      lng: f.exif_long === null ? null : Number(f.exif_long),
    }));
    const result = photoFindings({ id: r.id, at, ...point, gpsRange: Number(r.gps_range) }, facts, p);
    const findings: (Finding & { other?: string })[] = [...result.findings];
    const recordNotes = [...result.notes];
    if (mine.some((f) => !hashes.has(f.id))) recordNotes.push('unreadable');
    const dup = await duplicateOf(db, p, r.id, at, mine, hashes);
    if (dup) findings.push(dup);
    if (noFix(point.lat, point.lng)) recordNotes.push('gpsZero');
    else findings.push(...(await placeFindings(p, r.section_code, point, r.table_code)));
    notes.set(r.id, [...new Set(recordNotes)]);
    for (const f of findings)
      wanted.push({
        projectCode: p.projectCode,
        recordId: r.id,
        tableCode: r.table_code,
        sectionCode: r.section_code,
        day: chinaToday(at),
        kind: f.kind,
        tagCode: '',
        otherRecordId: f.other ?? null,
        evidence: f.evidence,
      });
  }
  const stored = await q.evidenceAnomalies(db, recordIds);
  const key = (a: { recordId?: string; record_id?: string; kind: string }) =>
    `${a.recordId ?? a.record_id}|${a.kind}`;
  const wantedKeys = new Set(wanted.map(key));
  const storedByKey = new Map(stored.map((s) => [key(s), s]));
  const write = wanted.filter((w) => {
    const s = storedByKey.get(key(w));
    if (!s || s.state === 'cleared' || s.other_record_id !== w.otherRecordId) return true;
    const ev = typeof s.evidence === 'string' ? s.evidence : JSON.stringify(s.evidence);
    return canonical(JSON.parse(ev)) !== canonical(w.evidence);
  });
  const moot = stored.filter((s) => s.state === 'open' && !wantedKeys.has(key(s))).map((s) => s.id);
  await upsertAnomalies(db, write);
  await clearAnomalies(db, moot);
  if (write.length || moot.length) forgetCounts();
  return { raised: write.length, notes };
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${k}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * The closest photo of an earlier record matching one of this record's photos: the later record
 * carries the anomaly, linking the earlier one (the original).
 */
async function duplicateOf(
  db: Executor,
  p: ProjectFacts,
  recordId: string,
  at: Date,
  mine: q.PhotoRow[],
  hashes: Map<string, bigint[]>,
): Promise<(Finding & { other: string }) | undefined> {
  let best: (Finding & { other: string; bits: number }) | undefined;
  for (const f of mine) {
    const list = hashes.get(f.id);
    if (!list?.length) continue;
    for (const m of await q.matches(db, p.projectCode, recordId, list, p.photoDupBits)) {
      const otherAt = asDate(m.time_submit)!.getTime();
      const earlier = otherAt < at.getTime() || (otherAt === at.getTime() && m.record_id < recordId);
      if (!earlier) continue;
      if (m.file_id !== f.id && f.camera === DEMO_CAMERA && m.camera === DEMO_CAMERA) continue;
      const bits = Number(m.bits);
      if (best && best.bits <= bits) continue;
      best = {
        kind: 'photo_duplicate',
        other: m.record_id,
        bits,
        evidence: { photoId: f.id, otherPhotoId: m.file_id, bits, maxBits: p.photoDupBits },
      };
    }
  }
  if (!best) return undefined;
  const { bits: _bits, ...finding } = best;
  return finding;
}

/** Outside its section's outline, and outside the county's, by more than the tolerance. */
async function placeFindings(
  p: ProjectFacts,
  sectionCode: string,
  point: { lat: number; lng: number },
  tableCode: string,
) {
  const out: Finding[] = [];
  const outline = p.outlines.get(sectionCode);
  // A burn record is made at its burn point, a registered site often outside the section's forest:
  // it answers to the county outline only (the burn point's own registration is checked elsewhere).
  if (outline && tableCode !== reconcileTables.burning) {
    const d = outsideByM(outline, point);
    if (d > p.outlineToleranceM)
      out.push({
        kind: 'outside_section',
        evidence: {
          distanceM: Math.round(d),
          toleranceM: p.outlineToleranceM,
          lat: point.lat,
          lng: point.lng,
        },
      });
  }
  const county = await outsideCountyM(p.areaCode, point.lng, point.lat);
  if (county !== undefined && county > p.outlineToleranceM)
    out.push({
      kind: 'outside_county',
      evidence: {
        county: p.areaCode.slice(0, 6),
        distanceM: Math.round(county),
        toleranceM: p.outlineToleranceM,
        lat: point.lat,
        lng: point.lng,
      },
    });
  return out;
}

/** The project's thresholds and its sections' usable outlines (null: none imported, or unusable). */
export async function projectFacts(
  db: Executor,
  projectCode: string,
  settings: Thresholds & { areaCode: string },
): Promise<ProjectFacts> {
  const outlines = new Map<string, Outline | null>();
  for (const s of await q.sectionOutlines(db, projectCode)) {
    const b = typeof s.boundary === 'string' ? JSON.parse(s.boundary) : s.boundary;
    outlines.set(s.code, usable(b) ? b : null);
  }
  return { ...settings, projectCode, outlines };
}
