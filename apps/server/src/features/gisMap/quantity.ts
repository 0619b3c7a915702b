import { type ColumnDescriptor, type GisQuantity, isCountUnit } from '@pineguard/contract';

/** The quantity a map point shows of a table: its field and where its unit is. */
export type Headline = { tableCode: string; code: string; label: string; unit: string; unitColumn: string };

/**
 * A table's headline quantity for the map's popups: its first live number field counted in a
 * count unit or taking its unit from a unit field (枯死株数 株, 疫木数量 by 计量单位, 天牛数量 头),
 * else its first number field with a unit (胸径 cm). None without a number field that has a unit.
 */
export function headlineOf(tableCode: string, columns: ColumnDescriptor[]): Headline | undefined {
  const numbers = columns
    .filter((c) => !c.retired && c.fldInput === 'number')
    .sort((a, b) => a.sort - b.sort);
  const c =
    numbers.find((x) => x.rules.unitColumn || isCountUnit(x.rules.unit)) ?? numbers.find((x) => x.rules.unit);
  if (!c) return undefined;
  return {
    tableCode,
    code: c.code,
    label: c.value,
    unit: c.rules.unit ?? '',
    unitColumn: c.rules.unitColumn ?? '',
  };
}

/** A point's quantity with its unit (the record's unit field when the column has no fixed one). */
export function quantityOf(
  h: Headline | undefined,
  value: number | null,
  recordUnit: string | null,
): GisQuantity | null {
  if (!h || value === null || !Number.isFinite(value)) return null;
  return { label: h.label, value, unit: h.unit || (recordUnit ?? '').trim() };
}
