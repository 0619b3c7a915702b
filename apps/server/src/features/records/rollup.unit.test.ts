import { describe, expect, it } from 'vitest';
import { groupCellDeltas, groupDeltas, MAP_BASE_CELL, measuresOf, quantityOf } from './rollup.ts';

describe('rollup arithmetic', () => {
  it('takes a record’s quantity from its table’s field, in trees only', () => {
    expect(quantityOf('gbksdc0101', { kssl: 7 })).toBe(7);
    expect(quantityOf('gbksdc0101', { kssl: '3' })).toBe(3);
    expect(quantityOf('gbksdc0101', {})).toBe(0);
    expect(quantityOf('gbksdc0101', { kssl: -2 })).toBe(0);
    expect(quantityOf('gbymfs0101', { yimushuliang: 10, jldw: '株' })).toBe(10);
    expect(quantityOf('gbymfs0101', { yimushuliang: 10 })).toBe(10);
    expect(quantityOf('gbymfs0101', { yimushuliang: 10, jldw: '立方米' })).toBe(0);
    expect(quantityOf('gbcfcz0101', { xiongjing: 30 })).toBe(0);
  });

  it('keeps burnt tons and m³ apart from trees, counts tags named and compliant stumps', () => {
    expect(measuresOf('gbymfs0101', { yimushuliang: 12.5, jldw: '吨', multi_qrcode: 'A,B,A' })).toEqual({
      qty: 0,
      tons: 12.5,
      m3: 0,
      tags: 2,
      treated: 0,
    });
    expect(measuresOf('gbymfs0101', { yimushuliang: 3, jldw: '立方米' })).toMatchObject({ qty: 0, m3: 3 });
    expect(measuresOf('gbymfs0101', { yimushuliang: 4, jldw: '株' })).toMatchObject({
      qty: 4,
      tons: 0,
      m3: 0,
    });
    expect(measuresOf('gbcfcz0101', { qrcode: 'KH-1', dungao: 5, multi_fzcl: '剥皮' })).toMatchObject({
      tags: 1,
      treated: 1,
    });
    expect(measuresOf('gbcfcz0101', { qrcode: 'KH-1', dungao: 5.5, multi_fzcl: '剥皮' })).toMatchObject({
      treated: 0,
    });
    expect(measuresOf('gbcfcz0101', { dungao: 2 })).toMatchObject({ tags: 0, treated: 0 });
  });

  it('sums a batch per rollup row, drops rows that cancel out, sorts for lock order', () => {
    const k = {
      projectCode: 'P',
      tableCode: 'gbksdc0101',
      sectionCode: 'S1',
      day: '2026-11-20',
      township: 'A',
      tons: 0,
      m3: 0,
      tags: 0,
      treated: 0,
    };
    const at = { long: 118.2, lat: 29.1 };
    const out = groupDeltas([
      { ...k, ...at, state: '10', n: 1, qty: 5 },
      { ...k, ...at, state: '10', n: 1, qty: 2.5 },
      { ...k, ...at, state: '10', n: -1, qty: -5 },
      { ...k, ...at, state: '20', n: 1, qty: 5 },
      { ...k, ...at, sectionCode: 'S0', state: '10', n: 1, qty: 0.1 },
      { ...k, ...at, sectionCode: 'S0', state: '10', n: 0, qty: 0.2 },
      { ...k, ...at, township: 'B', state: '10', n: 1, qty: 1 },
      { ...k, ...at, township: 'B', state: '10', n: -1, qty: -1 },
    ]);
    expect(out).toEqual([
      { ...k, sectionCode: 'S0', state: '10', n: 1, qty: 0.3 },
      { ...k, state: '10', n: 1, qty: 2.5 },
      { ...k, state: '20', n: 1, qty: 5 },
    ]);
    // A correction moves the quantity alone.
    expect(groupDeltas([{ ...k, ...at, state: '10', n: 0, qty: 2 }])).toEqual([
      { ...k, state: '10', n: 0, qty: 2 },
    ]);
  });

  it('sums count changes per base map cell with the positions, leaving out records without one', () => {
    const k = {
      projectCode: 'P',
      tableCode: 'gbksdc0101',
      sectionCode: 'S1',
      day: '2026-11-20',
      township: '',
      qty: 0,
      tons: 0,
      m3: 0,
      tags: 0,
      treated: 0,
    };
    const b = MAP_BASE_CELL;
    const out = groupCellDeltas([
      { ...k, state: '10', long: 10.25 * b, lat: 20.5 * b, n: 1 },
      { ...k, state: '10', long: 10.75 * b, lat: 20.25 * b, n: 1 },
      { ...k, state: '10', long: 11.5 * b, lat: 20.5 * b, n: 1 },
      { ...k, state: '10', long: 11.5 * b, lat: 20.5 * b, n: -1 }, // cancels the one before
      { ...k, state: '20', long: 10.5 * b, lat: 20.5 * b, n: 0 }, // a correction: no count change
      { ...k, state: '10', long: 0, lat: 0, n: 1 }, // no position
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ projectCode: 'P', cx: 10, cy: 20, state: '10', n: 2 });
    expect(out[0]!.sumLong / out[0]!.n).toBeCloseTo(10.5 * b, 12);
    expect(out[0]!.sumLat / out[0]!.n).toBeCloseTo(20.375 * b, 12);
    // Coarser cells nest: a base cell lies in one cell of every zoom up to 13.
    for (const x of [118.2371, 29.0004, 0.5, 120]) {
      for (let k2 = 0; k2 <= 6; k2++)
        expect(Math.floor(Math.floor(x / b) / 2 ** k2)).toBe(Math.floor(x / (b * 2 ** k2)));
    }
  });
});
