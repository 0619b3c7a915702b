// One window through the three stages. The stages come as an object so that the same composition
// runs here and, as source text, in the worker threads (pool.ts), where the functions carry other
// names once bundled.
import { cellFactor, cellFeatures, indexHistogram, otsu } from './cells.ts';
import { chamfer, label, openClose } from './morph.ts';
import { measureBlobs } from './shapes.ts';
import * as cellsKernel from './cells.ts';
import * as morphKernel from './morph.ts';
import * as shapesKernel from './shapes.ts';
import type { DetectParams, Tile, TileResult } from './types.ts';

export const stages = {
  cellFactor,
  cellFeatures,
  indexHistogram,
  otsu,
  openClose,
  label,
  chamfer,
  measureBlobs,
};
export type Stages = typeof stages;

/** Every kernel function (each file exports all of its own), for the worker's source text. */
export const kernelFunctions = [cellsKernel, morphKernel, shapesKernel].flatMap((m) =>
  Object.values(m).filter((v): v is (...args: never[]) => unknown => typeof v === 'function'),
);

export function detectTileWith(s: Stages, tile: Tile, params: DetectParams): TileResult {
  const f = s.cellFactor(params);
  const cells = s.cellFeatures(tile, params, f);
  const { W, H, idx, red, grey, valid } = cells;
  const own = params.threshold === undefined;
  // Same band as threshold.ts clampThreshold (inlined: this function also runs as source text).
  const lo = cells.usedNir ? 120 : 96;
  const t = own ? Math.max(lo, Math.min(lo + 20, s.otsu(s.indexHistogram(cells)))) : params.threshold!;
  const mask = new Uint8Array(W * H);
  let masked = 0;
  for (let c = 0; c < mask.length; c++) {
    if (valid[c] && idx[c]! > t && (red[c]! > 64 || grey[c]! > 64)) {
      mask[c] = 1;
      masked++;
    }
  }
  const cellM = f * params.groundResolutionM;
  // Opening removes what is under ~0.6 m wide (twigs, road lines); closing fills branch gaps.
  const open = Math.max(1, Math.round(0.2 / cellM));
  const close = Math.max(1, Math.round(0.4 / cellM));
  const clean = s.openClose(mask, W, H, open, close);
  // Each kept cell takes the class it looks most like: 1 red-brown, 2 grey; a gap the closing
  // filled takes its left or upper neighbour's class.
  for (let c = 0; c < clean.length; c++) {
    if (!clean[c]) continue;
    const r = red[c]!;
    const g = grey[c]!;
    if (r || g) clean[c] = r >= g ? 1 : 2;
    else clean[c] = c > 0 && clean[c - 1] ? clean[c - 1]! : c >= W && clean[c - W] ? clean[c - W]! : 2;
  }
  const { labels, count } = s.label(clean, W, H);
  const dist = s.chamfer(clean, W, H);
  const candidates = s.measureBlobs(cells, labels, count, dist, params);
  return {
    candidates,
    stats: {
      pixels: tile.width * tile.height,
      threshold: t,
      ownThreshold: own,
      maskedShare: masked / Math.max(1, mask.length),
      components: count,
      candidates: candidates.length,
      usedNir: cells.usedNir,
    },
  };
}

/** One tile in this thread. */
export function detectTile(tile: Tile, params: DetectParams): TileResult {
  return detectTileWith(stages, tile, params);
}
