import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { failReasons, keyBound, stratumTake } from './rules.ts';

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

  it('bounds the keys so that the drawn ones surely lie below it (64-bit keys, uniform)', () => {
    expect(keyBound(10, 1)).toBeNull(); // small strata: no bound, the whole stratum is ranked
    expect(keyBound(5, 5)).toBeNull();
    const bound = keyBound(1_000_000, 100_000)!;
    // The quantile 0.1 + 5σ + 5/n of [-2^63, 2^63): about -2^63 + 0.1015 × 2^64.
    const q = Number(bound + 2n ** 63n) / 2 ** 64;
    expect(q).toBeGreaterThan(0.1);
    expect(q).toBeLessThan(0.102);
    for (let run = 0; run < 20; run++) {
      const keys = Array.from({ length: 2_000 }, () => randomBytes(8).readBigInt64BE());
      expect(keys.filter((k) => k < keyBound(2_000, 200)!).length).toBeGreaterThanOrEqual(200);
    }
  });
});
