import { describe, expect, it } from 'vitest';
import { groupDeltas, quantityOf } from '../records/rollup.ts';
import { daysBefore, figuresOf, measureOf, percent } from './figures.ts';

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

  it('reads found / felled / burned from rollup rows, never counting rejected records', () => {
    expect(
      figuresOf([
        { table: 'gbksdc0101', state: '10', n: 2, qty: 9 },
        { table: 'gbksdc0101', state: '40', n: 1, qty: 100 },
        { table: 'gbcfcz0101', state: '20', n: 4, qty: 0 },
        { table: 'gbcfcz0101', state: '30', n: 1, qty: 0 },
        { table: 'gbymfs0101', state: '20', n: 3, qty: 12.5 },
        { table: 'gbycjc0101', state: '10', n: 50, qty: 0 },
      ]),
    ).toEqual({ found: 9, felled: 5, burned: 12.5 });
  });

  it('computes the chosen measure and its percentage', () => {
    const f = { found: 30, felled: 20, burned: 5 };
    expect(measureOf('cfcz', f, 80)).toEqual({ value: 20, percent: 25 });
    expect(measureOf('ymfs', f, 80)).toEqual({ value: 5, percent: 25 });
    expect(measureOf('ksdc', f, 0)).toEqual({ value: 30, percent: null });
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, null)).toBeNull();
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-11-24', 59)).toBe('2026-09-26');
  });
});
