import { CHINA_OFFSET_MS } from '@pineguard/contract';

/**
 * Formatting helpers with the original system's exact behaviour (admin-shell.md), because
 * users compare screens side by side. This is the one way the web shows times: always in
 * Asia/Shanghai (ARCHITECTURE "Time"), whatever zone the browser is in, by the contract's one
 * China-time offset (chinaTime.ts).
 */

export type TimeInput = Date | string | number | null | undefined;

const weekdays = ['日', '一', '二', '三', '四', '五', '六'];

/** A zoneless `2026-01-02[ 03:04[:05]]` (or with slashes): a wall-clock time in Shanghai. */
const wallClock = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The instant (epoch milliseconds) a time input names. */
function toInstant(time: Date | string | number): number {
  if (typeof time === 'object') return time.getTime();
  let value: string | number = time;
  if (typeof value === 'string') {
    // All digits: a timestamp.
    if (/^[0-9]+$/.test(value)) value = Number.parseInt(value, 10);
    else {
      const m = wallClock.exec(value.trim());
      if (m) {
        const [y, mo, d, h, i, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
        return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, i, s) - CHINA_OFFSET_MS;
      }
      // An ISO time with its zone (what the API sends): the instant it names.
      return new Date(value).getTime();
    }
  }
  // Ten digits: seconds, not milliseconds.
  if (value.toString().length === 10) value *= 1000;
  return value;
}

/** The Shanghai calendar fields of an instant. */
function shanghaiParts(ms: number) {
  const date = new Date(ms + CHINA_OFFSET_MS);
  return {
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
    h: date.getUTCHours(),
    i: date.getUTCMinutes(),
    s: date.getUTCSeconds(),
    a: date.getUTCDay(),
  };
}

/** `{y}-{m}-{d} {h}:{i}:{s}` style formatting; `{a}` is the Chinese weekday. Falsy → null. */
export function parseTime(time: TimeInput, pattern = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  if (!time) return null;
  const parts: Record<string, number> = shanghaiParts(toInstant(time));
  return pattern.replace(/{([ymdhisa])+}/g, (_, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return weekdays[value] ?? '';
    return value.toString().padStart(2, '0');
  });
}

/** Relative label: 刚刚, N分钟前, N小时前, 1天前, then a date (pattern or M月D日H时m分). */
export function formatTime(time: string | number, option?: string, now: number = Date.now()): string | null {
  const ms = String(time).length === 10 ? Number.parseInt(String(time), 10) * 1000 : +time;
  const date = shanghaiParts(ms);
  const diff = (now - ms) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (option) return parseTime(ms, option);
  return `${date.m}月${date.d}日${date.h}时${date.i}分`;
}

/** Table cells: `2026-03-08 09:05` (with `:07` when `seconds`); empty input → `fallback`. */
export function formatDateTime(time: TimeInput, { seconds = false, fallback = '' } = {}): string {
  return parseTime(time, seconds ? '{y}-{m}-{d} {h}:{i}:{s}' : '{y}-{m}-{d} {h}:{i}') ?? fallback;
}

const siUnits = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 10000 → 10k, 1234567 with 2 digits → 1.23M; trailing zeros dropped; below 1000 unchanged. */
export function numberFormatter(num: number, digits = 0): string {
  for (const unit of siUnits) {
    if (num >= unit.value) {
      return (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return num.toString();
}

/** 1234567.89 → 1,234,567.89; the sign is kept; non-numbers become 0. */
export function toThousand(num: number | string): string {
  return (+num || 0).toString().replace(/^-?\d+/g, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}

function pluralize(count: number, label: string): string {
  return count === 1 ? `${count}${label}` : `${count}${label}s`;
}

/** English "N minutes / hours / days" since a time in seconds (the en-locale helper). */
export function timeAgo(seconds: number, now: number = Date.now()): string {
  const between = now / 1000 - Number(seconds);
  if (between < 3600) return pluralize(Math.floor(between / 60), ' minute');
  if (between < 86400) return pluralize(Math.floor(between / 3600), ' hour');
  return pluralize(Math.floor(between / 86400), ' day');
}
