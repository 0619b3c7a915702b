import { describe, expect, it } from 'vitest';
import { detectScene, detectTile, sceneThreshold, SCORE_FLOOR } from './index.ts';
import { mergeAcrossEdges, ownedCandidates, planTiles } from './merge.ts';
import { AUTUMN_RED, DEAD_GREY, DEAD_RED, blank, box, disc, windowOf, type Rgb } from './testRaster.ts';
import type { BusyGate } from './busyGate.ts';
import type { Candidate } from './types.ts';

const at5cm = { groundResolutionM: 0.05, threshold: 110 };

describe('detectTile: shape filters in metres', () => {
  it('finds a dead red-brown and a dead grey crown, with their area in m²', () => {
    const tile = blank(400, 300);
    disc(tile, 100, 150, 40, DEAD_RED); // r = 2 m → 12.6 m²
    disc(tile, 300, 150, 40, DEAD_GREY, 0.3);
    const { candidates, stats } = detectTile(tile, at5cm);
    expect(candidates.map((c) => c.kind).sort()).toEqual(['grey', 'red']);
    for (const c of candidates) {
      expect(c.areaM2).toBeGreaterThan(10);
      expect(c.areaM2).toBeLessThan(15);
      expect(c.roundness).toBeGreaterThan(0.8);
      expect(c.score).toBeGreaterThan(0.5);
    }
    const red = candidates.find((c) => c.kind === 'red')!;
    expect(Math.hypot(red.x - 100, red.y - 150)).toBeLessThan(4);
    expect(stats.ownThreshold).toBe(false);
  });

  it('reads the ground resolution: the same disc is 4× the area at 10 cm', () => {
    const tile = blank(300, 300);
    disc(tile, 150, 150, 30, DEAD_RED);
    const [a5] = detectTile(tile, at5cm).candidates;
    const [a10] = detectTile(tile, { groundResolutionM: 0.1, threshold: 110 }).candidates;
    expect(a10!.areaM2 / a5!.areaM2).toBeGreaterThan(3.6);
    expect(a10!.areaM2 / a5!.areaM2).toBeLessThan(4.4);
  });

  it('drops what is too small, too large or too long to be one crown', () => {
    const tile = blank(1200, 400);
    disc(tile, 60, 60, 12, DEAD_RED); // 1.1 m²
    disc(tile, 300, 200, 150, DEAD_RED); // 177 m², round
    box(tile, 500, 50, 600, 30, DEAD_RED, 0.3); // 30 m × 1.5 m strip
    expect(detectTile(tile, at5cm).candidates).toEqual([]);
  });

  it('ranks a square below a disc of the same colour (roundness)', () => {
    const tile = blank(500, 300);
    disc(tile, 120, 150, 45, DEAD_RED);
    box(tile, 300, 110, 80, 80, DEAD_RED, 0.3);
    const [d, s] = [...detectTile(tile, at5cm).candidates].sort((a, b) => a.x - b.x);
    expect(d!.roundness).toBeGreaterThan(0.8);
    expect(s!.roundness).toBeLessThan(0.72);
    expect(s!.score).toBeLessThan(d!.score);
  });

  it('does not take a smooth terracotta-like roof or a vivid autumn crown for a dead pine', () => {
    const tile = blank(500, 300);
    disc(tile, 120, 150, 45, DEAD_RED, 0); // no texture: a roof's flat face
    disc(tile, 350, 150, 45, AUTUMN_RED);
    expect(detectTile(tile, at5cm).candidates).toEqual([]);
  });

  it('does not take an orange autumn crown in its own shade for a red-brown one', () => {
    // Shaded orange (L* ≈ 34, C* ≈ 40, hue ≈ 60°) sits in the red-brown window by hue, chroma and
    // lightness; it is more saturated for its lightness and yellower than dead needles.
    const shadedOrange: Rgb = [122, 67, 24];
    const shadedDead: Rgb = [106, 62, 41]; // a dead crown as dark
    const tile = blank(500, 300);
    disc(tile, 120, 150, 45, shadedOrange);
    disc(tile, 350, 150, 45, shadedDead);
    const found = detectTile(tile, at5cm).candidates;
    expect(found.map((c) => Math.round(c.x / 10) * 10)).toEqual([350]);
  });

  it('splits touching dead crowns into one candidate each', () => {
    const tile = blank(500, 300);
    disc(tile, 160, 150, 50, DEAD_RED);
    disc(tile, 250, 150, 50, DEAD_RED);
    disc(tile, 340, 150, 50, DEAD_RED);
    const found = [...detectTile(tile, at5cm).candidates].sort((a, b) => a.x - b.x);
    expect(found.map((c) => Math.round(c.x / 10) * 10)).toEqual([160, 250, 340]);
  });

  it('scores run from SCORE_FLOOR to 1, so a cut-off selects a subset without a re-run', () => {
    const tile = blank(900, 300);
    disc(tile, 100, 150, 45, DEAD_RED);
    box(tile, 260, 110, 80, 80, DEAD_RED, 0.3);
    disc(tile, 500, 150, 45, DEAD_RED, 0.12);
    disc(tile, 750, 150, 45, DEAD_GREY, 0.25);
    const all = detectTile(tile, at5cm).candidates;
    for (const c of all) expect(c.score).toBeGreaterThanOrEqual(SCORE_FLOOR);
    const scores = all.map((c) => c.score).sort();
    expect(new Set(scores).size).toBeGreaterThan(1);
    const cut = scores[1]!;
    expect(all.filter((c) => c.score >= cut).length).toBeLessThan(all.length);
  });
});

describe('scene threshold', () => {
  it('is one Otsu value for the scene, inside the 96–116 band, and used by every tile', () => {
    const a = blank(200, 200);
    box(a, 0, 0, 100, 200, [164, 138, 108], 0.2); // bare soil half
    const b = blank(200, 200);
    const t = sceneThreshold([a, b], { groundResolutionM: 0.05 });
    expect(t).toBeGreaterThanOrEqual(96);
    expect(t).toBeLessThanOrEqual(116);
    expect(detectTile(b, { groundResolutionM: 0.05, threshold: t }).stats.threshold).toBe(t);
  });

  it('holds a near-infrared scene in its own band (1 − NDVI 120–140)', () => {
    const a = blank(200, 200); // live green, NDVI ≈ 0.5 (1 − NDVI ≈ 60)
    a.nir = new Uint8Array(200 * 200).fill(200);
    box(a, 0, 0, 100, 200, [164, 138, 108], 0.2); // bare soil, NDVI ≈ 0.1 (≈ 115)
    const t = sceneThreshold([a], { groundResolutionM: 0.05 });
    expect(t).toBeGreaterThanOrEqual(120); // Otsu alone would cut between 60 and 115
    expect(t).toBeLessThanOrEqual(140);
    expect(sceneThreshold([blank(200, 200)], { groundResolutionM: 0.05 })).toBeLessThanOrEqual(116);
  });
});

describe('tiles and their edges', () => {
  it('plans cores that cover the scene once, windows that overlap', () => {
    const plan = planTiles(1000, 700, 256, 40);
    const cover = new Uint8Array(1000 * 700);
    for (const { core, read } of plan) {
      expect(read.x).toBeLessThanOrEqual(core.x);
      expect(read.x + read.w).toBeGreaterThanOrEqual(core.x + core.w);
      for (let y = core.y; y < core.y + core.h; y++)
        for (let x = core.x; x < core.x + core.w; x++) cover[y * 1000 + x]!++;
    }
    expect(cover.every((v) => v === 1)).toBe(true);
  });

  it('keeps a tile’s candidates centred in its core only, in scene pixels', () => {
    const [, second] = planTiles(600, 300, 256, 50);
    const c = (x: number): Candidate => ({ x, y: 100, areaM2: 5, roundness: 1, score: 0.9, kind: 'red' });
    const kept = ownedCandidates([c(10), c(60), c(320)], second!);
    expect(kept.map((k) => k.x)).toEqual([266]); // read.x = 206: core 256…511 holds 266, not 216 or 526
  });

  it('merges two reports of one crown, keeping the better score', () => {
    const c = (x: number, score: number): Candidate => ({
      x,
      y: 0,
      areaM2: 5,
      roundness: 1,
      score,
      kind: 'red',
    });
    const kept = mergeAcrossEdges([c(100, 0.6), c(108, 0.9), c(200, 0.5)], 20);
    expect(kept.map((k) => [k.x, k.score])).toEqual([
      [108, 0.9],
      [200, 0.5],
    ]);
  });

  it('finds crowns across tile edges once, the same in worker threads as in this thread', async () => {
    const scene = blank(900, 700);
    const centres = [
      [256, 256], // on a corner of four tiles
      [512, 130],
      [130, 512],
      [700, 600],
    ];
    for (const [x, y] of centres) disc(scene, x!, y!, 45, DEAD_RED);
    const readWindow = async (x: number, y: number, w: number, h: number) => windowOf(scene, x, y, w, h);
    const base = { width: 900, height: 700, groundResolutionM: 0.05, readWindow, tileSize: 256 };
    const progress: number[] = [];
    const here = await detectScene({ ...base, workers: 0, onProgress: (p) => progress.push(p.tilesDone) });
    const threads = await detectScene({ ...base, workers: 2 });
    expect(here.candidates.length).toBe(4);
    for (const [x, y] of centres) {
      expect(here.candidates.some((c) => Math.hypot(c.x - x!, c.y - y!) < 5)).toBe(true);
    }
    expect(threads.candidates).toEqual(here.candidates);
    expect(progress.at(-1)).toBe(here.tiles);
  });

  it("holds the workers while the server thread is busy, each window at most the gate's wait, and not at all when idle", async () => {
    const scene = blank(600, 300);
    disc(scene, 150, 150, 45, DEAD_RED);
    const readWindow = async (x: number, y: number, w: number, h: number) => windowOf(scene, x, y, w, h);
    const base = {
      width: 600,
      height: 300,
      groundResolutionM: 0.05,
      readWindow,
      tileSize: 300,
      threshold: 128,
    };
    let busyCalls = 0;
    const gate = (busy: boolean): BusyGate => ({
      busy: () => (busyCalls++, busy),
      maxWaitMs: 60,
      pollMs: 5,
      held: { windows: 0, ms: 0 },
    });
    const idle = gate(false);
    const free = await detectScene({ ...base, workers: 1, gate: idle });
    expect(idle.held.windows).toBe(0);
    expect(busyCalls).toBeGreaterThan(0);
    const busy = gate(true);
    const held = await detectScene({ ...base, workers: 1, gate: busy });
    // Both tiles waited, each for the gate's limit and not much more: held, never stopped.
    expect(busy.held.windows).toBe(free.tiles);
    expect(busy.held.ms).toBeGreaterThanOrEqual(60 * free.tiles);
    expect(held.candidates).toEqual(free.candidates);
  });
});
