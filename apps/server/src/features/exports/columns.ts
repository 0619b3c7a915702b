import type { ColumnDescriptor, RecordRow } from '@pineguard/contract';

/** One column of an export: where its value is in a list row, its header, and its kind. */
export type ExportColumn = {
  code: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'datetime' | 'media';
};

type Lang = 'zh-CN' | 'en';

/** The fixed columns an export carries, before the table's own fields. */
const fixed: { code: string; zh: string; en: string; kind: ExportColumn['kind'] }[] = [
  { code: 'id', zh: '记录编号', en: 'Record id', kind: 'text' },
  { code: 'code_project4', zh: '标段', en: 'Section', kind: 'text' },
  { code: 'userName', zh: '采集人', en: 'Collector', kind: 'text' },
  { code: 'code_usr_account', zh: '采集账号', en: 'Account', kind: 'text' },
  { code: 'time_submit', zh: '提交时间', en: 'Submitted', kind: 'datetime' },
  { code: 'time_update', zh: '更新时间', en: 'Updated', kind: 'datetime' },
  { code: 'code_state', zh: '审核状态', en: 'State', kind: 'text' },
  { code: 'gps_long', zh: '经度', en: 'Longitude', kind: 'number' },
  { code: 'gps_lat', zh: '纬度', en: 'Latitude', kind: 'number' },
  { code: 'gps_alt', zh: '海拔', en: 'Altitude', kind: 'number' },
  { code: 'gps_xian', zh: '县', en: 'County', kind: 'text' },
  { code: 'gps_xiang', zh: '乡镇', en: 'Township', kind: 'text' },
  { code: 'gps_xzcun', zh: '村', en: 'Village', kind: 'text' },
  { code: 'gps_xiaoban', zh: '小班', en: 'Sub-compartment', kind: 'text' },
];

/**
 * A quantity's header carries its unit ("枯死株数（株）", "胸径（cm）"); a quantity whose unit is
 * another field (疫木数量 by 计量单位) has that field right after it, so every figure in the file
 * is read with its unit beside it (issue 26).
 */
function labelOf(d: ColumnDescriptor, lang: Lang): string {
  const label = d.value || d.code;
  const unit = d.fldInput === 'number' ? d.rules.unit : undefined;
  if (!unit) return label;
  return lang === 'en' ? `${label} (${unit})` : `${label}（${unit}）`;
}

/** Moves each unit field right after the quantity that takes its unit from it. */
function unitBesideQuantity(columns: ColumnDescriptor[]): ColumnDescriptor[] {
  const out = [...columns];
  for (const q of columns) {
    const by = q.fldInput === 'number' ? q.rules.unitColumn : undefined;
    const from = by ? out.findIndex((c) => c.code === by) : -1;
    if (from < 0 || by === q.code) continue;
    const [unit] = out.splice(from, 1);
    out.splice(out.findIndex((c) => c.code === q.code) + 1, 0, unit!);
  }
  return out;
}

/** The fixed columns, then the table's live fields in their order, headed from the descriptors. */
export function exportColumns(descriptors: ColumnDescriptor[], lang: Lang): ExportColumn[] {
  const live = [...descriptors].filter((d) => !d.retired).sort((a, b) => a.sort - b.sort);
  const own = unitBesideQuantity(live).map((d) => ({
    code: d.code,
    label: labelOf(d, lang),
    kind:
      d.fldInput === 'photo' || d.fldInput === 'video'
        ? ('media' as const)
        : d.fldInput === 'number'
          ? ('number' as const)
          : d.fldInput === 'date'
            ? ('date' as const)
            : ('text' as const),
  }));
  const taken = new Set(own.map((c) => c.code));
  return [
    ...fixed
      .filter((f) => !taken.has(f.code))
      .map((f) => ({ code: f.code, label: lang === 'en' ? f.en : f.zh, kind: f.kind })),
    ...own,
  ];
}

/** File ids of a media column's value (an array or a comma-separated string). */
export function mediaIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string' && value) return value.split(',').filter(Boolean);
  return [];
}

/** A cell's value as text (arrays joined, objects as JSON, null and undefined as ''). */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const longitudeOf = (row: RecordRow) => Number(row.gps_long) || 0;
export const latitudeOf = (row: RecordRow) => Number(row.gps_lat) || 0;
