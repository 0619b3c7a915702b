/**
 * China time, the one way server and web turn an instant into the day and clock a county reads.
 * Asia/Shanghai is UTC+8 all year (no daylight saving since 1991), so a fixed offset is exact
 * and no time-zone database is needed (ARCHITECTURE "Time").
 */

export const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

type Instant = Date | string | number;
const ms = (at: Instant) => (at instanceof Date ? at.getTime() : new Date(at).getTime());
/** The instant shifted so that its UTC fields read China's wall clock. */
const wall = (at: Instant) => new Date(ms(at) + CHINA_OFFSET_MS).toISOString();

/** The China day of an instant, yyyy-MM-dd. */
export function chinaDay(at: Instant): string {
  return wall(at).slice(0, 10);
}

/** Today's date in China, yyyy-MM-dd. */
export function chinaToday(now: Date = new Date()): string {
  return chinaDay(now);
}

/** 'yyyy-MM-dd HH:mm:ss' (or to the minute) in China time, as the lists and exports show times. */
export function chinaDateTime(at: Instant, precision: 'second' | 'minute' = 'second'): string {
  return wall(at)
    .slice(0, precision === 'second' ? 19 : 16)
    .replace('T', ' ');
}

/** 'yyyyMMddHHmmss' in China time, for file names. */
export function chinaStamp(at: Instant): string {
  return wall(at).slice(0, 19).replace(/\D/g, '');
}

/** A China date plus n days, yyyy-MM-dd. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant a China day (yyyy-MM-dd) begins, plus `minutes` of its clock. */
export function chinaDayStart(day: string, minutes = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS + minutes * 60_000);
}

/** Whole days from China day `from` to China day `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
