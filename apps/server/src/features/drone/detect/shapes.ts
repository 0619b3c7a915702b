// Stage 3: each blob measured in metres, touching crowns split at distance-transform peaks, shape
// filters and the score. Kernel code (see cells.ts): globals and same-file calls only.
import type { Candidate, DetectParams } from './types.ts';
import type { Cells } from './cells.ts';

export interface Blob {
  n: number;
  x: number;
  y: number;
  red: number;
  grey: number;
  /** Texture summed over interior cells only (a shadow's edge across a road is not texture). */
  tex: number;
  inner: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function newBlob(): Blob {
  return { n: 0, x: 0, y: 0, red: 0, grey: 0, tex: 0, inner: 0, x0: 1e9, y0: 1e9, x1: -1, y1: -1 };
}

export function addCell(b: Blob, cells: Cells, c: number, x: number, y: number, labels: Int32Array): void {
  b.n++;
  b.x += x;
  b.y += y;
  b.red += cells.red[c]!;
  b.grey += cells.grey[c]!;
  const W = cells.W;
  const l = labels[c];
  if (labels[c - 1] === l && labels[c + 1] === l && labels[c - W] === l && labels[c + W] === l) {
    b.tex += cells.tex[c]!;
    b.inner++;
  }
  if (x < b.x0) b.x0 = x;
  if (x > b.x1) b.x1 = x;
  if (y < b.y0) b.y0 = y;
  if (y > b.y1) b.y1 = y;
}

/** Area ÷ area of the circle (from the centroid) through the blob's farthest cell; 0–1. */
export function roundnessOf(
  b: Blob,
  labels: Int32Array,
  W: number,
  id: number,
  part?: Int32Array,
  p?: number,
) {
  const cx = b.x / b.n;
  const cy = b.y / b.n;
  let far = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const i = y * W + x;
      if (labels[i] !== id || (part && part[i] !== p)) continue;
      const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (d > far) far = d;
    }
  }
  const r = Math.sqrt(far) + 0.5; // to the cell's outer edge
  return Math.min(1, b.n / (Math.PI * r * r));
}

/** The score, 0–1, or −1 when the blob is not a crown at all (size or shape out of bounds). */
export function scoreBlob(b: Blob, areaM2: number, roundness: number, params: DetectParams) {
  const minA = params.minAreaM2 ?? 2;
  const maxA = params.maxAreaM2 ?? 80;
  const minR = params.minRoundness ?? 0.3;
  if (areaM2 < minA || areaM2 > maxA || roundness < minR) return { score: -1, grey: false };
  const red = b.red / (255 * b.n);
  const grey = b.grey / (255 * b.n);
  const isGrey = grey > red;
  // A crown is rough at 0.2 m (needle clumps, bare branches); a roof, road or rock is smooth.
  const tex = b.inner ? b.tex / b.inner : 0;
  const rough = Math.min(1, Math.max(0, isGrey ? (tex - 10) / 8 : (tex - 5) / 5));
  const colour = (isGrey ? grey : red) * rough;
  const shape = Math.min(1, (roundness - minR) / (0.7 - minR));
  const size = Math.min(1, (areaM2 - minA) / minA, (maxA - areaM2) / (maxA * 0.3));
  const score = Math.pow(colour, 0.8) * (0.5 + 0.5 * shape) * (0.7 + 0.3 * size);
  return { score: Math.max(0, Math.min(1, score)), grey: isGrey };
}

/**
 * Peaks of the distance transform inside one blob, strongest first, each at least its own radius
 * from a stronger one: the centres of touching crowns.
 */
export function peaksOf(b: Blob, labels: Int32Array, dist: Uint16Array, W: number, id: number, minD: number) {
  const found: number[] = [];
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const i = y * W + x;
      const d = dist[i]!;
      if (labels[i] !== id || d < minD) continue;
      if (d < dist[i - 1]! || d < dist[i + 1]! || d < dist[i - W]! || d < dist[i + W]!) continue;
      if (d < dist[i - W - 1]! || d < dist[i - W + 1]! || d < dist[i + W - 1]! || d < dist[i + W + 1]!)
        continue;
      found.push(i);
    }
  }
  found.sort((a, c) => dist[c]! - dist[a]!);
  const kept: number[] = [];
  for (const i of found) {
    const x = i % W;
    const y = (i / W) | 0;
    let ok = true;
    for (const k of kept) {
      const dx = (k % W) - x;
      const dy = ((k / W) | 0) - y;
      const r = Math.max(dist[k]!, dist[i]!) / 3;
      if (dx * dx + dy * dy < r * r * 1.2) {
        ok = false;
        break;
      }
    }
    if (ok) kept.push(i);
  }
  return kept;
}

export function measureBlobs(
  cells: Cells,
  labels: Int32Array,
  count: number,
  dist: Uint16Array,
  params: DetectParams,
): Candidate[] {
  const { W, f } = cells;
  const cellM = f * params.groundResolutionM;
  const cellArea = cellM * cellM;
  const maxA = params.maxAreaM2 ?? 80;
  const blobs: Blob[] = [];
  for (let l = 0; l <= count; l++) blobs.push(newBlob());
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l) addCell(blobs[l]!, cells, i, i % W, (i / W) | 0, labels);
  }
  const out: Candidate[] = [];
  // A part cut out of a cluster has straight cut edges we made, not the crown: its shape is judged
  // no worse than 0.6 (its measured roundness is still what the candidate reports).
  const emit = (b: Blob, roundness: number, cut = false) => {
    const areaM2 = b.n * cellArea;
    const s = scoreBlob(b, areaM2, cut ? Math.max(0.6, roundness) : roundness, params);
    if (s.score < (params.scoreFloor ?? 0.2)) return;
    out.push({
      x: (b.x / b.n + 0.5) * f,
      y: (b.y / b.n + 0.5) * f,
      areaM2: Math.round(areaM2 * 100) / 100,
      roundness: Math.round(roundness * 1000) / 1000,
      score: Math.round(s.score * 1000) / 1000,
      kind: s.grey ? 'grey' : 'red',
    });
  };
  // The smallest crown's radius: a narrower neck is not a crown's centre.
  const minR = Math.sqrt((params.minAreaM2 ?? 2) / Math.PI);
  const minD = Math.max(3, Math.round((minR / cellM) * 3));
  let part: Int32Array | undefined;
  for (let id = 1; id <= count; id++) {
    const b = blobs[id]!;
    if (b.n * cellArea < (params.minAreaM2 ?? 2)) continue;
    const r = roundnessOf(b, labels, W, id);
    if (b.n * cellArea <= maxA * 0.6 && r >= 0.6) {
      emit(b, r);
      continue;
    }
    // A road, hedge or field edge is long for its width: more than ~12 crowns' worth of area for
    // the widest disc inside it. It is not cut into crown-sized pieces (and fails roundness whole).
    let widest = 0;
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = b.x0; x <= b.x1; x++)
        if (labels[y * W + x] === id) widest = Math.max(widest, dist[y * W + x]!);
    const rW = widest / 3;
    const peaks = b.n > 12 * Math.PI * rW * rW ? [] : peaksOf(b, labels, dist, W, id, minD);
    if (peaks.length < 2) {
      emit(b, r);
      continue;
    }
    // Touching crowns: each cell goes to the nearest peak (weighted by the peak's radius).
    part ??= new Int32Array(labels.length);
    const parts = peaks.map(() => newBlob());
    for (let y = b.y0; y <= b.y1; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const i = y * W + x;
        if (labels[i] !== id) continue;
        let best = 0;
        let bestD = Infinity;
        for (let k = 0; k < peaks.length; k++) {
          const pk = peaks[k]!;
          const dx = (pk % W) - x;
          const dy = ((pk / W) | 0) - y;
          const d = Math.sqrt(dx * dx + dy * dy) - dist[pk]! / 3;
          if (d < bestD) {
            bestD = d;
            best = k;
          }
        }
        part[i] = best;
        addCell(parts[best]!, cells, i, x, y, labels);
      }
    }
    for (let k = 0; k < parts.length; k++) {
      const pb = parts[k]!;
      if (pb.n) emit(pb, roundnessOf(pb, labels, W, id, part, k), true);
    }
  }
  return out;
}
