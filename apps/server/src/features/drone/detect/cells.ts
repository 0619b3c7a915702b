// Stage 1: the orthophoto averaged into working cells (≈ 0.2 m), with each cell's colour index bin,
// lightness and dead-crown colour membership. Kernel code: these functions are also sent as source
// text to the worker threads (pool.ts), so they use only globals and each other — no imports, no
// module-level values, cross-file calls only through the stages object (tile.ts).
import type { DetectParams, Tile } from './types.ts';

export interface Cells {
  W: number;
  H: number;
  /** Pixels per cell along each axis. */
  f: number;
  /** ExR−ExG (or 1−NDVI) in 0–255 bins; 0 for no-data. */
  idx: Uint8Array;
  /** CIE L* × 2.55 (0–255); 0 in deep shadow. */
  lum: Uint8Array;
  /** Texture: lightness difference to the left and upper neighbours (0–255). */
  tex: Uint8Array;
  /** Red-brown and grey colour membership, 0–255 each. */
  red: Uint8Array;
  grey: Uint8Array;
  /** 1 where the cell has data and is not in deep shadow. */
  valid: Uint8Array;
  usedNir: boolean;
}

/** Pixels per working cell: blocks of f × f pixels are averaged (noise down, speed up). */
export function cellFactor(params: DetectParams): number {
  const working = params.workingResolutionM ?? 0.2;
  return Math.max(1, Math.round(working / params.groundResolutionM));
}

/** sRGB byte → linear light, 0–1 (IEC 61966-2-1). */
export function srgbTable(): Float32Array {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
}

/** Trapezoid membership: 0 outside [a, d], 1 inside [b, c], linear between. */
export function ramp(v: number, a: number, b: number, c: number, d: number): number {
  if (v <= a || v >= d) return 0;
  if (v < b) return (v - a) / (b - a);
  if (v > c) return (d - v) / (d - c);
  return 1;
}

/** The common case, RGB without alpha or NIR, without their branches in the per-pixel loop. */
export function sumRgbCells(
  data: Uint8Array,
  width: number,
  height: number,
  f: number,
  W: number,
  sr: Float64Array,
  sg: Float64Array,
  sb: Float64Array,
  cnt: Uint32Array,
): void {
  for (let y = 0; y < height; y++) {
    const row = ((y / f) | 0) * W;
    let p = y * width * 3;
    for (let cx = 0; cx < W; cx++) {
      const k = Math.min(width, (cx + 1) * f) - cx * f;
      const end = p + k * 3;
      let r = 0;
      let g = 0;
      let b = 0;
      for (; p < end; p += 3) {
        r += data[p]!;
        g += data[p + 1]!;
        b += data[p + 2]!;
      }
      const c = row + cx;
      sr[c] = sr[c]! + r;
      sg[c] = sg[c]! + g;
      sb[c] = sb[c]! + b;
      cnt[c] = cnt[c]! + k;
    }
  }
}

export function cellFeatures(tile: Tile, params: DetectParams, f: number): Cells {
  const { width, height, channels, data, nir } = tile;
  const W = Math.ceil(width / f);
  const H = Math.ceil(height / f);
  const n = W * H;
  const sr = new Float64Array(n);
  const sg = new Float64Array(n);
  const sb = new Float64Array(n);
  const sn = nir ? new Float64Array(n) : null;
  const cnt = new Uint32Array(n);
  if (channels === 3 && !nir) sumRgbCells(data, width, height, f, W, sr, sg, sb, cnt);
  else {
    for (let y = 0; y < height; y++) {
      const row = ((y / f) | 0) * W;
      let p = y * width * channels;
      let q = y * width;
      for (let cx = 0; cx < W; cx++) {
        const x1 = Math.min(width, (cx + 1) * f);
        let r = 0;
        let g = 0;
        let b = 0;
        let m = 0;
        let k = 0;
        for (let x = cx * f; x < x1; x++, p += channels, q++) {
          if (channels === 4 && data[p + 3] === 0) continue; // alpha 0: no data
          r += data[p]!;
          g += data[p + 1]!;
          b += data[p + 2]!;
          if (nir) m += nir[q]!;
          k++;
        }
        const c = row + cx;
        sr[c] = sr[c]! + r;
        sg[c] = sg[c]! + g;
        sb[c] = sb[c]! + b;
        if (sn) sn[c] = sn[c]! + m;
        cnt[c] = cnt[c]! + k;
      }
    }
  }
  const lin = srgbTable();
  // The scene threshold's band starts at 96, or 120 with NIR (threshold.ts); red and grey stay 0 below it.
  const skipBelow = Math.min(nir ? 120 : 96, params.threshold ?? 96);
  const idx = new Uint8Array(n);
  const lum = new Uint8Array(n);
  const red = new Uint8Array(n);
  const grey = new Uint8Array(n);
  const valid = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    const k = cnt[c]!;
    if (k === 0) continue;
    const R = sr[c]! / k;
    const G = sg[c]! / k;
    const B = sb[c]! / k;
    // CIE L*a*b* (D65) of the cell's mean colour.
    const lr = lin[Math.round(R)]!;
    const lg = lin[Math.round(G)]!;
    const lb = lin[Math.round(B)]!;
    const Y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    if (Y < 0.0352) continue; // L* < 22, deep shadow: colour is noise there
    valid[c] = 1;
    if (sn) {
      const nv = sn[c]! / k;
      const ndvi = (nv - R) / (nv + R + 1e-6);
      idx[c] = Math.max(0, Math.min(255, Math.round((1 - ndvi) * 127.5)));
    } else {
      const s = R + G + B + 1e-6;
      const I = (2.4 * R - 3 * G + B) / s; // ExR − ExG on chromatic coordinates
      idx[c] = Math.max(0, Math.min(255, Math.round((I + 1) * 106.25)));
    }
    // Below every threshold a scene can have: never in a mask, so its colour is not needed (most
    // cells of a forest; this is where the time goes).
    const fy = Y > 0.008856 ? Math.cbrt(Y) : 7.787 * Y + 16 / 116;
    const L = 116 * fy - 16;
    lum[c] = Math.round(L * 2.55); // texture reads it across gaps the closing fills
    if (idx[c]! <= skipBelow) continue;
    const X = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
    const Z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
    const fx = X > 0.008856 ? Math.cbrt(X) : 7.787 * X + 16 / 116;
    const fz = Z > 0.008856 ? Math.cbrt(Z) : 7.787 * Z + 16 / 116;
    const A = 500 * (fx - fy);
    const Bb = 200 * (fy - fz);
    const C = Math.sqrt(A * A + Bb * Bb);
    const h = (Math.atan2(Bb, A) * 180) / Math.PI;
    // Red-brown: rusty hue, moderate chroma. Bare soil has less chroma; vivid autumn reds, oranges
    // and yellows more, or redder or yellower hues; terracotta roofs overlap (texture and shape).
    // Autumn broadleaf (orange, red-orange) in the shade of its own crown comes into that window;
    // it is more saturated for its lightness (C*/L* ≈ 1.1–1.3 against ≈ 0.7–1.05 for dead needles)
    // and yellower (hue ≈ 56–62° against 44–56°), so a cell far along both is not red-brown.
    const broad = (C / Math.max(1, L) - 0.95) / 0.12 + (h - 52) / 5;
    const notBroad = broad <= 1 ? 1 : broad >= 1.6 ? 0 : (1.6 - broad) / 0.6;
    red[c] = Math.round(
      255 * ramp(h, 38, 44, 60, 68) * ramp(C, 17, 23, 40, 48) * ramp(L, 22, 28, 56, 64) * notBroad,
    );
    // Grey: no chroma, mid lightness (roads and concrete are as grey: texture decides).
    grey[c] = Math.round(255 * ramp(C, -1, 0, 8, 12) * ramp(L, 30, 36, 62, 72));
  }
  // Needles and bare branches vary from cell to cell; roofs, roads and water do not.
  const tex = new Uint8Array(n);
  for (let y = 1; y < H; y++) {
    for (let x = 1; x < W; x++) {
      const c = y * W + x;
      const l = lum[c]!;
      tex[c] = Math.min(255, Math.abs(l - lum[c - 1]!) + Math.abs(l - lum[c - W]!));
    }
  }
  return { W, H, f, idx, lum, tex, red, grey, valid, usedNir: sn !== null };
}

/** Histogram of the index over valid cells: the input to Otsu. */
export function indexHistogram(cells: Cells): Float64Array {
  const hist = new Float64Array(256);
  const { idx, valid } = cells;
  for (let c = 0; c < idx.length; c++) if (valid[c]) hist[idx[c]!]!++;
  return hist;
}

/** Otsu's threshold: the bin t maximising between-class variance of {≤ t} and {> t}. */
export function otsu(hist: Float64Array): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i]!;
    sum += i * hist[i]!;
  }
  if (total === 0) return 128;
  let w0 = 0;
  let s0 = 0;
  let best = -1;
  let at = 128;
  for (let t = 0; t < 255; t++) {
    w0 += hist[t]!;
    s0 += t * hist[t]!;
    const w1 = total - w0;
    if (w0 === 0 || w1 === 0) continue;
    const d = s0 / w0 - (sum - s0) / w1;
    const between = w0 * w1 * d * d;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}
