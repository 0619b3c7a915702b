import type { GeoTIFF, GeoTIFFImage } from 'geotiff';
import type { AppDeps } from '../../platform/deps.ts';
import { type BlockReader, blockReader, forgetBlocks, pickSamples } from './blocks.ts';
import { openTiff } from './georef.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Windows of a stored orthophoto, decoded by geotiff.js: what tiles, chips and the detector read.
 * Opened files (their parsed headers) are kept for a few orthophotos, so a tile costs the reads of
 * its own blocks only.
 */
type Opened = { tiff: GeoTIFF; levels: GeoTIFFImage[]; readers: Promise<BlockReader | null>[] };
const opened = new Map<string, Promise<Opened>>();

export function openOrtho(deps: AppDeps, row: OrthoRow): Promise<Opened> {
  let o = opened.get(row.id);
  if (!o) {
    o = (async () => {
      const tiff = await openTiff(deps.storage, row);
      const count = await tiff.getImageCount();
      const levels: GeoTIFFImage[] = [];
      // Full resolution first, then the overviews (COG), each narrower than the last.
      for (let i = 0; i < count; i++) {
        const image = await tiff.getImage(i);
        const last = levels[levels.length - 1];
        if (!last || image.getWidth() < last.getWidth()) levels.push(image);
      }
      const readers = levels.map((image, i) => blockReader(image, `${row.id}/${i}`));
      for (const r of readers) r.catch(() => {});
      return { tiff, levels, readers };
    })();
    o.catch(() => opened.delete(row.id));
    opened.set(row.id, o);
    if (opened.size > 8) opened.delete(opened.keys().next().value as string);
  }
  return o;
}

export function forgetOrtho(id: string): void {
  opened.delete(id);
  forgetBlocks(`${id}/`);
}

export type Window = { x: number; y: number; w: number; h: number };

/**
 * RGB or RGBA (when the file has alpha) bytes of a window at an image level, interleaved, plus
 * the near-infrared band apart when asked and present.
 */
export async function readRgb(
  row: OrthoRow,
  image: GeoTIFFImage,
  win: Window,
  opts: { nir?: boolean; signal?: AbortSignal; deps?: AppDeps; cache?: boolean; into?: Uint8Array } = {},
): Promise<{ data: Uint8Array; channels: 3 | 4; nir?: Uint8Array }> {
  const alpha = row.bands === 4 ? !row.hasNir : row.bands === 5;
  const samples = alpha ? [0, 1, 2, 3] : [0, 1, 2];
  const band = row.bands === 5 ? 4 : 3;
  const wantNir = !!opts.nir && row.hasNir === 1;
  const reader = opts.deps ? await readerFor(opts.deps, row, image) : null;
  if (reader) {
    // One pass over the blocks for colour and near-infrared alike.
    const all = await reader.read(win, opts.cache ?? true, opts.signal, opts.into);
    const data = pickSamples(all, reader.spp, samples);
    return {
      data,
      channels: alpha ? 4 : 3,
      ...(wantNir ? { nir: pickSamples(all, reader.spp, [band]) } : {}),
    };
  }
  const window = [win.x, win.y, win.x + win.w, win.y + win.h];
  const data = (await image.readRasters({
    window,
    samples,
    interleave: true,
    signal: opts.signal,
  })) as unknown as Uint8Array;
  let nir: Uint8Array | undefined;
  if (wantNir) {
    nir = (await image.readRasters({
      window,
      samples: [band],
      interleave: true,
      signal: opts.signal,
    })) as unknown as Uint8Array;
  }
  return { data, channels: alpha ? 4 : 3, ...(nir ? { nir } : {}) };
}

async function readerFor(deps: AppDeps, row: OrthoRow, image: GeoTIFFImage): Promise<BlockReader | null> {
  const o = await openOrtho(deps, row);
  const i = o.levels.indexOf(image);
  return i < 0 ? null : o.readers[i]!.catch(() => null);
}
