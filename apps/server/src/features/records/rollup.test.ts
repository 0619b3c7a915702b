import { describe, expect, it } from 'vitest';
import { groupDeltas, quantityOf } from './rollup.ts';

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

  it('sums a batch per rollup row, drops rows that cancel out, sorts for lock order', () => {
    const k = {
      projectCode: 'P',
      tableCode: 'gbksdc0101',
      sectionCode: 'S1',
      day: '2026-11-20',
      township: 'A',
    };
    const out = groupDeltas([
      { ...k, state: '10', n: 1, qty: 5 },
      { ...k, state: '10', n: 1, qty: 2.5 },
      { ...k, state: '10', n: -1, qty: -5 },
      { ...k, state: '20', n: 1, qty: 5 },
      { ...k, sectionCode: 'S0', state: '10', n: 1, qty: 0.1 },
      { ...k, sectionCode: 'S0', state: '10', n: 0, qty: 0.2 },
      { ...k, township: 'B', state: '10', n: 1, qty: 1 },
      { ...k, township: 'B', state: '10', n: -1, qty: -1 },
    ]);
    expect(out).toEqual([
      { ...k, sectionCode: 'S0', state: '10', n: 1, qty: 0.3 },
      { ...k, state: '10', n: 1, qty: 2.5 },
      { ...k, state: '20', n: 1, qty: 5 },
    ]);
    // A correction moves the quantity alone.
    expect(groupDeltas([{ ...k, state: '10', n: 0, qty: 2 }])).toEqual([{ ...k, state: '10', n: 0, qty: 2 }]);
  });
});
