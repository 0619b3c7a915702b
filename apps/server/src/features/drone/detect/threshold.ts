// One threshold per scene: Otsu over the index histogram of a spread sample of windows, so that
// every tile of a scene cuts at the same value (a tile of nothing but forest would otherwise split
// its greens in two).
import { cellFactor, cellFeatures, indexHistogram, otsu } from './cells.ts';
import type { TilePool } from './pool.ts';
import type { DetectParams, ReadWindow, Tile, Window } from './types.ts';

/**
 * Otsu's bin held inside a band, so that a scene with no bare ground still splits sanely: ExR−ExG
 * 96–116 (grey dead crowns ≈ 120 stay above it); 1 − NDVI 120–140 (NDVI 0.06 … −0.1: autumn
 * leaves, which keep their near infrared, stay below it).
 */
export function clampThreshold(t: number, nir = false): number {
  return nir ? Math.max(120, Math.min(140, t)) : Math.max(96, Math.min(116, t));
}

/** Up to count windows of size² pixels on a regular grid over the scene (all of it if small). */
export function sampleWindows(width: number, height: number, size = 512, count = 16): Window[] {
  const w = Math.min(size, width);
  const h = Math.min(size, height);
  const side = Math.max(1, Math.round(Math.sqrt(count)));
  const nx = Math.min(side, Math.ceil(width / w));
  const ny = Math.min(side, Math.ceil(height / h));
  const out: Window[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const x = nx === 1 ? 0 : Math.round(((width - w) * i) / (nx - 1));
      const y = ny === 1 ? 0 : Math.round(((height - h) * j) / (ny - 1));
      out.push({ x, y, w, h });
    }
  }
  return out;
}

/** The scene threshold (0–255 index bin) from tiles of that scene. */
export function sceneThreshold(tiles: Tile[], params: Omit<DetectParams, 'threshold'>): number {
  const total = new Float64Array(256);
  const f = cellFactor(params);
  const nir = tiles.length > 0 && tiles.every((t) => t.nir);
  for (const tile of tiles) {
    const hist = indexHistogram(cellFeatures(tile, params, f));
    for (let i = 0; i < 256; i++) total[i] = total[i]! + hist[i]!;
  }
  return clampThreshold(otsu(total), nir);
}

export async function sceneThresholdFromReader(
  readWindow: ReadWindow,
  width: number,
  height: number,
  params: Omit<DetectParams, 'threshold'>,
  pool?: TilePool | null,
): Promise<number> {
  if (pool) {
    // In the workers: the per-cell work of 16 windows kept the server's thread busy for seconds.
    const total = new Float64Array(256);
    let nir = true;
    for (const w of sampleWindows(width, height)) {
      const tile = await readWindow(w.x, w.y, w.w, w.h, pool.spare());
      nir &&= Boolean(tile.nir);
      const hist = await pool.histogram(tile, params);
      for (let i = 0; i < 256; i++) total[i] = total[i]! + hist[i]!;
    }
    return clampThreshold(otsu(total), nir);
  }
  const tiles: Tile[] = [];
  for (const w of sampleWindows(width, height)) tiles.push(await readWindow(w.x, w.y, w.w, w.h));
  return sceneThreshold(tiles, params);
}

/** The scene threshold with the workers reading the sample windows from the file themselves. */
export async function sceneThresholdFromFile(
  pool: TilePool,
  width: number,
  height: number,
  params: Omit<DetectParams, 'threshold'>,
  nir: boolean,
): Promise<number> {
  const hists = await Promise.all(sampleWindows(width, height).map((w) => pool.histogramAt(w, params)));
  const total = new Float64Array(256);
  for (const hist of hists) for (let i = 0; i < 256; i++) total[i] = total[i]! + hist[i]!;
  return clampThreshold(otsu(total), nir);
}
