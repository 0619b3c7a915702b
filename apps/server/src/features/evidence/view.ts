import {
  ErrorCode,
  type EvidenceNote,
  type EvidenceRecord,
  type EvidenceStatusValue,
  type EvidenceViewValue,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { usable } from '../../platform/geo/outline.ts';
import { selfIntersects } from '../../platform/geo/outline.ts';
import { rowsOf } from '../../platform/sql.ts';
import { signMedia } from '../files/index.ts';
import { chinaTime, recordSectionScope } from '../records/index.ts';
import { fileIdsOf } from './check.ts';
import * as q from './queries.ts';
import { CLOCK_FLOOR, noFix } from './rules.ts';
import { projectEvidence } from './settings.ts';

/** The thresholds, the queue and the last run (the 疑点 screen's evidence card). */
export async function status(deps: AppDeps, projectCode: string): Promise<EvidenceStatusValue> {
  const { db } = deps.database;
  const s = await projectEvidence(db, projectCode);
  if (!s) throw new AppError(ErrorCode.notFound, 'notFound');
  const { areaCode: _a, ...settings } = s;
  return { settings, pending: await q.pendingCount(db, projectCode), job: await q.lastJob(db, projectCode) };
}

type AnomalyRow = {
  record_id: string;
  other_record_id: string | null;
  section_code: string;
  project_code: string;
};

/**
 * What the screen shows beside one anomaly: its record and the other (a duplicate's original),
 * each with its photos signed for viewing, the section's outline, and the notes that are not
 * anomalies. Anomalies of any kind can be viewed; a record outside the caller's sections is not found.
 */
export async function view(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  anomalyId: string,
): Promise<EvidenceViewValue> {
  const { db } = deps.database;
  const [a] = rowsOf<AnomalyRow>(
    await db.execute(sql`select record_id, other_record_id, section_code, project_code from anomalies
      where id = ${anomalyId}::uuid`),
  );
  const scope = await recordSectionScope(db, auth, projectCode);
  if (!a || a.project_code !== projectCode || (scope && !scope.includes(a.section_code)))
    throw new AppError(ErrorCode.notFound, 'notFound');
  const ids = [a.record_id, ...(a.other_record_id ? [a.other_record_id] : [])];
  const rows = await q.recordsOf(db, ids);
  const notes = new Set<EvidenceNote>();
  const shown = await Promise.all(rows.map((r) => recordOf(deps, projectCode, r, notes)));
  const record = shown.find((r) => r.id === a.record_id);
  if (!record) throw new AppError(ErrorCode.notFound, 'recordNotFound');
  // The other record is shown only when the caller may see its section too.
  const other = shown.find((r) => r.id === a.other_record_id && (!scope || scope.includes(r.sectionCode)));
  const outlines = await q.sectionOutlines(db, projectCode);
  const raw = outlines.find((s) => s.code === a.section_code)?.boundary;
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const outline = usable(parsed) ? parsed : null;
  if (!outline) notes.add('noOutline');
  else if (selfIntersects(outline)) notes.add('outlineInvalid');
  return { record, other: other ?? null, outline, notes: [...notes] };
}

type FileRow = q.PhotoRow & { thumb_key: string | null };

async function recordOf(
  deps: AppDeps,
  projectCode: string,
  r: q.CheckedRecord,
  notes: Set<EvidenceNote>,
): Promise<EvidenceRecord> {
  const fields = typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields;
  const ids = fileIdsOf(fields ?? {});
  const files = ids.length
    ? rowsOf<FileRow>(
        await deps.database.db
          .execute(sql`select id, storage_key, thumb_key, taken_at, exif_long, exif_lat, camera
          from files where id = any(array[${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}]::uuid[]) and project_code = ${projectCode} and kind = 'photo'`),
      )
    : [];
  const media = deps.config.media;
  const photos = files.map((f) => {
    const taken = f.taken_at === null ? null : new Date(f.taken_at);
    if (!taken) notes.add('noExif');
    else if (taken.getTime() < CLOCK_FLOOR) notes.add('clockUnset');
    const lat = f.exif_lat === null ? null : Number(f.exif_lat);
    const lng = f.exif_long === null ? null : Number(f.exif_long);
    if (lat !== null && noFix(lat, lng)) notes.add('gpsZero');
    const full = signMedia(media, f.id, 'full').url;
    return {
      id: f.id,
      recordId: r.id,
      url: full,
      thumbUrl: f.thumb_key ? signMedia(media, f.id, 'thumb').url : full,
      takenAt: chinaTime(taken),
      lat,
      lng,
      camera: f.camera,
    };
  });
  const lat = Number(r.gps_lat);
  const lng = Number(r.gps_long);
  if (noFix(lat, lng)) notes.add('gpsZero');
  return {
    id: r.id,
    sectionCode: r.section_code,
    tableCode: r.table_code,
    at: chinaTime(r.time_submit)!,
    lat,
    lng,
    gpsRange: Number(r.gps_range),
    photos,
  };
}
