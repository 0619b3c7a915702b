// Tiles overlap by a margin at least a crown's radius; a tile keeps only the candidates whose centre
// lies in its own core, so a crown on an edge is seen whole by the tile that owns its centre. The
// final merge drops what two tiles still both report (centres a little apart after clean-up).
import type { Candidate, Window } from './types.ts';

export interface TilePlan {
  core: Window;
  read: Window;
}

export function planTiles(width: number, height: number, size: number, overlap: number): TilePlan[] {
  const plan: TilePlan[] = [];
  for (let y = 0; y < height; y += size) {
    for (let x = 0; x < width; x += size) {
      const core = { x, y, w: Math.min(size, width - x), h: Math.min(size, height - y) };
      const rx = Math.max(0, x - overlap);
      const ry = Math.max(0, y - overlap);
      const read = {
        x: rx,
        y: ry,
        w: Math.min(width, x + core.w + overlap) - rx,
        h: Math.min(height, y + core.h + overlap) - ry,
      };
      plan.push({ core, read });
    }
  }
  return plan;
}

/** The tile's candidates moved to scene pixels, those centred in its core only. */
export function ownedCandidates(found: Candidate[], tile: TilePlan): Candidate[] {
  const { core, read } = tile;
  const out: Candidate[] = [];
  for (const c of found) {
    const x = c.x + read.x;
    const y = c.y + read.y;
    if (x < core.x || y < core.y || x >= core.x + core.w || y >= core.y + core.h) continue;
    out.push({ ...c, x, y });
  }
  return out;
}

/** Of candidates closer than minDist pixels, the best-scored one stays. */
export function mergeAcrossEdges(all: Candidate[], minDist: number): Candidate[] {
  const byScore = [...all].sort((a, b) => b.score - a.score);
  const grid = new Map<string, Candidate[]>();
  const key = (gx: number, gy: number) => `${gx},${gy}`;
  const kept: Candidate[] = [];
  for (const c of byScore) {
    const gx = Math.floor(c.x / minDist);
    const gy = Math.floor(c.y / minDist);
    let near = false;
    for (let dy = -1; dy <= 1 && !near; dy++) {
      for (let dx = -1; dx <= 1 && !near; dx++) {
        for (const o of grid.get(key(gx + dx, gy + dy)) ?? []) {
          if ((o.x - c.x) ** 2 + (o.y - c.y) ** 2 < minDist * minDist) near = true;
        }
      }
    }
    if (near) continue;
    kept.push(c);
    const k = key(gx, gy);
    const list = grid.get(k);
    if (list) list.push(c);
    else grid.set(k, [c]);
  }
  return kept;
}
