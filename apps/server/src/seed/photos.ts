import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { chinaDateTime } from '@pineguard/contract';
import type { Executor } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { loadSharp } from '../platform/sharp.ts';
import type { Storage } from '../platform/storage/index.ts';
import type { PhotoKind } from './plan-model.ts';

/**
 * Demo photos: a small drawn scene per kind of photo (a dead pine, its stump, the treated stump, a
 * wood pile, the fire), each stored once per record with its own EXIF — DateTimeOriginal (China
 * time, OffsetTimeOriginal +08:00) and GPS — as a phone would write them. sharp writes one
 * template per kind with placeholder values; each photo is that template with its time and
 * position written over the placeholders (same lengths), which costs microseconds instead of an
 * encode per photo (~8,000 photos in the full demo). exifr reads them back (system.test.ts).
 */
const W = 192;
const H = 144;
const scenes: Record<PhotoKind, string> = {
  before: `<rect width="${W}" height="${H}" fill="#8fb8d8"/><rect y="100" width="${W}" height="44" fill="#4f7a3a"/>
    <rect x="90" y="52" width="12" height="60" fill="#5b3a1e"/><ellipse cx="96" cy="50" rx="38" ry="34" fill="#a0522d"/>
    <ellipse cx="40" cy="80" rx="22" ry="30" fill="#2f6b34"/><ellipse cx="156" cy="78" rx="24" ry="32" fill="#2f6b34"/>`,
  stump: `<rect width="${W}" height="${H}" fill="#6b8e4e"/><ellipse cx="96" cy="78" rx="40" ry="26" fill="#c8a165"/>
    <ellipse cx="96" cy="78" rx="28" ry="17" fill="#d9b77e"/><ellipse cx="96" cy="78" rx="10" ry="6" fill="#b08850"/>`,
  treated: `<rect width="${W}" height="${H}" fill="#6b8e4e"/><ellipse cx="96" cy="80" rx="48" ry="32" fill="#dfe8ef" opacity="0.9"/>
    <path d="M70 80 L122 80 M96 62 L96 98" stroke="#7a5a32" stroke-width="4"/>`,
  pile: `<rect width="${W}" height="${H}" fill="#9aa8b2"/><rect y="104" width="${W}" height="40" fill="#7d6a55"/>
    <g fill="#8b5a2b" stroke="#5b3a1e" stroke-width="2"><circle cx="70" cy="96" r="12"/><circle cx="96" cy="96" r="12"/>
    <circle cx="122" cy="96" r="12"/><circle cx="83" cy="74" r="12"/><circle cx="109" cy="74" r="12"/></g>`,
  burning: `<rect width="${W}" height="${H}" fill="#3b3f45"/><rect y="108" width="${W}" height="36" fill="#5a4a3a"/>
    <path d="M60 110 Q70 60 90 40 Q92 70 106 58 Q118 80 132 110 Z" fill="#f08a24"/>
    <path d="M80 110 Q88 80 98 66 Q104 88 114 110 Z" fill="#ffd34d"/>`,
  tree: `<rect width="${W}" height="${H}" fill="#9cc3e0"/><rect y="106" width="${W}" height="38" fill="#55803f"/>
    <rect x="92" y="60" width="9" height="50" fill="#5b3a1e"/><ellipse cx="96" cy="56" rx="30" ry="28" fill="#b5651d"/>
    <ellipse cx="150" cy="84" rx="20" ry="26" fill="#2f6b34"/>`,
  meeting: `<rect width="${W}" height="${H}" fill="#b9d3a8"/><rect y="110" width="${W}" height="34" fill="#6d8a55"/>
    <g fill="#f2a23a"><circle cx="40" cy="72" r="11"/><circle cx="76" cy="68" r="11"/><circle cx="112" cy="70" r="11"/>
    <circle cx="150" cy="66" r="12"/></g><g fill="#2e5c8a"><rect x="30" y="84" width="20" height="30"/>
    <rect x="66" y="80" width="20" height="34"/><rect x="102" y="82" width="20" height="32"/><rect x="139" y="78" width="22" height="36"/></g>`,
};

const SENTINEL_TIME = '1999:09:09 09:09:09';
const SENTINEL_LAT = [11, 1, 22, 1, 3333, 100];
const SENTINEL_LONG = [44, 1, 55, 1, 6666, 100];
const rational = (n: number[]) => `${n[0]}/${n[1]} ${n[2]}/${n[3]} ${n[4]}/${n[5]}`;

type Template = { jpeg: Buffer; time: number; lat: number; long: number; littleEndian: boolean };
const templates = new Map<PhotoKind, Promise<Template>>();

function template(kind: PhotoKind): Promise<Template> {
  let made = templates.get(kind);
  if (!made) {
    made = (async () => {
      const sharp = await loadSharp();
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scenes[kind]}</svg>`;
      const jpeg = await sharp(Buffer.from(svg))
        .jpeg({ quality: 78 })
        .withExif({
          IFD0: { Make: 'PineGuard', Model: 'Demo field app' },
          IFD2: { DateTimeOriginal: SENTINEL_TIME, OffsetTimeOriginal: '+08:00' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: rational(SENTINEL_LAT),
            GPSLongitudeRef: 'E',
            GPSLongitude: rational(SENTINEL_LONG),
          },
        })
        .toBuffer();
      const time = jpeg.indexOf(SENTINEL_TIME, 0, 'latin1');
      for (const littleEndian of [false, true]) {
        const lat = jpeg.indexOf(words(SENTINEL_LAT, littleEndian));
        const long = jpeg.indexOf(words(SENTINEL_LONG, littleEndian));
        if (time > 0 && lat > 0 && long > 0) return { jpeg, time, lat, long, littleEndian };
      }
      throw new Error('demo photo template: EXIF placeholders not found');
    })();
    templates.set(kind, made);
  }
  return made;
}

function words(values: number[], littleEndian: boolean): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => (littleEndian ? b.writeUInt32LE(v, i * 4) : b.writeUInt32BE(v, i * 4)));
  return b;
}

/** Degrees as EXIF's degrees, minutes and hundredths of seconds. */
function dms(value: number): number[] {
  const centi = Math.round(Math.abs(value) * 360_000);
  const deg = Math.floor(centi / 360_000);
  const min = Math.floor((centi % 360_000) / 6000);
  return [deg, 1, min, 1, centi % 6000, 100];
}

/** China wall-clock time in EXIF's form, yyyy:MM:dd HH:mm:ss. */
export const exifTime = (at: Date) => chinaDateTime(at).replaceAll('-', ':');

/** The JPEG of a `kind` photo taken at `takenAt` at (long, lat). */
export async function demoPhoto(kind: PhotoKind, takenAt: Date, long: number, lat: number): Promise<Buffer> {
  const t = await template(kind);
  const jpeg = Buffer.from(t.jpeg);
  jpeg.write(exifTime(takenAt), t.time, 'latin1');
  words(dms(lat), t.littleEndian).copy(jpeg, t.lat);
  words(dms(long), t.littleEndian).copy(jpeg, t.long);
  return jpeg;
}

export type DemoPhotoSpec = {
  id: string;
  projectCode: string;
  ownerId: string;
  kind: PhotoKind;
  takenAt: Date;
  long: number;
  lat: number;
  name: string;
};

/**
 * Stores photos (storage, then their rows with the EXIF facts an upload would record). A file
 * whose row exists already is left alone: a retried load writes each photo once.
 */
export async function storeDemoPhotos(
  db: Executor,
  storage: Storage,
  photos: DemoPhotoSpec[],
): Promise<void> {
  const rows: (typeof files.$inferInsert)[] = [];
  // Several writes at a time: each is mostly waiting on the file system (or S3).
  for (let i = 0; i < photos.length; i += PUT_AT_ONCE)
    rows.push(...(await Promise.all(photos.slice(i, i + PUT_AT_ONCE).map((p) => storePhoto(storage, p)))));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(files)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

const PUT_AT_ONCE = 16;

async function storePhoto(storage: Storage, p: DemoPhotoSpec): Promise<typeof files.$inferInsert> {
  const jpeg = await demoPhoto(p.kind, p.takenAt, p.long, p.lat);
  const storageKey = `${p.projectCode}/photo/demo/${p.id}.jpg`;
  await storage.put(storageKey, Readable.from([jpeg]), 'image/jpeg');
  return {
    id: p.id,
    projectCode: p.projectCode,
    ownerId: p.ownerId,
    kind: 'photo',
    originalName: p.name,
    contentType: 'image/jpeg',
    bytes: jpeg.length,
    sha256: createHash('sha256').update(jpeg).digest('hex'),
    storageKey,
    thumbKey: null,
    // Seconds, as EXIF keeps them.
    takenAt: new Date(Math.floor(p.takenAt.getTime() / 1000) * 1000),
    exifLong: Math.round(p.long * 360_000) / 360_000,
    exifLat: Math.round(p.lat * 360_000) / 360_000,
    camera: 'PineGuard Demo field app',
  };
}
