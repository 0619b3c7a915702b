import { toWgs84 } from './crs.ts';
import type { Window } from './raster.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Where a map tile's pixels fall in an orthophoto. Every output pixel's centre is mapped on its own
 * (not the tile's bounding box squeezed into 256 px, which left 1–2 px gaps and overlaps between
 * neighbouring tiles wherever the grid turns against Web Mercator): the exact transform is taken on
 * a 17 × 17 grid of points across the tile and interpolated between them (like GDAL's approximate
 * transformer; well under a hundredth of a pixel inside a 256 px tile). Grid points on a tile's edge
 * are the same points its neighbour computes, so tiles meet exactly.
 */
const TILE = 256;
const STEP = 16;
const N = TILE / STEP + 1;

const lng = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const lat = (y: number, z: number) => {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
};

export type TileMapping = {
  /** Full-resolution pixel coordinates (0 = the left/top edge of the first pixel) at the grid points. */
  u: Float64Array;
  v: Float64Array;
  minU: number;
  maxU: number;
  minV: number;
  maxV: number;
};

export function tileMapping(row: OrthoRow, z: number, x: number, y: number): TileMapping {
  const [ox, rx, oy, ry] = row.transform as [number, number, number, number];
  const conv = toWgs84(row.epsg);
  const u = new Float64Array(N * N);
  const v = new Float64Array(N * N);
  for (let j = 0; j < N; j++) {
    const la = lat(y + (j * STEP) / TILE, z);
    for (let i = 0; i < N; i++) {
      const [cx, cy] = conv.inverse([lng(x + (i * STEP) / TILE, z), la]);
      u[j * N + i] = (cx! - ox) / rx;
      v[j * N + i] = (cy! - oy) / ry;
    }
  }
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (let k = 0; k < N * N; k++) {
    minU = Math.min(minU, u[k]!);
    maxU = Math.max(maxU, u[k]!);
    minV = Math.min(minV, v[k]!);
    maxV = Math.max(maxV, v[k]!);
  }
  return { u, v, minU, maxU, minV, maxV };
}

/**
 * Fills `out` (256 × 256 RGBA) by bilinear sampling of `src` (a window of a level `scale` times
 * coarser than full resolution, 3 or 4 channels), alpha-weighted so no-data edges do not darken;
 * pixels outside the scene stay transparent. Returns whether any pixel was drawn.
 */
export function sample(
  map: TileMapping,
  row: OrthoRow,
  src: Uint8Array,
  channels: 3 | 4,
  win: Window,
  scale: number,
  out: Uint8Array,
): boolean {
  const { u, v } = map;
  let drawn = false;
  const ww = win.w;
  const wh = win.h;
  for (let j = 0; j < TILE; j++) {
    const gj = (j + 0.5) / STEP;
    const cj = Math.min(N - 2, Math.floor(gj));
    const fj = gj - cj;
    for (let i = 0; i < TILE; i++) {
      const gi = (i + 0.5) / STEP;
      const ci = Math.min(N - 2, Math.floor(gi));
      const fi = gi - ci;
      const k = cj * N + ci;
      const pu =
        (1 - fj) * ((1 - fi) * u[k]! + fi * u[k + 1]!) + fj * ((1 - fi) * u[k + N]! + fi * u[k + N + 1]!);
      const pv =
        (1 - fj) * ((1 - fi) * v[k]! + fi * v[k + 1]!) + fj * ((1 - fi) * v[k + N]! + fi * v[k + N + 1]!);
      if (pu < 0 || pv < 0 || pu >= row.width || pv >= row.height) continue;
      // Level pixel centres sit at n + 0.5.
      const su = pu / scale - 0.5 - win.x;
      const sv = pv / scale - 0.5 - win.y;
      const x0 = Math.floor(su);
      const y0 = Math.floor(sv);
      const tx = su - x0;
      const ty = sv - y0;
      const xa = Math.min(ww - 1, Math.max(0, x0));
      const xb = Math.min(ww - 1, Math.max(0, x0 + 1));
      const ya = Math.min(wh - 1, Math.max(0, y0));
      const yb = Math.min(wh - 1, Math.max(0, y0 + 1));
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      const p00 = (ya * ww + xa) * channels;
      const p10 = (ya * ww + xb) * channels;
      const p01 = (yb * ww + xa) * channels;
      const p11 = (yb * ww + xb) * channels;
      const a00 = channels === 4 ? w00 * src[p00 + 3]! : w00 * 255;
      const a10 = channels === 4 ? w10 * src[p10 + 3]! : w10 * 255;
      const a01 = channels === 4 ? w01 * src[p01 + 3]! : w01 * 255;
      const a11 = channels === 4 ? w11 * src[p11 + 3]! : w11 * 255;
      const a = a00 + a10 + a01 + a11;
      if (a <= 0) continue;
      const o = (j * TILE + i) * 4;
      for (let c = 0; c < 3; c++) {
        out[o + c] = Math.round(
          (a00 * src[p00 + c]! + a10 * src[p10 + c]! + a01 * src[p01 + c]! + a11 * src[p11 + c]!) / a,
        );
      }
      out[o + 3] = Math.round(a);
      drawn = true;
    }
  }
  return drawn;
}
