import type { Lang, Text } from './i18n.ts';

/**
 * Units a quantity column may declare (column rules `unit`, or the value of its `unitColumn`).
 * `kind` says what may be added to what: figures of different kinds are never summed. Counts
 * (trees, insects, people) are whole numbers.
 */
export const quantityUnits = {
  株: { kind: 'trees', integer: true, en: 'trees' },
  头: { kind: 'insects', integer: true, en: 'insects' },
  人: { kind: 'people', integer: true, en: 'people' },
  个: { kind: 'pieces', integer: true, en: 'pieces' },
  次: { kind: 'times', integer: true, en: 'times' },
  吨: { kind: 'weight', integer: false, en: 't' },
  千克: { kind: 'weight', integer: false, en: 'kg' },
  立方米: { kind: 'volume', integer: false, en: 'm³' },
  公顷: { kind: 'area', integer: false, en: 'ha' },
  亩: { kind: 'area', integer: false, en: 'mu' },
  cm: { kind: 'length', integer: false, en: 'cm' },
  m: { kind: 'length', integer: false, en: 'm' },
  km: { kind: 'length', integer: false, en: 'km' },
  // Durations and temperatures recur in custom tables (焚烧时长, 药剂熏蒸天数, 气温).
  分钟: { kind: 'duration', integer: false, en: 'min' },
  小时: { kind: 'duration', integer: false, en: 'h' },
  天: { kind: 'duration', integer: false, en: 'days' },
  '℃': { kind: 'temperature', integer: false, en: '°C' },
  '%': { kind: 'ratio', integer: false, en: '%' },
} as const satisfies Record<string, { kind: string; integer: boolean; en: string }>;
export type QuantityUnit = keyof typeof quantityUnits;

export const isQuantityUnit = (unit: string): unit is QuantityUnit =>
  Object.prototype.hasOwnProperty.call(quantityUnits, unit);

export const isCountUnit = (unit: string | undefined): boolean =>
  !!unit && isQuantityUnit(unit) && quantityUnits[unit].integer;

/** The national technical plan's stump limit: a felled pine's stump is at most 5 cm high. */
export const STUMP_LIMIT_CM = 5;
/** Default days from felling to burning (the QR chain's window) for a new project. */
export const DEFAULT_BURN_WINDOW_DAYS = 10;

/**
 * Burnt wood per unit: trees, tons, cubic metres. One figure per unit, never one sum; screens
 * show them apart ("32 株 · 201.2 吨").
 */
export type BurnAmounts = { trees: number; tons: number; m3: number };

export const unitLabels: Record<keyof BurnAmounts, Text> = {
  trees: { 'zh-CN': '株', en: 'trees' },
  tons: { 'zh-CN': '吨', en: 't' },
  m3: { 'zh-CN': '立方米', en: 'm³' },
};

/**
 * Burnt wood as one line, a figure per unit: "32 株 · 201.2 吨" (en "32 trees · 201.2 t"). Trees
 * are always shown (whole), tons and m³ only when there are any; `wood` leaves the trees out.
 */
export function amountsText(a: BurnAmounts, lang: Lang, opts: { wood?: boolean } = {}): string {
  const locale = lang === 'en' ? 'en-US' : 'zh-CN';
  const n = (x: number, digits: number) => x.toLocaleString(locale, { maximumFractionDigits: digits });
  const parts: string[] = [];
  if (!opts.wood) parts.push(`${n(Math.round(a.trees), 0)} ${unitLabels.trees[lang]}`);
  if (a.tons) parts.push(`${n(a.tons, 2)} ${unitLabels.tons[lang]}`);
  if (a.m3) parts.push(`${n(a.m3, 2)} ${unitLabels.m3[lang]}`);
  return parts.join(' · ');
}
