import { Readable } from 'node:stream';
import type { AppDeps } from '../../platform/deps.ts';
import { cachedBlock, forgetBlocks } from './blocks.ts';
import { openOrtho, readRgb, type Window } from './raster.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Overviews of a stored orthophoto (docs/decisions/0215): levels 1, 2, 3… each half the one before
 * (an alpha-weighted 2 × 2 mean, so level k's pixel n covers full-resolution pixels n·2^k … (n+1)·2^k
 * exactly), down to one block; stored once as raw 256 px RGBA blocks beside the parts (a tile
 * reads them with no decoding: PNG blocks were 30 % smaller but their decoding doubled a cold
 * far-out tile's time), with a manifest written last. Built in one pass over the file, band by band (512 rows), so memory stays at a few
 * bands whatever the scene's size. A map tile then reads at most a few blocks of the level nearest
 * its scale, however far out it is.
 */
export const OV_BLOCK = 256;
export type Pyramid = { block: number; levels: { width: number; height: number }[] };

type Keyed = Pick<OrthoRow, 'projectCode' | 'id'>;
const base = (row: Keyed) => `drone/${row.projectCode}/${row.id}/ov`;
const manifestKey = (row: Keyed) => `${base(row)}/manifest.json`;
const blockKey = (row: Keyed, k: number, bx: number, by: number) => `${base(row)}/${k}/${by}/${bx}.rgba`;

/** Level sizes: level k (1-based) of a W × H scene is ⌈W/2^k⌉ × ⌈H/2^k⌉, down to one block. */
export function pyramidLevels(width: number, height: number) {
  const levels: { width: number; height: number }[] = [];
  let w = width;
  let h = height;
  while (w > OV_BLOCK || h > OV_BLOCK) {
    w = Math.ceil(w / 2);
    h = Math.ceil(h / 2);
    levels.push({ width: w, height: h });
  }
  return levels;
}

async function readAll(deps: AppDeps, key: string): Promise<Buffer | null> {
  if ((await deps.storage.size(key)) === null) return null;
  const chunks: Buffer[] = [];
  for await (const c of (await deps.storage.get(key)) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

const known = new Map<string, { at: number; p: Promise<Pyramid | null> }>();

/** The orthophoto's overviews once built; "not yet" is asked again after a few seconds. */
export function pyramidOf(deps: AppDeps, row: OrthoRow): Promise<Pyramid | null> {
  const k = known.get(row.id);
  if (k && Date.now() - k.at < 5000) return k.p;
  const p = readAll(deps, manifestKey(row)).then((b) => (b ? (JSON.parse(b.toString()) as Pyramid) : null));
  p.then(
    (v) => {
      // A built pyramid never changes: keep it for good.
      if (v) known.set(row.id, { at: Number.POSITIVE_INFINITY, p });
    },
    () => known.delete(row.id),
  );
  known.set(row.id, { at: Date.now(), p });
  if (known.size > 64) known.delete(known.keys().next().value as string);
  return p;
}

/** RGBA bytes of a window of overview level k (1-based), assembled from its stored blocks. */
export async function readLevel(deps: AppDeps, row: OrthoRow, pyr: Pyramid, k: number, win: Window) {
  const { width, height } = pyr.levels[k - 1]!;
  const B = pyr.block;
  const out = new Uint8Array(win.w * win.h * 4);
  const jobs: Promise<void>[] = [];
  for (let by = Math.floor(win.y / B); by * B < Math.min(height, win.y + win.h); by++) {
    for (let bx = Math.floor(win.x / B); bx * B < Math.min(width, win.x + win.w); bx++) {
      const load = async () => {
        const data = await readAll(deps, blockKey(row, k, bx, by));
        if (!data) throw new Error(`overview block ${k}/${by}/${bx} missing`);
        const w = Math.min(B, width - bx * B);
        return {
          data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
          width: w,
          height: data.length / (w * 4),
        };
      };
      jobs.push(
        cachedBlock(`${row.id}/ov${k}:${bx},${by}`, load).then((b) => {
          const x0 = Math.max(win.x, bx * B);
          const x1 = Math.min(win.x + win.w, bx * B + b.width);
          for (let y = Math.max(win.y, by * B); y < Math.min(win.y + win.h, by * B + b.height); y++) {
            const src = ((y - by * B) * b.width + (x0 - bx * B)) * 4;
            out.set(b.data.subarray(src, src + (x1 - x0) * 4), ((y - win.y) * win.w + (x0 - win.x)) * 4);
          }
        }),
      );
    }
  }
  await Promise.all(jobs);
  return out;
}

/** Halves a band (alpha-weighted 2 × 2 mean; edge pixels average what exists): RGBA out. */
export function halve(src: Uint8Array, w: number, h: number, channels: 3 | 4) {
  const ow = Math.ceil(w / 2);
  const oh = Math.ceil(h / 2);
  const out = new Uint8Array(ow * oh * 4);
  for (let oy = 0; oy < oh; oy++) {
    for (let ox = 0; ox < ow; ox++) {
      let sa = 0;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let n = 0;
      for (let dy = 0; dy < 2; dy++) {
        const y = 2 * oy + dy;
        if (y >= h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const x = 2 * ox + dx;
          if (x >= w) continue;
          const i = (y * w + x) * channels;
          const a = channels === 4 ? src[i + 3]! : 255;
          sa += a;
          sr += src[i]! * a;
          sg += src[i + 1]! * a;
          sb += src[i + 2]! * a;
          n++;
        }
      }
      const o = (oy * ow + ox) * 4;
      if (sa > 0) {
        out[o] = Math.round(sr / sa);
        out[o + 1] = Math.round(sg / sa);
        out[o + 2] = Math.round(sb / sa);
      }
      out[o + 3] = Math.round(sa / n);
    }
  }
  return out;
}

/**
 * Builds the overviews (the `drone.overviews` job): progress in percent of the rows read. Safe to
 * run again after a kill: blocks are overwritten and the manifest comes last.
 */
export async function buildPyramid(
  deps: AppDeps,
  row: OrthoRow,
  progress: (pct: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<Pyramid> {
  const levels = pyramidLevels(row.width, row.height);
  const pyr: Pyramid = { block: OV_BLOCK, levels };
  const pending = new Map<number, Uint8Array>();
  const bandsOf = (k: number) => Math.ceil(levels[k - 1]!.height / OV_BLOCK);

  const emit = async (k: number, b: number, band: Uint8Array) => {
    const { width } = levels[k - 1]!;
    const rows = band.length / (width * 4);
    const puts: Promise<void>[] = [];
    for (let bx = 0; bx * OV_BLOCK < width; bx++) {
      const bw = Math.min(OV_BLOCK, width - bx * OV_BLOCK);
      const piece = Buffer.alloc(bw * rows * 4);
      for (let y = 0; y < rows; y++) {
        const src = (y * width + bx * OV_BLOCK) * 4;
        piece.set(band.subarray(src, src + bw * 4), y * bw * 4);
      }
      puts.push(
        deps.storage.put(blockKey(row, k, bx, b), Readable.from([piece]), 'application/octet-stream'),
      );
    }
    await Promise.all(puts);
    if (k >= levels.length) return;
    // Level k+1's band b/2 is made of level k's bands b and b+1 (when it exists).
    if (b % 2 === 0 && b + 1 < bandsOf(k)) {
      pending.set(k, band);
      return;
    }
    const first = b % 2 === 1 ? pending.get(k)! : undefined;
    pending.delete(k);
    const both = first ? Buffer.concat([first, band]) : band;
    const h = both.length / (width * 4);
    await emit(k + 1, Math.floor(b / 2), halve(both, width, h, 4));
  };

  if (levels.length > 0) {
    const { levels: images } = await openOrtho(deps, row);
    const full = images[0]!;
    const step = 2 * OV_BLOCK;
    for (let y = 0, b = 0; y < row.height; y += step, b++) {
      signal?.throwIfAborted();
      const h = Math.min(step, row.height - y);
      const { data, channels } = await readRgb(
        row,
        full,
        { x: 0, y, w: row.width, h },
        { deps, cache: false, ...(signal ? { signal } : {}) },
      );
      await emit(1, b, halve(data, row.width, h, channels));
      await progress(Math.min(99, Math.floor(((y + h) / row.height) * 100)));
    }
  }
  await deps.storage.put(
    manifestKey(row),
    Readable.from([Buffer.from(JSON.stringify(pyr))]),
    'application/json',
  );
  forgetBlocks(`${row.id}/ov`);
  known.delete(row.id);
  return pyr;
}

/** Forgets what this process remembers of an orthophoto's overviews (it was deleted). */
export function forgetPyramid(id: string): void {
  known.delete(id);
  forgetBlocks(`${id}/ov`);
}
