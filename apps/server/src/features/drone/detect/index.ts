// Dead pine crowns from an RGB(+NIR) orthophoto, with no model weights (issue 32; method and limits
// in docs/decisions/…-drone-detection.md and docs/drone.md). The upload/candidates side calls:
//   detectScene({ width, height, readWindow, groundResolutionM, onProgress })  → scene-pixel candidates
//   sceneThreshold(tiles, params) / sceneThresholdFromReader(...)            → one Otsu per scene
//   detectTile(tile, params)                                                  → one window, in this thread
// Scores run 0–1; filter stored candidates by score (SCORE_FLOOR … 1) for the sensitivity slider.
export type {
  Candidate,
  CandidateKind,
  DetectParams,
  ReadWindow,
  SceneOptions,
  SceneProgress,
  SceneResult,
  Tile,
  TileResult,
  TileStats,
  Window,
} from './types.ts';
export { DEFAULT_SCORE_CUTOFF, SCORE_FLOOR } from './types.ts';
export { type BusyGate, eventLoopGate } from './busyGate.ts';
export { detectTile } from './tile.ts';
export { sceneThreshold, sceneThresholdFromReader, sampleWindows } from './threshold.ts';
export { detectScene } from './scene.ts';
