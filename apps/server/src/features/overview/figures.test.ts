import { describe, expect, it } from 'vitest';
import { daysBefore, figuresOf, measureOf, percent } from './figures.ts';

describe('overview figures from rollup rows', () => {
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
