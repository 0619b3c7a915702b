import { getDecoder, type GeoTIFFImage } from 'geotiff';

/**
 * Decoded blocks (tiles or strips) of 8-bit pixel-interleaved GeoTIFF images, and windows copied
 * out of them row by row. geotiff.js's readRasters moves one sample at a time (≈ 13 MB/s here) and
 * decodes every block a window touches again on every call; this copies rows and keeps recently
 * decoded blocks in a bounded LRU, so neighbouring map tiles share their source blocks.
 */
export type Block = { data: Uint8Array; width: number; height: number };

const CACHE_LIMIT = 64 * 1024 * 1024;
const cache = new Map<string, Promise<Block>>();
const sizes = new Map<string, number>();
let cached = 0;

function evict() {
  while (cached > CACHE_LIMIT && cache.size > 0) {
    const k = cache.keys().next().value as string;
    cache.delete(k);
    cached -= sizes.get(k) ?? 0;
    sizes.delete(k);
  }
}

/** A block through the LRU; `keep: false` reads it without pushing others out (a full-scene pass). */
export function cachedBlock(key: string, load: () => Promise<Block>, keep = true): Promise<Block> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = load();
  if (!keep) return p;
  cache.set(key, p);
  p.then(
    (b) => {
      if (cache.get(key) !== p) return;
      sizes.set(key, b.data.byteLength);
      cached += b.data.byteLength;
      evict();
    },
    () => cache.delete(key),
  );
  return p;
}

/** Drops every cached block whose key starts with the prefix (an orthophoto removed or rebuilt). */
export function forgetBlocks(prefix: string): void {
  for (const k of [...cache.keys()]) {
    if (!k.startsWith(prefix)) continue;
    cache.delete(k);
    cached -= sizes.get(k) ?? 0;
    sizes.delete(k);
  }
}

/** Compressions decoded here (none, LZW, Deflate); others (JPEG, WebP…) go through readRasters. */
export const PLAIN = new Set([1, 5, 8, 32946]);

type Dir = { loadValue(tag: string): Promise<unknown> };

export type BlockReader = {
  spp: number;
  /** Copies the window's pixels (all samples, interleaved) into `out` (w × h × spp bytes). */
  read(
    win: { x: number; y: number; w: number; h: number },
    keep: boolean,
    signal?: AbortSignal,
    /** Filled instead of a new buffer when large enough (a view at its start is answered). */
    into?: Uint8Array,
  ): Promise<Uint8Array>;
};

/** A row-copying reader for the image, or null when its layout needs geotiff.js's general path. */
export async function blockReader(image: GeoTIFFImage, key: string): Promise<BlockReader | null> {
  const dir = image.fileDirectory as unknown as Dir;
  const planar = Number((await dir.loadValue('PlanarConfiguration')) ?? 1);
  const compression = Number((await dir.loadValue('Compression')) ?? 1);
  if (planar !== 1 || !PLAIN.has(compression)) return null;
  const spp = image.getSamplesPerPixel();
  const tw = image.getTileWidth();
  const th = image.getTileHeight();
  const W = image.getWidth();
  const H = image.getHeight();
  const decoder = await getDecoder(compression, {
    tileWidth: tw,
    tileHeight: th,
    planarConfiguration: 1,
    bitsPerSample: 8,
    predictor: Number((await dir.loadValue('Predictor')) ?? 1),
  } as never);
  const perRow = Math.ceil(W / tw);
  const load = (tx: number, ty: number, signal?: AbortSignal) => async (): Promise<Block> => {
    const { data } = await image.getTileOrStrip(tx, ty, 0, decoder as never, signal);
    return { data: new Uint8Array(data as ArrayBuffer), width: tw, height: th };
  };
  return {
    spp,
    async read(win, keep, signal, into) {
      const n = win.w * win.h * spp;
      // A reused buffer is cleared: a short last strip must not leave the previous window's pixels.
      const out = into && into.length >= n ? into.subarray(0, n).fill(0) : new Uint8Array(n);
      const jobs: Promise<void>[] = [];
      for (let ty = Math.floor(win.y / th); ty * th < win.y + win.h; ty++) {
        for (let tx = Math.floor(win.x / tw); tx * tw < win.x + win.w; tx++) {
          const b = cachedBlock(`${key}:${ty * perRow + tx}`, load(tx, ty, signal), keep);
          jobs.push(
            b.then(({ data }) => {
              const bx0 = tx * tw;
              const by0 = ty * th;
              const x0 = Math.max(win.x, bx0);
              const x1 = Math.min(win.x + win.w, bx0 + tw, W);
              const y0 = Math.max(win.y, by0);
              const y1 = Math.min(win.y + win.h, by0 + th, H);
              for (let yy = y0; yy < y1; yy++) {
                const src = ((yy - by0) * tw + (x0 - bx0)) * spp;
                const end = Math.min(data.length, src + (x1 - x0) * spp);
                out.set(data.subarray(src, end), ((yy - win.y) * win.w + (x0 - win.x)) * spp);
              }
            }),
          );
        }
      }
      await Promise.all(jobs);
      return out;
    },
  };
}

/** Picks `samples` of every pixel out of interleaved `spp`-sample pixels. */
export function pickSamples(all: Uint8Array, spp: number, samples: number[]): Uint8Array {
  if (samples.length === spp && samples.every((s, i) => s === i)) return all;
  const n = all.length / spp;
  const c = samples.length;
  const out = new Uint8Array(n * c);
  for (let i = 0, s = 0, d = 0; i < n; i++, s += spp, d += c) {
    for (let k = 0; k < c; k++) out[d + k] = all[s + samples[k]!]!;
  }
  return out;
}
