import { type EvidenceSettings, evidenceLimits } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../platform/sql.ts';

/** The project's evidence thresholds (columns of projects, migration 0025; defaults in the contract). */
export const defaultSettings: EvidenceSettings = {
  photoBeforeHours: evidenceLimits.photoBeforeHours.default,
  photoPlaceM: evidenceLimits.photoPlaceM.default,
  photoDupBits: evidenceLimits.photoDupBits.default,
  outlineToleranceM: evidenceLimits.outlineToleranceM.default,
  photoExifRequired: false,
};

type Row = {
  area_code: string;
  photo_before_hours: number;
  photo_place_m: number;
  photo_dup_bits: number;
  outline_tolerance_m: number;
  photo_exif_required: boolean;
};

export type ProjectEvidence = EvidenceSettings & { areaCode: string };

export async function projectEvidence(
  db: Executor,
  projectCode: string,
): Promise<ProjectEvidence | undefined> {
  const [r] = rowsOf<Row>(
    await db.execute(sql`select area_code, photo_before_hours, photo_place_m, photo_dup_bits,
      outline_tolerance_m, photo_exif_required from projects where code = ${projectCode}`),
  );
  if (!r) return undefined;
  return {
    areaCode: r.area_code,
    photoBeforeHours: Number(r.photo_before_hours),
    photoPlaceM: Number(r.photo_place_m),
    photoDupBits: Number(r.photo_dup_bits),
    outlineToleranceM: Number(r.outline_tolerance_m),
    photoExifRequired: Boolean(r.photo_exif_required),
  };
}

export async function saveSettings(db: Executor, projectCode: string, s: Partial<EvidenceSettings>) {
  const set = [
    s.photoBeforeHours !== undefined ? sql`photo_before_hours = ${s.photoBeforeHours}` : null,
    s.photoPlaceM !== undefined ? sql`photo_place_m = ${s.photoPlaceM}` : null,
    s.photoDupBits !== undefined ? sql`photo_dup_bits = ${s.photoDupBits}` : null,
    s.outlineToleranceM !== undefined ? sql`outline_tolerance_m = ${s.outlineToleranceM}` : null,
    s.photoExifRequired !== undefined ? sql`photo_exif_required = ${s.photoExifRequired}` : null,
  ].filter((x) => x !== null);
  if (!set.length) return;
  await db.execute(sql`update projects set ${sql.join(set, sql`, `)} where code = ${projectCode}`);
}
