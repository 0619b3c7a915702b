import { describe, expect, it } from 'vitest';
import { failReasons, stratumTake } from './rules.ts';

describe('acceptance rules', () => {
  it('takes ceil(share × stratum) records, at least one, never more than the stratum', () => {
    expect(stratumTake(30, 10)).toBe(3);
    expect(stratumTake(31, 10)).toBe(4);
    expect(stratumTake(1, 10)).toBe(1);
    expect(stratumTake(9, 10)).toBe(1);
    expect(stratumTake(1_000_000, 10)).toBe(100_000);
    expect(stratumTake(7, 100)).toBe(7);
    expect(stratumTake(3, 33.4)).toBe(2);
  });

  const good = { found: true, stumpCm: 4, covered: true, branches: true, disposal: true };
  it('passes a felling only with every item in order, and names each failure', () => {
    expect(failReasons('gbcfcz0101', good)).toEqual([]);
    expect(failReasons('gbcfcz0101', { ...good, stumpCm: 5 })).toEqual([]);
    expect(failReasons('gbcfcz0101', { ...good, stumpCm: 5.5, branches: false })).toEqual([
      'stumpHigh',
      'branches',
    ]);
    expect(failReasons('gbcfcz0101', { ...good, stumpCm: null, covered: null })).toEqual([
      'stumpMissing',
      'notCovered',
    ]);
    expect(failReasons('gbcfcz0101', { ...good, found: false })).toEqual(['notFound']);
  });

  it('asks a burn record only whether it was found and its disposal verified', () => {
    const burn = { found: true, stumpCm: null, covered: null, branches: null, disposal: true };
    expect(failReasons('gbymfs0101', burn)).toEqual([]);
    expect(failReasons('gbymfs0101', { ...burn, disposal: false })).toEqual(['disposal']);
  });
});
