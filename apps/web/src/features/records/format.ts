import dayjs from 'dayjs';

/** A stored timestamp (ISO 8601) in the spec's '{y}-{m}-{d} {h}:{i}:{s}' shape, in the browser's zone. */
export function showTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}
