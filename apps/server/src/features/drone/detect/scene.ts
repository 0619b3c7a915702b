// A whole orthophoto, tile by tile, detected in worker threads. With a file on local disk the
// workers read their own windows (this thread hands out coordinates and gathers candidates);
// otherwise windows are read here, at most two a worker in flight so memory stays bounded.
import { mergeAcrossEdges, ownedCandidates, planTiles } from './merge.ts';
import { createPool, type TilePool } from './pool.ts';
import { sceneThresholdFromFile, sceneThresholdFromReader } from './threshold.ts';
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
  const pool: TilePool | null = workers > 0 ? createPool(workers, opts.gate) : null;
  let threshold: number;
  const file = pool && opts.file ? opts.file : null;
  if (file) pool!.open(file);
  try {
    threshold =
      opts.threshold ??
      (file
        ? await sceneThresholdFromFile(pool!, width, height, params, file.nirSample >= 0)
        : await sceneThresholdFromReader(readWindow, width, height, params, pool));
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
      let result;
      if (file) result = await pool!.runAt(item.read, params);
      else {
        const tile = await readWindow(x, y, w, h, pool?.spare());
        result = pool ? await pool.run(tile, params) : detectTile(tile, params);
      }
      found.push(...ownedCandidates(result.candidates, item));
      done++;
      onProgress?.({ tilesDone: done, tilesTotal: plan.length, candidates: found.length });
    }
  };
  try {
    // Reading in the workers, a lane a worker keeps them busy: nothing waits on this thread.
    const lanes = file ? workers : (opts.inFlight ?? workers * 2);
    await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
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
