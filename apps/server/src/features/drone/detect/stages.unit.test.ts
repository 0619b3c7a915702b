import { describe, expect, it } from 'vitest';
import { cellFeatures, indexHistogram, otsu } from './cells.ts';
import { chamfer, label, morph3, openClose } from './morph.ts';
import {
  AUTUMN_RED,
  AUTUMN_YELLOW,
  DEAD_GREY,
  DEAD_RED,
  GREEN,
  SOIL,
  blank,
  type Rgb,
} from './testRaster.ts';

const params = { groundResolutionM: 0.05 };
const cellOf = (rgb: Rgb, nir?: number) => {
  const tile = blank(8, 8, rgb);
  if (nir !== undefined) tile.nir = new Uint8Array(64).fill(nir);
  const c = cellFeatures(tile, params, 4);
  return { idx: c.idx[0]!, red: c.red[0]!, grey: c.grey[0]!, valid: c.valid[0]! };
};

describe('colour index and rule', () => {
  it('orders ExR−ExG: green crowns < grey < red-brown', () => {
    const g = cellOf(GREEN).idx;
    const grey = cellOf(DEAD_GREY).idx;
    const red = cellOf(DEAD_RED).idx;
    expect(g).toBeLessThan(96); // below the lowest scene threshold
    expect(grey).toBeGreaterThan(116); // above the highest
    expect(red).toBeGreaterThan(grey);
  });

  it('marks red-brown and grey, not autumn reds, yellows, soil or green', () => {
    expect(cellOf(DEAD_RED).red).toBeGreaterThan(200);
    expect(cellOf(DEAD_GREY).grey).toBeGreaterThan(200);
    for (const rgb of [AUTUMN_RED, AUTUMN_YELLOW, SOIL, GREEN]) {
      const c = cellOf(rgb);
      expect([c.red, c.grey]).toEqual([0, 0]);
    }
  });

  it('uses NDVI when a near-infrared band is there', () => {
    const live = cellOf(GREEN, 200);
    const dead = cellOf(DEAD_RED, 85);
    expect(live.idx).toBeLessThan(70);
    expect(dead.idx).toBeGreaterThan(120);
  });

  it('leaves deep shadow and transparent pixels out', () => {
    expect(cellOf([12, 16, 10]).valid).toBe(0);
    const tile = blank(8, 8, DEAD_RED);
    const rgba = new Uint8Array(8 * 8 * 4); // alpha 0 everywhere: no data
    for (let i = 0; i < 64; i++) rgba.set(tile.data.subarray(i * 3, i * 3 + 3), i * 4);
    const c = cellFeatures({ data: rgba, width: 8, height: 8, channels: 4 }, params, 4);
    expect(Array.from(c.valid)).toEqual([0, 0, 0, 0]);
  });
});

describe('Otsu', () => {
  it('cuts between the two modes of a bimodal histogram', () => {
    const hist = new Float64Array(256);
    for (let i = 60; i < 80; i++) hist[i] = 100;
    for (let i = 150; i < 170; i++) hist[i] = 30;
    const t = otsu(hist);
    expect(t).toBeGreaterThanOrEqual(79);
    expect(t).toBeLessThan(150);
  });

  it('counts only valid cells', () => {
    const tile = blank(16, 8, GREEN);
    for (let i = 0; i < 64; i++) tile.data.set([10, 10, 10], i * 3 + (i % 8 < 4 ? 0 : 0));
    const hist = indexHistogram(cellFeatures(tile, params, 4));
    expect(hist.reduce((a, b) => a + b, 0)).toBeLessThan(8);
  });
});

const grid = (rows: string[]) => {
  const W = rows[0]!.length;
  const m = new Uint8Array(W * rows.length);
  rows.forEach((r, y) => [...r].forEach((ch, x) => (m[y * W + x] = ch === '.' ? 0 : Number(ch))));
  return { m, W, H: rows.length };
};
const show = (m: Uint8Array | Int32Array, W: number) =>
  Array.from({ length: m.length / W }, (_, y) => Array.from(m.subarray(y * W, y * W + W)).join(''));

describe('morphology', () => {
  it('erodes and dilates a 3 × 3 block by one cell', () => {
    const { m, W, H } = grid(['.....', '.111.', '.111.', '.111.', '.....']);
    expect(show(morph3(m, W, H, false), W)).toEqual(['00000', '00000', '00100', '00000', '00000']);
    expect(show(morph3(m, W, H, true), W)).toEqual(['11111', '11111', '11111', '11111', '11111']);
  });

  it('opening drops a speck, closing fills a one-cell hole', () => {
    const { m, W, H } = grid(['1......', '.......', '..111..', '..1.1..', '..111..', '.......', '.......']);
    const out = show(openClose(m, W, H, 0, 1), W);
    expect(out[3]).toBe('0011100');
    const opened = show(openClose(m, W, H, 1, 0), W);
    expect(opened.join('')).not.toContain('1');
  });
});

describe('connected components', () => {
  it('joins diagonal neighbours (8-connected) and keeps apart what does not touch', () => {
    const { m, W, H } = grid(['11..1', '.1..1', '..1..', '.....', '1...1']);
    const { labels, count } = label(m, W, H);
    expect(count).toBe(4);
    expect(labels[0]).toBe(labels[12]); // the diagonal chain
    expect(labels[4]).toBe(labels[9]);
    expect(labels[20]).not.toBe(labels[24]);
  });

  it('keeps touching blobs of two classes apart, and merges U shapes', () => {
    const { m, W, H } = grid(['1122', '1122', '1..1', '1111']);
    const { labels, count } = label(m, W, H);
    expect(count).toBe(2);
    expect(labels[0]).toBe(labels[7 + 4]); // the U: down the left, along the bottom, up the right
    expect(labels[2]).not.toBe(labels[0]);
  });

  it('measures distance to the background in chamfer units', () => {
    const rows = Array.from({ length: 9 }, (_, y) => (y === 0 || y === 8 ? '.........' : '.1111111.'));
    const { m, W, H } = grid(rows);
    const d = chamfer(m, W, H);
    expect(d[4 * W + 4]).toBe(12); // four orthogonal steps to the nearest background cell
    expect(d[1 * W + 1]).toBe(3);
  });
});
