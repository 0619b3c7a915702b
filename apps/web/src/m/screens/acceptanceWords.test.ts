import { describe, expect, it } from 'vitest';
import { bearingText, distanceBearing, distanceText } from './acceptanceWords.ts';

describe('distance and bearing to a sampled record', () => {
  it('measures great-circle metres and the initial bearing from north', () => {
    const here = { lat: 29.14, long: 118.41 };
    const north = distanceBearing(here, { lat: 29.15, long: 118.41 });
    expect(north.metres).toBeGreaterThan(1105);
    expect(north.metres).toBeLessThan(1115); // 0.01° of latitude ≈ 1,112 m
    expect(north.degrees).toBeCloseTo(0, 3);
    const east = distanceBearing(here, { lat: 29.14, long: 118.42 });
    expect(east.metres).toBeGreaterThan(965);
    expect(east.metres).toBeLessThan(975); // × cos 29.14°
    expect(east.degrees).toBeGreaterThan(89.9);
    expect(east.degrees).toBeLessThan(90.1);
    expect(distanceBearing(here, { lat: 29.13, long: 118.4 }).degrees).toBeGreaterThan(220);
    expect(distanceBearing(here, here).metres).toBe(0);
  });

  it('says distances and bearings as the field reads them', () => {
    expect(distanceText(53.4)).toBe('53 m');
    expect(distanceText(2049)).toBe('2.0 km');
    expect(bearingText(245, 'zh-CN')).toBe('西南 245°');
    expect(bearingText(359, 'en')).toBe('N 359°');
  });
});
