import { Readable } from 'node:stream';
import { lazy } from '../../platform/lazy.ts';
import { loadSharp } from '../../platform/sharp.ts';

/** exifr, loaded by the first photo (as sharp is: platform/sharp.ts). */
const loadExifr = lazy(async () => (await import('exifr')).default);

/** Longest side of a thumbnail, in pixels (the list's and gallery's tiles are smaller). */
export const THUMB_SIZE = 320;
/** EXIF lives in the first segments of a JPEG (APP1 ≤ 64 KB): this much of a photo is kept to read it. */
export const EXIF_HEAD_BYTES = 256 * 1024;

export type PhotoFacts = {
  takenAt: Date | null;
  exifLong: number | null;
  exifLat: number | null;
  camera: string | null;
};

/** 'YYYY:MM:DD HH:MM:SS' (EXIF has no zone unless OffsetTimeOriginal says) → an instant; China time by default. */
function exifInstant(value: unknown, offset: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : '+08:00';
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Time taken, position and camera from a photo's first bytes (exifr). A photo without EXIF, or
 * with broken EXIF, simply has none: never an error for the upload.
 */
export async function photoFacts(head: Buffer): Promise<PhotoFacts> {
  const none: PhotoFacts = { takenAt: null, exifLong: null, exifLat: null, camera: null };
  try {
    // reviveValues: false keeps times as the camera wrote them (no zone): read as China time below.
    const exifr = await loadExifr();
    const tags = (await exifr.parse(head, { tiff: true, exif: true, gps: true, reviveValues: false })) as
      Record<string, unknown> | undefined;
    if (!tags) return none;
    const gps = { latitude: tags['latitude'], longitude: tags['longitude'] };
    const finite = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
    const make = typeof tags['Make'] === 'string' ? tags['Make'].trim() : '';
    const model = typeof tags['Model'] === 'string' ? tags['Model'].trim() : '';
    const camera = (model.startsWith(make) ? model : `${make} ${model}`).trim().slice(0, 100);
    return {
      takenAt: exifInstant(
        tags['DateTimeOriginal'] ?? tags['CreateDate'] ?? tags['ModifyDate'],
        tags['OffsetTimeOriginal'],
      ),
      exifLong: finite(gps?.longitude),
      exifLat: finite(gps?.latitude),
      camera: camera || null,
    };
  } catch {
    return none;
  }
}

/**
 * A JPEG thumbnail (longest side THUMB_SIZE, turned upright by its EXIF orientation) from the
 * stored photo's stream (sharp decodes as it reads; memory stays flat for a 20 MB photo).
 * Undefined when the image cannot be decoded.
 */
export async function thumbnail(photo: Readable): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  const pipeline = sharp({ failOn: 'error' })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 72, mozjpeg: false });
  try {
    const done = pipeline.toBuffer();
    photo.on('error', (error) => pipeline.destroy(error));
    photo.pipe(pipeline);
    return await done;
  } catch {
    return undefined;
  }
}

export const bufferStream = (buf: Buffer) => Readable.from([buf]);
