import type { GeoTIFF, GeoTIFFImage } from 'geotiff';
import type { AppDeps } from '../../platform/deps.ts';
import { openTiff } from './georef.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Windows of a stored orthophoto, decoded by geotiff.js: what tiles, chips and the detector read.
 * Opened files (their parsed headers) are kept for a few orthophotos, so a tile costs the reads of
 * its own blocks only.
 */
type Opened = { tiff: GeoTIFF; levels: GeoTIFFImage[] };
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
      return { tiff, levels };
    })();
    o.catch(() => opened.delete(row.id));
    opened.set(row.id, o);
    if (opened.size > 8) opened.delete(opened.keys().next().value as string);
  }
  return o;
}

export function forgetOrtho(id: string): void {
  opened.delete(id);
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
  opts: { nir?: boolean; signal?: AbortSignal } = {},
): Promise<{ data: Uint8Array; channels: 3 | 4; nir?: Uint8Array }> {
  const alpha = row.bands === 4 ? !row.hasNir : row.bands === 5;
  const samples = alpha ? [0, 1, 2, 3] : [0, 1, 2];
  const window = [win.x, win.y, win.x + win.w, win.y + win.h];
  const data = (await image.readRasters({
    window,
    samples,
    interleave: true,
    signal: opts.signal,
  })) as unknown as Uint8Array;
  let nir: Uint8Array | undefined;
  if (opts.nir && row.hasNir) {
    const band = row.bands === 5 ? 4 : 3;
    nir = (await image.readRasters({
      window,
      samples: [band],
      interleave: true,
      signal: opts.signal,
    })) as unknown as Uint8Array;
  }
  return { data, channels: alpha ? 4 : 3, ...(nir ? { nir } : {}) };
}
