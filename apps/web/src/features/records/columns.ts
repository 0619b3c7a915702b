import type { ColumnDescriptor } from '@pineguard/contract';

/**
 * The data list's columns (spec §3, §9): three fixed columns first (project area, section,
 * collector, 120 px), then the table's descriptors in `sort` order (label `value`, property
 * `code`), then the point (120 px each), the collection time (200 px) and the review state as a
 * tag. Kept plain so the rules are tested without rendering.
 */
export type ListColumnKind = 'text' | 'number' | 'date' | 'tags' | 'time' | 'state';

export type ListColumn = {
  /** The row property the column shows (the descriptor's `code` for dynamic columns). */
  code: string;
  title: string;
  kind: ListColumnKind;
  width: number;
  /** The server may be asked to sort by it (`sort: "<code> asc|desc"`). */
  sortable: boolean;
  fixed?: 'left' | 'right';
  unit?: string;
  /** A retired column: its old values stay readable. */
  retired?: boolean;
  /** Label of each option value (select, multi). */
  options?: Record<string, string>;
};

/** Codes the list never shows as a dynamic column (spec §9; code_state is the state tag instead). */
export const hiddenCodes: ReadonlySet<string> = new Set([
  'id',
  'code_project1',
  'code_project2',
  'code_project3',
  'code_project4',
  'code_usr_account',
  'code_state',
  // Received time is excluded from the dynamic columns (spec §9).
  'time_update',
]);

/** The fixed columns the list already shows in their own place. */
const placedFixed: ReadonlySet<string> = new Set(['xmdq', 'userName', 'gps_long', 'gps_lat', 'time_submit']);

export const isMediaCode = (code: string) => code.startsWith('pic_') || code.startsWith('vdo_');
export const isMultiCode = (code: string) => code.startsWith('multi_');

/** A dynamic column the list leaves out: hidden codes, photos and videos, fixed columns placed elsewhere. */
export function isHiddenCode(code: string): boolean {
  return hiddenCodes.has(code) || placedFixed.has(code) || isMediaCode(code);
}

/** Spec §9 widths. */
export const fixedWidths = { xmdq: 120, section: 120, collector: 120, gps: 120, timeSubmit: 200 } as const;

/** Widths of dynamic columns by input type: wide enough to read a typical value at 1440 px. */
const kindWidths: Record<string, number> = {
  text: 150,
  textarea: 220,
  number: 110,
  date: 120,
  select: 120,
  multi: 200,
};

export type ColumnTexts = {
  xmdq: string;
  section: string;
  collector: string;
  gpsLong: string;
  gpsLat: string;
  timeSubmit: string;
  state: string;
};

/** `multi_` values are comma-separated (spec §3); an array is accepted too. Empty parts are dropped. */
export function splitMulti(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(/[,，]/);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function kindOfDescriptor(d: ColumnDescriptor): ListColumnKind {
  if (isMultiCode(d.code) || d.fldInput === 'multi') return 'tags';
  if (d.fldInput === 'number') return 'number';
  if (d.fldInput === 'date') return 'date';
  return 'text';
}

/** The dynamic columns of a descriptor list, in `sort` order (ties by code). */
export function dynamicColumns(columnList: ColumnDescriptor[]): ListColumn[] {
  return columnList
    .filter((d) => !isHiddenCode(d.code))
    .slice()
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))
    .map((d) => {
      const kind = kindOfDescriptor(d);
      const options = d.rules.options?.length
        ? Object.fromEntries(d.rules.options.map((o) => [o.value, o.label]))
        : undefined;
      return {
        code: d.code,
        title: d.value,
        kind,
        width: kindWidths[d.fldInput] ?? 150,
        // Multi-values and long text do not sort meaningfully.
        sortable: kind !== 'tags' && d.fldInput !== 'textarea',
        ...(d.rules.unit ? { unit: d.rules.unit } : {}),
        ...(d.retired ? { retired: true } : {}),
        ...(options ? { options } : {}),
      };
    });
}

/** Every column of the list, left to right. */
export function buildListColumns(columnList: ColumnDescriptor[], texts: ColumnTexts): ListColumn[] {
  const fixed = (
    code: string,
    title: string,
    width: number,
    extra: Partial<ListColumn> = {},
  ): ListColumn => ({
    code,
    title,
    kind: 'text',
    width,
    sortable: false,
    ...extra,
  });
  return [
    fixed('xmdq', texts.xmdq, fixedWidths.xmdq),
    fixed('code_project4', texts.section, fixedWidths.section),
    fixed('userName', texts.collector, fixedWidths.collector),
    ...dynamicColumns(columnList),
    fixed('gps_long', texts.gpsLong, fixedWidths.gps),
    fixed('gps_lat', texts.gpsLat, fixedWidths.gps),
    fixed('time_submit', texts.timeSubmit, fixedWidths.timeSubmit, { kind: 'time', sortable: true }),
    fixed('code_state', texts.state, 100, { kind: 'state', sortable: true, fixed: 'right' }),
  ];
}

/** The server's `sort` value for a column and direction; the default when none. */
export const defaultSort = 'time_submit desc';
export function sortOf(code: string | undefined, order: 'ascend' | 'descend' | null | undefined): string {
  if (!code || !order) return defaultSort;
  return `${code} ${order === 'ascend' ? 'asc' : 'desc'}`;
}

/** The column and direction a `sort` value names (to show the arrow on the right header). */
export function parseSort(sort: string): { code: string; order: 'ascend' | 'descend' } {
  const [code = 'time_submit', dir = 'desc'] = sort.split(' ');
  return { code, order: dir.toLowerCase() === 'asc' ? 'ascend' : 'descend' };
}

/** Photos and videos a row references (pic_/vdo_ values are file ids, one or comma-separated). */
export function mediaCounts(row: Record<string, unknown>): { photos: number; videos: number } {
  let photos = 0;
  let videos = 0;
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('pic_')) photos += splitMulti(value).length;
    else if (key.startsWith('vdo_')) videos += splitMulti(value).length;
  }
  return { photos, videos };
}

/** Sum of the widths: the table scrolls sideways beyond it. */
export const scrollWidth = (columns: ListColumn[], extra = 0) =>
  columns.reduce((sum, c) => sum + c.width, extra);
