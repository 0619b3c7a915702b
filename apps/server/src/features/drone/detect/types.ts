// The detection core's public shapes (issue 32). Pixel coordinates are those of the tile (detectTile)
// or of the whole scene (detectScene); turning them into longitude/latitude is the caller's (it owns
// the geo-transform).
import type { BusyGate } from './busyGate.ts';
import type { FileWindowSource } from './fileWindows.ts';

/** One window of an orthophoto, 8-bit, interleaved. RGBA's alpha marks no-data where it is 0. */
export interface Tile {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
  /** A near-infrared band (width × height, one byte a pixel) when the orthophoto has one. */
  nir?: Uint8Array;
}

export interface DetectParams {
  /** Metres per pixel on the ground (from the geo-transform; 0.05 for a 5 cm orthophoto). */
  groundResolutionM: number;
  /** The scene's threshold on the colour index (0–255 bins, from sceneThreshold); else Otsu on this tile. */
  threshold?: number;
  /** Cell size the detector works at; blocks of pixels are averaged to it (default 0.2 m). */
  workingResolutionM?: number;
  /** Smallest and largest single crown kept, m² (defaults 2 and 80). */
  minAreaM2?: number;
  maxAreaM2?: number;
  /** Fill of the circle around a crown below which a blob is not a crown (default 0.3). */
  minRoundness?: number;
  /** Candidates scoring below this are not returned (default SCORE_FLOOR). */
  scoreFloor?: number;
}

export type CandidateKind = 'red' | 'grey';

export interface Candidate {
  /** Centre, in pixels of the tile (detectTile) or of the scene (detectScene). */
  x: number;
  y: number;
  areaM2: number;
  /** Area ÷ the area of the circle around it from its centre, 0–1 (a disc ≈ 0.8–1, a square 0.64). */
  roundness: number;
  /**
   * 0–1, monotone in how sure the detector is. Candidates are returned down to SCORE_FLOOR; a
   * sensitivity slider is a cut-off on this value over the stored candidates (no re-run).
   */
  score: number;
  kind: CandidateKind;
}

export interface TileStats {
  pixels: number;
  /** The threshold used, in 0–255 index bins, and whether it was this tile's own Otsu. */
  threshold: number;
  ownThreshold: boolean;
  /** Share of working cells that passed index + colour rule before clean-up. */
  maskedShare: number;
  components: number;
  candidates: number;
  usedNir: boolean;
}

export interface TileResult {
  candidates: Candidate[];
  stats: TileStats;
}

export interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Reads a window; `into`, when given and large enough, is a buffer a worker handed back, to be
 * filled instead of allocating one (the scene pass then reuses a few buffers for every window).
 */
export type ReadWindow = (x: number, y: number, w: number, h: number, into?: Uint8Array) => Promise<Tile>;

export interface SceneOptions extends Omit<DetectParams, 'threshold'> {
  width: number;
  height: number;
  readWindow: ReadWindow;
  /**
   * The file on local disk: the workers read their windows from it themselves and readWindow is
   * not called (with workers > 0). Without it windows are read on this thread (S3, tests).
   */
  file?: FileWindowSource;
  /** Scene threshold; else computed by sceneThreshold from a sample of windows. */
  threshold?: number;
  /** Core tile size in pixels (default 2048) and the overlap read around it (default 10 m). */
  tileSize?: number;
  overlapPx?: number;
  /** Worker threads (default 2); 0 runs in this thread (tests, tiny scenes). */
  workers?: number;
  /** Hold the workers' next windows while the server's thread is busy (busyGate.ts; the server's job). */
  gate?: BusyGate;
  /** Windows read and not yet detected, at most (default two a worker): each holds a tile's pixels. */
  inFlight?: number;
  onProgress?: (progress: SceneProgress) => void;
  signal?: AbortSignal;
}

export interface SceneProgress {
  tilesDone: number;
  tilesTotal: number;
  candidates: number;
}

export interface SceneResult {
  candidates: Candidate[];
  threshold: number;
  tiles: number;
  /** Candidates dropped as the same crown seen from two tiles. */
  mergedAcrossEdges: number;
  ms: number;
}

/** Lowest score a candidate is returned with: the slider's far end. */
export const SCORE_FLOOR = 0.2;
/** The slider's starting cut-off (the accuracy bench's figures are at this value). */
export const DEFAULT_SCORE_CUTOFF = 0.5;
