import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatTime, numberFormatter, parseTime, timeAgo, toThousand } from './format.ts';

describe('parseTime', () => {
  // 2026-03-08 09:05:07 local (Sunday).
  const date = new Date(2026, 2, 8, 9, 5, 7);

  it('returns null for falsy input, including 0', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime(0)).toBeNull();
    expect(parseTime('')).toBeNull();
  });

  it('formats a Date with the default pattern, zero-padded', () => {
    expect(parseTime(date)).toBe('2026-03-08 09:05:07');
  });

  it('reads 10-digit numbers and digit strings as seconds, 13 digits as milliseconds', () => {
    const seconds = Math.floor(date.getTime() / 1000);
    expect(parseTime(seconds)).toBe('2026-03-08 09:05:07');
    expect(parseTime(String(seconds))).toBe('2026-03-08 09:05:07');
    expect(parseTime(date.getTime())).toBe('2026-03-08 09:05:07');
    expect(parseTime(String(date.getTime()))).toBe('2026-03-08 09:05:07');
  });

  it('reads dashed date strings', () => {
    expect(parseTime('2026-03-08 09:05:07', '{y}/{m}/{d}')).toBe('2026/03/08');
  });

  it('gives the Chinese weekday for {a}', () => {
    expect(parseTime(date, '{a}')).toBe('日');
    expect(parseTime(new Date(2026, 2, 14), '周{a}')).toBe('周六');
  });
});

describe('formatTime', () => {
  const now = new Date(2026, 2, 8, 12, 0, 0).getTime();
  const ago = (seconds: number) => now - seconds * 1000;

  it('says 刚刚 under 30 s', () => {
    expect(formatTime(ago(0), undefined, now)).toBe('刚刚');
    expect(formatTime(ago(29), undefined, now)).toBe('刚刚');
  });
  it('counts minutes (rounded up) from 30 s to under an hour', () => {
    expect(formatTime(ago(30), undefined, now)).toBe('1分钟前');
    expect(formatTime(ago(61), undefined, now)).toBe('2分钟前');
    expect(formatTime(ago(3599), undefined, now)).toBe('60分钟前');
  });
  it('counts hours (rounded up) from an hour to under a day', () => {
    expect(formatTime(ago(3600), undefined, now)).toBe('1小时前');
    expect(formatTime(ago(3601), undefined, now)).toBe('2小时前');
    expect(formatTime(ago(86399), undefined, now)).toBe('24小时前');
  });
  it('says 1天前 from one day to under two', () => {
    expect(formatTime(ago(86400), undefined, now)).toBe('1天前');
    expect(formatTime(ago(2 * 86400 - 1), undefined, now)).toBe('1天前');
  });
  it('falls back to M月D日H时m分, or the given pattern, from two days', () => {
    const old = new Date(2026, 2, 6, 8, 7, 0).getTime();
    expect(formatTime(old, undefined, now)).toBe('3月6日8时7分');
    expect(formatTime(old, '{y}-{m}-{d}', now)).toBe('2026-03-06');
  });
  it('reads 10-digit input as seconds', () => {
    const seconds = Math.floor(ago(120) / 1000);
    expect(formatTime(seconds, undefined, now)).toBe('2分钟前');
    expect(formatTime(String(seconds), undefined, now)).toBe('2分钟前');
  });
});

describe('numberFormatter', () => {
  it.each([
    [999, 0, '999'],
    [1000, 0, '1k'],
    [1500, 1, '1.5k'],
    [1234567, 2, '1.23M'],
    [2_000_000, 2, '2M'],
    [1e9, 0, '1G'],
    [3.5e12, 1, '3.5T'],
    [1e15, 0, '1P'],
    [1.2e18, 3, '1.2E'],
    [0, 0, '0'],
  ])('%d with %d digits → %s', (num, digits, expected) => {
    expect(numberFormatter(num, digits)).toBe(expected);
  });
});

describe('toThousand', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567.891, '1,234,567.891'],
    [-1234567, '-1,234,567'],
    ['12345', '12,345'],
    ['abc', '0'],
  ])('%s → %s', (num, expected) => {
    expect(toThousand(num)).toBe(expected);
  });
});

describe('timeAgo', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 2, 8, 12, 0, 0) }));
  afterEach(() => vi.useRealTimers());
  const ago = (seconds: number) => Date.now() / 1000 - seconds;

  it('uses minutes under an hour, with the plural s', () => {
    expect(timeAgo(ago(0))).toBe('0 minutes');
    expect(timeAgo(ago(60))).toBe('1 minute');
    expect(timeAgo(ago(3599))).toBe('59 minutes');
  });
  it('uses hours under a day', () => {
    expect(timeAgo(ago(3600))).toBe('1 hour');
    expect(timeAgo(ago(86399))).toBe('23 hours');
  });
  it('uses days from a day', () => {
    expect(timeAgo(ago(86400))).toBe('1 day');
    expect(timeAgo(ago(3 * 86400))).toBe('3 days');
  });
});

describe('the Asia/Shanghai zone, whatever the runtime zone', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows a UTC instant as Shanghai time', () => {
    const instant = '2026-03-08T01:05:07Z';
    // The runtime really is elsewhere now: local hours are New York's.
    expect(new Date(instant).getHours()).toBe(20);
    expect(parseTime(instant)).toBe('2026-03-08 09:05:07');
    expect(parseTime(new Date(instant), '{a}')).toBe('日');
    expect(parseTime(Date.parse(instant))).toBe('2026-03-08 09:05:07');
    expect(formatDateTime('2026-03-07T16:30:00.000Z')).toBe('2026-03-08 00:30');
    expect(formatDateTime('2026-03-08T01:05:07+08:00', { seconds: true })).toBe('2026-03-08 01:05:07');
  });

  it('reads a zoneless date string as Shanghai wall-clock time', () => {
    expect(parseTime('2026-03-08 09:05:07')).toBe('2026-03-08 09:05:07');
    expect(parseTime('2026/3/8', '{y}-{m}-{d} {h}:{i}')).toBe('2026-03-08 00:00');
  });

  it('counts back and falls back to a Shanghai date in formatTime', () => {
    const now = Date.parse('2026-03-08T04:00:00Z');
    expect(formatTime(Date.parse('2026-03-06T00:07:00Z'), undefined, now)).toBe('3月6日8时7分');
  });

  it('gives the fallback for empty input', () => {
    expect(formatDateTime(null, { fallback: '—' })).toBe('—');
  });
});
