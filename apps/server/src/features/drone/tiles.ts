import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppDeps } from '../../platform/deps.ts';
import { loadSharp } from '../../platform/sharp.ts';
import { pyramidOf, readLevel } from './pyramid.ts';
import { openOrtho, readRgb, type Window } from './raster.ts';
import { sample, tileMapping } from './warp.ts';
import type { OrthoRow } from './upload.ts';

/**
 * XYZ map tiles (256 px, Web Mercator) cut from a stored orthophoto on demand
 * (docs/decisions/0215-drone-orthophoto-storage-and-tiles.md): every output pixel's centre is taken
 * to the file's CRS (warp.ts) and sampled bilinearly from the level nearest the tile's scale (the
 * built overviews, a COG's own, or full resolution), so neighbouring tiles meet without seams at
 * any zoom. Tiles are kept in memory (LRU by bytes) and in storage.
 */
const TILE = 256;
/** A window wider than this at the chosen level is not decoded (no overview to read it from). */
const MAX_SOURCE = 4096;

const memory = new Map<string, Buffer>();
let memoryBytes = 0;
const MEMORY_LIMIT = 64 * 1024 * 1024;
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

// v2: tiles sampled per pixel (no seams); tiles stored by earlier versions are not served again.
const tileKey = (row: Pick<OrthoRow, 'projectCode' | 'id'>, z: number, x: number, y: number) =>
  `drone/${row.projectCode}/${row.id}/tiles/v2/${z}/${x}/${y}.png`;

/**
 * The deepest zoom whose tiles are kept in storage: a map pixel no finer than a file pixel.
 * Deeper tiles only magnify blocks the memory LRU holds: storing them would multiply the
 * orthophoto's stored tiles by four per zoom for nothing a reader could not draw again.
 */
export function deepestStoredZoom(row: Pick<OrthoRow, 'gsd' | 'south' | 'north'>): number {
  const lat = (((row.south + row.north) / 2) * Math.PI) / 180;
  return Math.floor(Math.log2((156_543.033_92 * Math.cos(lat)) / Math.max(row.gsd, 0.001)));
}

/** Forgets an orthophoto's tiles kept in memory (it was deleted). */
export function forgetTiles(id: string): void {
  for (const [k, v] of memory) {
    if (!k.startsWith(`${id}/`)) continue;
    memory.delete(k);
    memoryBytes -= v.length;
  }
}

/** A tile as PNG; an empty transparent one outside the scene or too far out to read. */
export async function tile(deps: AppDeps, row: OrthoRow, z: number, x: number, y: number): Promise<Buffer> {
  const key = `${row.id}/${z}/${x}/${y}`;
  const hit = memory.get(key);
  if (hit) return hit;
  const stored = z <= deepestStoredZoom(row) ? await readStored(deps, tileKey(row, z, x, y)) : undefined;
  if (stored) {
    remember(key, stored);
    return stored;
  }
  const { png, keep } = await render(deps, row, z, x, y);
  // A tile drawn before the overviews exist (too coarse, or empty because too wide) is drawn again later.
  if (!keep) return png;
  remember(key, png);
  if (png !== (await emptyTile()) && z <= deepestStoredZoom(row)) {
    await deps.storage.put(tileKey(row, z, x, y), Readable.from([png]), 'image/png').catch(() => {});
  }
  return png;
}

async function readStored(deps: AppDeps, key: string): Promise<Buffer | undefined> {
  if ((await deps.storage.size(key)) === null) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of (await deps.storage.get(key)) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

async function render(
  deps: AppDeps,
  row: OrthoRow,
  z: number,
  x: number,
  y: number,
): Promise<{ png: Buffer; keep: boolean }> {
  const map = tileMapping(row, z, x, y);
  const { minU, maxU, minV, maxV } = map;
  if (maxU <= 0 || maxV <= 0 || minU >= row.width || minV >= row.height)
    return { png: await emptyTile(), keep: true };
  const perOut = Math.max(maxU - minU, maxV - minV) / TILE;
  const level = await pickLevel(deps, row, perOut);
  const { scale, width: lw, height: lh } = level;
  // The window covering the tile at that level, one pixel of margin for the bilinear neighbours.
  const win = {
    x: Math.max(0, Math.floor(minU / scale) - 1),
    y: Math.max(0, Math.floor(minV / scale) - 1),
    w: 0,
    h: 0,
  };
  win.w = Math.min(lw, Math.ceil(maxU / scale) + 1) - win.x;
  win.h = Math.min(lh, Math.ceil(maxV / scale) + 1) - win.y;
  if (win.w <= 0 || win.h <= 0) return { png: await emptyTile(), keep: true };
  if (win.w > MAX_SOURCE || win.h > MAX_SOURCE) return { png: await emptyTile(), keep: false };
  const src = await level.read(win);
  const out = Buffer.alloc(TILE * TILE * 4);
  const drawn = sample(map, row, src.data, src.channels, win, scale, out);
  if (!drawn) return { png: await emptyTile(), keep: true };
  const sharp = await loadSharp();
  const png = await sharp(out, { raw: { width: TILE, height: TILE, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // Read at more than two source pixels an output pixel (no overviews yet): shown, not kept.
  return { png, keep: level.final || perOut / scale < 2.01 };
}

type Level = {
  /** The best this orthophoto will ever give at that scale (its overviews are built). */
  final: boolean;
  scale: number;
  width: number;
  height: number;
  read(win: Window): Promise<{ data: Uint8Array; channels: 3 | 4 }>;
};

/**
 * The coarsest level still at least as fine as the tile (full-resolution pixels per level pixel
 * ≤ per output pixel): the built overviews when present, else a COG's own, else full resolution.
 */
async function pickLevel(deps: AppDeps, row: OrthoRow, perOut: number): Promise<Level> {
  const pyr = await pyramidOf(deps, row);
  if (pyr && perOut >= 2 && pyr.levels.length > 0) {
    const k = Math.min(pyr.levels.length, Math.floor(Math.log2(perOut)));
    const { width, height } = pyr.levels[k - 1]!;
    return {
      final: true,
      scale: 2 ** k,
      width,
      height,
      read: async (win) => ({ data: await readLevel(deps, row, pyr, k, win), channels: 4 }),
    };
  }
  const { levels } = await openOrtho(deps, row);
  let i = 0;
  while (i + 1 < levels.length && row.width / levels[i + 1]!.getWidth() <= perOut) i++;
  const image = levels[i]!;
  return {
    final: false,
    scale: row.width / image.getWidth(),
    width: image.getWidth(),
    height: image.getHeight(),
    read: (win) => readRgb(row, image, win, { deps }),
  };
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
  const { data, channels } = await readRgb(row, levels[0]!, win, { deps });
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
