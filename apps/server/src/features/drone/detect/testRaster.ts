// Small generated rasters for the detector's unit tests: a ground colour, discs and boxes painted
// on it with a deterministic needle-like texture (or none, like a roof).
import type { Tile } from './types.ts';

export type Rgb = [number, number, number];

export const GREEN: Rgb = [62, 98, 52];
export const DEAD_RED: Rgb = [152, 88, 58];
export const DEAD_GREY: Rgb = [136, 130, 124];
export const AUTUMN_RED: Rgb = [188, 52, 38];
export const AUTUMN_YELLOW: Rgb = [206, 172, 52];
export const SOIL: Rgb = [164, 138, 108];

export function blank(width: number, height: number, rgb: Rgb = GREEN): Tile {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { data, width, height, channels: 3 };
}

/** A pseudo-random 0–1 value per pixel (no Math.random: tests must repeat). */
function noise(x: number, y: number): number {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Texture in clumps of 4 × 4 pixels (0.2 m at 5 cm), ± amount. */
function clump(x: number, y: number, amount: number): number {
  return 1 + (noise(x >> 2, y >> 2) - 0.5) * 2 * amount;
}

export function disc(tile: Tile, cx: number, cy: number, r: number, rgb: Rgb, texture = 0.3): void {
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(tile.height - 1, cy + r); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(tile.width - 1, cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const k = clump(x, y, texture);
      const p = (y * tile.width + x) * tile.channels;
      for (let c = 0; c < 3; c++) tile.data[p + c] = Math.max(0, Math.min(255, rgb[c]! * k));
    }
  }
}

export function box(tile: Tile, x0: number, y0: number, w: number, h: number, rgb: Rgb, texture = 0): void {
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const k = clump(x, y, texture);
      const p = (y * tile.width + x) * tile.channels;
      for (let c = 0; c < 3; c++) tile.data[p + c] = Math.max(0, Math.min(255, rgb[c]! * k));
    }
  }
}

/** A window of a bigger tile, as a reader callback would return it. */
export function windowOf(tile: Tile, x: number, y: number, w: number, h: number): Tile {
  const data = new Uint8Array(w * h * 3);
  for (let j = 0; j < h; j++) {
    const from = ((y + j) * tile.width + x) * 3;
    data.set(tile.data.subarray(from, from + w * 3), j * w * 3);
  }
  return { data, width: w, height: h, channels: 3 };
}
