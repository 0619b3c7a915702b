/**
 * Formatting helpers with the original system's exact behaviour (admin-shell.md), because
 * users compare screens side by side. Times are read in the browser's zone (Asia/Shanghai).
 */

export type TimeInput = Date | string | number | null | undefined;

const weekdays = ['日', '一', '二', '三', '四', '五', '六'];

function toDate(time: Date | string | number): Date {
  if (typeof time === 'object') return time;
  let value: string | number = time;
  if (typeof value === 'string') {
    // All digits: a timestamp. Otherwise 2026-01-02 style: Safari wants slashes.
    value = /^[0-9]+$/.test(value) ? Number.parseInt(value, 10) : value.replace(/-/gm, '/');
  }
  // Ten digits: seconds, not milliseconds.
  if (typeof value === 'number' && value.toString().length === 10) value *= 1000;
  return new Date(value);
}

/** `{y}-{m}-{d} {h}:{i}:{s}` style formatting; `{a}` is the Chinese weekday. Falsy → null. */
export function parseTime(time: TimeInput, pattern = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  if (!time) return null;
  const date = toDate(time);
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/{([ymdhisa])+}/g, (_, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return weekdays[value] ?? '';
    return value.toString().padStart(2, '0');
  });
}

/** Relative label: 刚刚, N分钟前, N小时前, 1天前, then a date (pattern or M月D日H时m分). */
export function formatTime(time: string | number, option?: string, now: number = Date.now()): string | null {
  const ms = String(time).length === 10 ? Number.parseInt(String(time), 10) * 1000 : +time;
  const date = new Date(ms);
  const diff = (now - ms) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (option) return parseTime(ms, option);
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
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
