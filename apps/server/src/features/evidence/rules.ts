import type { AnomalyKind, EvidenceNote } from '@pineguard/contract';
import { metresBetween } from '../../platform/geo/outline.ts';

/**
 * The photo rules (pure): what one record's photos say about its time and place. The duplicate
 * and outline rules need the database or the outlines and live in check.ts; thresholds come from
 * the project (settings.ts; docs/decisions/0210-evidence-thresholds.md says why each default).
 */
export type Thresholds = {
  photoBeforeHours: number;
  photoPlaceM: number;
  photoDupBits: number;
  outlineToleranceM: number;
  photoExifRequired: boolean;
};

export type PhotoFacts = {
  id: string;
  takenAt: Date | null;
  lat: number | null;
  lng: number | null;
};

export type RecordFacts = { id: string; at: Date; lat: number; lng: number; gpsRange: number };

export type Finding = { kind: AnomalyKind; evidence: Record<string, unknown> };

/** Before 2000 a camera's clock was never set (phones fall back to 1970 or their build date). */
export const CLOCK_FLOOR = Date.UTC(2000, 0, 1);
/**
 * A photo may be stamped a little after its record: the phone's camera and the app read the clock
 * apart, and the record's time is when the form was opened or saved. Ten minutes absorbs that.
 */
export const AFTER_GRACE_MS = 10 * 60_000;

/** No fix: a phone without a position writes 0,0 (or nothing). */
export const noFix = (lat: number | null, lng: number | null) =>
  lat === null || lng === null || (Math.abs(lat) < 1e-6 && Math.abs(lng) < 1e-6);

const round = (n: number) => Math.round(n);

/** China wall-clock "YYYY-MM-DD HH:mm:ss" of an instant (evidence is read by people in China). */
export function chinaText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The time and place findings of one record's photos (the worst photo of each kind: one anomaly
 * per record and kind) and the notes that are not anomalies.
 */
export function photoFindings(
  record: RecordFacts,
  photos: PhotoFacts[],
  t: Thresholds,
): { findings: Finding[]; notes: EvidenceNote[] } {
  const notes = new Set<EvidenceNote>();
  let time: { photo: PhotoFacts; hours: number; score: number; missing?: boolean } | undefined;
  let place: { photo: PhotoFacts; distance: number } | undefined;
  const limitM = Math.max(t.photoPlaceM, 3 * (Number.isFinite(record.gpsRange) ? record.gpsRange : 0));
  for (const photo of photos) {
    const taken = photo.takenAt?.getTime();
    if (taken === undefined || Number.isNaN(taken)) {
      notes.add('noExif');
      if (t.photoExifRequired && !time) time = { photo, hours: 0, score: 0, missing: true };
    } else if (taken < CLOCK_FLOOR) notes.add('clockUnset');
    else {
      const hours = (record.at.getTime() - taken) / 3600_000;
      const after = taken > record.at.getTime() + AFTER_GRACE_MS;
      const tooEarly = hours > t.photoBeforeHours;
      const score = after ? -hours : hours - t.photoBeforeHours;
      if ((after || tooEarly) && (!time || time.missing || score > time.score))
        time = { photo, hours, score };
    }
    if (noFix(photo.lat, photo.lng) || noFix(record.lat, record.lng)) {
      if (photo.lat !== null && photo.lng !== null) notes.add('gpsZero');
      continue;
    }
    const distance = metresBetween({ lat: photo.lat!, lng: photo.lng! }, record);
    if (distance > limitM && (!place || distance > place.distance)) place = { photo, distance };
  }
  const findings: Finding[] = [];
  if (time) {
    findings.push({
      kind: 'photo_time',
      evidence: {
        photoId: time.photo.id,
        photoAt: time.missing ? null : chinaText(time.photo.takenAt!),
        recordAt: chinaText(record.at),
        hours: time.missing ? null : Math.round(time.hours * 10) / 10,
        limitHours: t.photoBeforeHours,
        ...(time.missing ? { reason: 'noExif' } : {}),
      },
    });
  }
  if (place) {
    findings.push({
      kind: 'photo_place',
      evidence: {
        photoId: place.photo.id,
        distanceM: round(place.distance),
        limitM: round(limitM),
        photoLat: place.photo.lat,
        photoLng: place.photo.lng,
      },
    });
  }
  return { findings, notes: [...notes] };
}
