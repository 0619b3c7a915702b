import { describe, expect, it } from 'vitest';
import {
  addDays,
  chinaDateTime,
  chinaDay,
  chinaDayStart,
  chinaStamp,
  chinaToday,
  daysBetween,
} from './chinaTime.ts';

describe('China time', () => {
  // 2026-03-31 16:30:05 UTC is 2026-04-01 00:30:05 in China: the day has turned there.
  const at = new Date('2026-03-31T16:30:05Z');
  it('reads the day and clock of an instant in China, whatever the host zone', () => {
    expect(chinaDay(at)).toBe('2026-04-01');
    expect(chinaToday(at)).toBe('2026-04-01');
    expect(chinaDay('2026-03-31T15:59:59Z')).toBe('2026-03-31');
    expect(chinaDateTime(at)).toBe('2026-04-01 00:30:05');
    expect(chinaDateTime(at.getTime(), 'minute')).toBe('2026-04-01 00:30');
    expect(chinaStamp(at)).toBe('20260401003005');
  });
  it('starts a China day at 16:00 UTC the evening before', () => {
    expect(chinaDayStart('2026-04-01').toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(chinaDayStart('2026-04-01', 9 * 60 + 30).toISOString()).toBe('2026-04-01T01:30:00.000Z');
    expect(chinaDay(chinaDayStart('2026-04-01'))).toBe('2026-04-01');
  });
  it('counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-25', '2027-01-04')).toBe(10);
    expect(daysBetween('2027-01-04', '2026-12-25')).toBe(-10);
  });
});
