// A whole orthophoto, tile by tile: windows read on this thread (I/O), detected in worker threads,
// at most two tiles a worker in flight so memory stays bounded whatever the scene's size.
import { mergeAcrossEdges, ownedCandidates, planTiles } from './merge.ts';
import { createPool, type TilePool } from './pool.ts';
import { sceneThresholdFromReader } from './threshold.ts';
import { detectTile } from './tile.ts';
import type { Candidate, DetectParams, SceneOptions, SceneResult } from './types.ts';

export async function detectScene(opts: SceneOptions): Promise<SceneResult> {
  const started = performance.now();
  const { width, height, readWindow, onProgress, signal } = opts;
  const params: DetectParams = {
    groundResolutionM: opts.groundResolutionM,
    workingResolutionM: opts.workingResolutionM,
    minAreaM2: opts.minAreaM2,
    maxAreaM2: opts.maxAreaM2,
    minRoundness: opts.minRoundness,
    scoreFloor: opts.scoreFloor,
  };
  const workers = opts.workers ?? 2;
  const pool: TilePool | null = workers > 0 ? createPool(workers) : null;
  let threshold: number;
  try {
    threshold = opts.threshold ?? (await sceneThresholdFromReader(readWindow, width, height, params, pool));
  } catch (error) {
    await pool?.close();
    throw error;
  }
  params.threshold = threshold;
  const tileSize = opts.tileSize ?? 2048;
  // A margin of 10 m holds any crown whose centre is in the core (crowns ≤ 80 m², radius ≈ 5 m).
  const overlap = opts.overlapPx ?? Math.ceil(10 / opts.groundResolutionM);
  const plan = planTiles(width, height, tileSize, overlap);
  const found: Candidate[] = [];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < plan.length) {
      signal?.throwIfAborted();
      const item = plan[next++]!;
      const { x, y, w, h } = item.read;
      const tile = await readWindow(x, y, w, h, pool?.spare());
      const result = pool ? await pool.run(tile, params) : detectTile(tile, params);
      found.push(...ownedCandidates(result.candidates, item));
      done++;
      onProgress?.({ tilesDone: done, tilesTotal: plan.length, candidates: found.length });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.inFlight ?? workers * 2) }, lane));
  } finally {
    await pool?.close();
  }
  const candidates = mergeAcrossEdges(found, Math.max(1, 1 / opts.groundResolutionM));
  candidates.sort((a, b) => a.y - b.y || a.x - b.x);
  return {
    candidates,
    threshold,
    tiles: plan.length,
    mergedAcrossEdges: found.length - candidates.length,
    ms: Math.round(performance.now() - started),
  };
}
