import { describe, expect, it } from 'vitest';
import { addDays } from '@pineguard/contract';
import { figuresOf, measureOf, percent } from './figures.ts';

/** A day `n` days before another (the dashboard's trend and week: addDays(day, -n)). */
const daysBefore = (day: string, n: number) => addDays(day, -n);

describe('overview figures from rollup rows', () => {
  it('reads found / felled / burned from rollup rows, never counting rejected records', () => {
    expect(
      figuresOf([
        { table: 'gbksdc0101', state: '10', n: 2, qty: 9 },
        { table: 'gbksdc0101', state: '40', n: 1, qty: 100 },
        { table: 'gbcfcz0101', state: '20', n: 4, qty: 0 },
        { table: 'gbcfcz0101', state: '30', n: 1, qty: 0 },
        { table: 'gbymfs0101', state: '20', n: 3, qty: 12 },
        { table: 'gbycjc0101', state: '10', n: 50, qty: 0 },
      ]),
    ).toEqual({ found: 9, felled: 5, burned: 12, burnedTons: 0, burnedM3: 0 });
  });

  it('keeps wood burned in tons and m³ apart from trees, and trees whole', () => {
    expect(
      figuresOf([
        { table: 'gbymfs0101', state: '10', n: 2, qty: 32, tons: 0, m3: 0 },
        { table: 'gbymfs0101', state: '20', n: 3, qty: 0, tons: 201.2, m3: 12.754 },
        { table: 'gbymfs0101', state: '40', n: 1, qty: 5, tons: 9, m3: 9 },
        // A fractional count stored before counts were checked: shown as whole trees.
        { table: 'gbksdc0101', state: '10', n: 1, qty: 10.6 },
      ]),
    ).toEqual({ found: 11, felled: 0, burned: 32, burnedTons: 201.2, burnedM3: 12.75 });
  });

  it('computes the chosen measure and its percentage', () => {
    const f = { found: 30, felled: 20, burned: 5, burnedTons: 7.5, burnedM3: 0 };
    expect(measureOf('cfcz', f, 80)).toEqual({ value: 20, percent: 25 });
    expect(measureOf('ymfs', f, 80)).toEqual({ value: 5, percent: 25 });
    expect(measureOf('ksdc', f, 0)).toEqual({ value: 30, percent: null });
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, null)).toBeNull();
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-11-24', 59)).toBe('2026-09-26');
  });
});
