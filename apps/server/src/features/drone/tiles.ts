import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppDeps } from '../../platform/deps.ts';
import { loadSharp } from '../../platform/sharp.ts';
import { toWgs84 } from './crs.ts';
import { openOrtho, readRgb } from './raster.ts';
import type { OrthoRow } from './upload.ts';

/**
 * XYZ map tiles (256 px, Web Mercator) cut from a stored orthophoto on demand
 * (docs/decisions/32-drone-tiles.md): the tile's corners go to the file's CRS, the covered window is
 * read from the level (full resolution or a COG overview) nearest the tile's scale, resized with
 * sharp and placed on a transparent tile. Tiles are kept in memory (LRU by bytes) and in storage.
 */
const TILE = 256;
/** A window wider than this at the chosen level is not decoded (no overview to read it from). */
const MAX_SOURCE = 4096;

const lng = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const lat = (y: number, z: number) => {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
};

const memory = new Map<string, Buffer>();
let memoryBytes = 0;
const MEMORY_LIMIT = 48 * 1024 * 1024;
function remember(key: string, png: Buffer) {
  memory.set(key, png);
  memoryBytes += png.length;
  while (memoryBytes > MEMORY_LIMIT) {
    const [k, v] = memory.entries().next().value as [string, Buffer];
    memory.delete(k);
    memoryBytes -= v.length;
  }
}

let empty: Promise<Buffer> | undefined;
const emptyTile = () =>
  (empty ??= loadSharp().then((sharp) =>
    sharp({ create: { width: TILE, height: TILE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  ));

const storageKey = (row: OrthoRow, z: number, x: number, y: number) =>
  `drone/${row.projectCode}/${row.id}/tiles/${z}/${x}/${y}.png`;

/** A tile as PNG; an empty transparent one outside the scene or too far out to read. */
export async function tile(deps: AppDeps, row: OrthoRow, z: number, x: number, y: number): Promise<Buffer> {
  const key = `${row.id}/${z}/${x}/${y}`;
  const hit = memory.get(key);
  if (hit) return hit;
  const stored = await readStored(deps, storageKey(row, z, x, y));
  if (stored) {
    remember(key, stored);
    return stored;
  }
  const png = await render(deps, row, z, x, y);
  remember(key, png);
  if (png !== (await emptyTile())) {
    await deps.storage.put(storageKey(row, z, x, y), Readable.from([png]), 'image/png').catch(() => {});
  }
  return png;
}

async function readStored(deps: AppDeps, key: string): Promise<Buffer | undefined> {
  if ((await deps.storage.size(key)) === null) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of (await deps.storage.get(key)) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

async function render(deps: AppDeps, row: OrthoRow, z: number, x: number, y: number): Promise<Buffer> {
  const [ox, rx, oy, ry] = row.transform as [number, number, number, number];
  const conv = toWgs84(row.epsg);
  const corners = [
    [lng(x, z), lat(y, z)],
    [lng(x + 1, z), lat(y, z)],
    [lng(x, z), lat(y + 1, z)],
    [lng(x + 1, z), lat(y + 1, z)],
  ].map((c) => {
    const [cx, cy] = conv.inverse(c as [number, number]);
    return [(cx - ox) / rx, (cy - oy) / ry];
  });
  // The tile's footprint in full-resolution pixels (a bounding box: projected grids turn by the
  // meridian convergence, under 2° inside one zone, which a 256 px tile shows as at most a pixel or two).
  const px0 = Math.min(...corners.map((c) => c[0]!));
  const px1 = Math.max(...corners.map((c) => c[0]!));
  const py0 = Math.min(...corners.map((c) => c[1]!));
  const py1 = Math.max(...corners.map((c) => c[1]!));
  const x0 = Math.max(0, Math.floor(px0));
  const y0 = Math.max(0, Math.floor(py0));
  const x1 = Math.min(row.width, Math.ceil(px1));
  const y1 = Math.min(row.height, Math.ceil(py1));
  if (x1 <= x0 || y1 <= y0) return emptyTile();
  const { levels } = await openOrtho(deps, row);
  const perOut = (px1 - px0) / TILE;
  let level = 0;
  while (level + 1 < levels.length && row.width / levels[level + 1]!.getWidth() <= perOut) level++;
  const image = levels[level]!;
  const scale = image.getWidth() / row.width;
  const win = {
    x: Math.floor(x0 * scale),
    y: Math.floor(y0 * scale),
    w: Math.max(1, Math.ceil((x1 - x0) * scale)),
    h: Math.max(1, Math.ceil((y1 - y0) * scale)),
  };
  if (win.w > MAX_SOURCE || win.h > MAX_SOURCE) return emptyTile();
  const { data, channels } = await readRgb(row, image, win);
  const left = Math.min(TILE - 1, Math.max(0, Math.round(((x0 - px0) / (px1 - px0)) * TILE)));
  const top = Math.min(TILE - 1, Math.max(0, Math.round(((y0 - py0) / (py1 - py0)) * TILE)));
  const width = Math.max(1, Math.min(TILE - left, Math.round(((x1 - x0) / (px1 - px0)) * TILE)));
  const height = Math.max(1, Math.min(TILE - top, Math.round(((y1 - y0) / (py1 - py0)) * TILE)));
  const sharp = await loadSharp();
  const resized = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: win.w, height: win.h, channels },
  })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return sharp({
    create: { width: TILE, height: TILE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: resized, raw: { width, height, channels: 4 }, left, top }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A JPEG chip (96 px) around a candidate's pixel position. */
export async function chip(deps: AppDeps, row: OrthoRow, px: number, py: number): Promise<Buffer> {
  const half = Math.max(16, Math.round(4 / Math.max(row.gsd, 0.01)));
  const x = Math.max(0, Math.min(row.width - 1, px - half));
  const y = Math.max(0, Math.min(row.height - 1, py - half));
  const win = {
    x,
    y,
    w: Math.max(1, Math.min(2 * half, row.width - x)),
    h: Math.max(1, Math.min(2 * half, row.height - y)),
  };
  const { levels } = await openOrtho(deps, row);
  const { data, channels } = await readRgb(row, levels[0]!, win);
  const sharp = await loadSharp();
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: win.w, height: win.h, channels },
  })
    .resize(96, 96, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** Tiles and chips load as <img> and Leaflet tiles (no token header): a signed URL per orthophoto. */
export function signOrtho(secret: string, id: string, ttlMinutes: number, now = Date.now()) {
  const e = Math.floor(now / 1000) + ttlMinutes * 60;
  const s = createHmac('sha256', secret).update(`drone.${id}.${e}`).digest('base64url');
  return `e=${e}&s=${s}`;
}

export function verifyOrtho(secret: string, id: string, e: number, s: string, now = Date.now()): boolean {
  if (!Number.isFinite(e) || e * 1000 < now) return false;
  const want = createHmac('sha256', secret).update(`drone.${id}.${e}`).digest();
  const got = Buffer.from(s, 'base64url');
  return got.length === want.length && timingSafeEqual(got, want);
}
