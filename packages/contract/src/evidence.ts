import { z } from 'zod';
import type { Text } from './i18n.ts';

/**
 * Evidence checks (issue 30): the thresholds a project sets, the re-run with its progress, and
 * what the 疑点 screen shows beside a photo or place anomaly (server features/evidence).
 */

/** Limits and defaults of each threshold (docs/decisions/0210-evidence-thresholds.md says why). */
export const evidenceLimits = {
  /** A photo taken more than this many hours before its record is suspicious. */
  photoBeforeHours: { min: 1, max: 24 * 30, default: 72 },
  /** EXIF GPS farther than max(this, 3 × the record's GPS accuracy) from the record. */
  photoPlaceM: { min: 10, max: 10_000, default: 50 },
  /** Hamming distance (bits of 64) at or under which two photos are the same picture. */
  photoDupBits: { min: 0, max: 7, default: 5 },
  /** How far outside its section's outline (and the county's) a record may be. */
  outlineToleranceM: { min: 0, max: 5_000, default: 50 },
} as const;

const limited = (l: { min: number; max: number }) => z.number().int().min(l.min).max(l.max);

export const evidenceSettings = z.object({
  photoBeforeHours: limited(evidenceLimits.photoBeforeHours),
  photoPlaceM: limited(evidenceLimits.photoPlaceM),
  photoDupBits: limited(evidenceLimits.photoDupBits),
  outlineToleranceM: limited(evidenceLimits.outlineToleranceM),
  /** A photo without EXIF time is itself an anomaly (photo_time) when set. */
  photoExifRequired: z.boolean(),
});
export type EvidenceSettings = z.infer<typeof evidenceSettings>;

/** POST /api/evidence/settings: any of the thresholds; `rerun` also checks every record again. */
export const evidenceSettingsBody = evidenceSettings.partial().extend({
  prjCode: z.string().trim().min(1).max(64).optional(),
  rerun: z.boolean().default(false),
});
export type EvidenceSettingsInput = z.input<typeof evidenceSettingsBody>;

export const evidenceProjectQuery = z.object({ prjCode: z.string().trim().min(1).max(64).optional() });

/** GET /api/evidence/status: the thresholds, records waiting for their check, the last run. */
export const evidenceStatusValue = z.object({
  settings: evidenceSettings,
  pending: z.number().int(),
  job: z
    .object({ id: z.string(), status: z.string(), progress: z.number().int(), error: z.string().nullable() })
    .nullable(),
});
export type EvidenceStatusValue = z.infer<typeof evidenceStatusValue>;

/** One photo as evidence: signed URLs, EXIF facts, and what could not be read. */
export const evidencePhoto = z.object({
  id: z.string(),
  recordId: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  takenAt: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  camera: z.string().nullable(),
});
export type EvidencePhoto = z.infer<typeof evidencePhoto>;

export const evidenceRecord = z.object({
  id: z.string(),
  sectionCode: z.string(),
  tableCode: z.string(),
  /** China time "YYYY-MM-DD HH:mm:ss". */
  at: z.string(),
  lat: z.number(),
  lng: z.number(),
  gpsRange: z.number(),
  photos: z.array(evidencePhoto),
});
export type EvidenceRecord = z.infer<typeof evidenceRecord>;

/** GET /api/evidence/anomaly: both records of a photo or place anomaly, the section's outline. */
export const evidenceViewQuery = z.object({
  prjCode: z.string().trim().min(1).max(64).optional(),
  id: z.uuid(),
});
export const evidenceViewValue = z.object({
  record: evidenceRecord,
  other: evidenceRecord.nullable(),
  /** The section's outline (MultiPolygon coordinates), null when none was imported. */
  outline: z.array(z.array(z.array(z.array(z.number())))).nullable(),
  /** Notes that are not anomalies: photos without EXIF, a clock never set, GPS at 0,0… */
  notes: z.array(z.string()),
});
export type EvidenceViewValue = z.infer<typeof evidenceViewValue>;

/** The notes' words (keys stored by the check, shown by the screen). */
export const evidenceNotes = {
  noExif: { 'zh-CN': '照片无 EXIF 信息（部分手机会去除）', en: 'Photo without EXIF (some phones strip it)' },
  clockUnset: {
    'zh-CN': '照片时间早于 2000 年（相机时钟未设置），未比较时间',
    en: 'Photo dated before 2000 (camera clock never set): time not compared',
  },
  gpsZero: {
    'zh-CN': '坐标为 0,0（未定位），未比较位置',
    en: 'Position 0,0 (no fix): place not compared',
  },
  noOutline: {
    'zh-CN': '该标段未导入边界，未检查是否在标段内',
    en: 'This section has no imported outline: not checked',
  },
  outlineInvalid: {
    'zh-CN': '标段边界自相交，按奇偶规则判断，请检查边界文件',
    en: 'The section outline intersects itself (read by the even-odd rule): check the file',
  },
  unreadable: { 'zh-CN': '照片无法解码，未计算指纹', en: 'Photo could not be decoded: not hashed' },
} satisfies Record<string, Text>;
export type EvidenceNote = keyof typeof evidenceNotes;
