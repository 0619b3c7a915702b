import { z } from 'zod';
import type { Lang } from './i18n.ts';
import { type MessageKey, t } from './messages/index.ts';
import { isCountUnit, isQuantityUnit, quantityUnits } from './units.ts';

/** Field codes are identifiers from a fixed pattern: they become JSON keys, never SQL. */
export const columnCodePattern = /^[a-z][a-z0-9_]{1,39}$/;
export const fldInputs = ['text', 'textarea', 'number', 'date', 'select', 'multi', 'photo', 'video'] as const;
export const fldInput = z.enum(fldInputs);

export const columnRules = z.object({
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().int().min(1).max(5000).optional(),
  options: z
    .array(z.object({ value: z.string().min(1).max(50), label: z.string().min(1).max(50) }))
    .max(200)
    .optional(),
  /** The quantity's unit, one of contract/units.ts `quantityUnits` (checked when saved). */
  unit: z.string().max(10).optional(),
  /** Whole numbers only. Implied by a count unit (株, 头, 人, 个, 次), fixed or named by `unitColumn`. */
  integer: z.boolean().optional(),
  /** The select field of the same table whose value names this quantity's unit (计量单位 jldw of 疫木数量). */
  unitColumn: z.string().max(40).optional(),
  /** Upper limits per unit named by `unitColumn` (an absurd quantity is refused); `max` covers the others. */
  maxByUnit: z.record(z.string().max(10), z.number()).optional(),
  /**
   * A QR tag's code (a text field; `multi_` fields list several): each is made canonical
   * (normaliseTagCode) and must be a well-formed tag, or the record is refused naming it.
   */
  qrTag: z.boolean().optional(),
});

export type ColumnRules = z.infer<typeof columnRules>;

/* ------------------------------------------------------------------ quantities and their units */

type RulesOf = { code: string; value?: string; fldInput: string; rules: ColumnRules; retired?: boolean };
const unitList = () => Object.keys(quantityUnits).join('、');

/**
 * The unit of a quantity in a record: the column's own, else the value of its unit field in the
 * record (or, for a correction that leaves the unit alone, in the stored record). '' when none.
 */
export function unitOfQuantity(
  column: RulesOf,
  fields: Record<string, unknown>,
  current?: Record<string, unknown>,
): string {
  if (column.rules.unit) return column.rules.unit;
  const by = column.rules.unitColumn;
  if (!by) return '';
  const v = by in fields ? fields[by] : current?.[by];
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * What a quantity in `unit` must satisfy: whole numbers for a count, and its upper limit. With a
 * unit field but no unit given, the strictest of the units offered applies (a quantity whose unit
 * is unknown must fit every reading of it; the rollup counts a burn without unit as trees).
 */
export function quantityLimits(
  column: RulesOf,
  unit: string,
  unitOptions: string[] = [],
): { integer: boolean; max: number | undefined } {
  const { rules } = column;
  const own = rules.max;
  const limitFor = (u: string) => rules.maxByUnit?.[u] ?? own;
  if (unit || !rules.unitColumn) {
    return { integer: !!rules.integer || isCountUnit(unit), max: unit ? limitFor(unit) : own };
  }
  const maxima = unitOptions.map(limitFor).filter((m): m is number => m !== undefined);
  return {
    integer: !!rules.integer || unitOptions.some(isCountUnit),
    max: maxima.length ? Math.min(...maxima) : own,
  };
}

type RuleProblem = { field: string; message: string };

/**
 * The unit rules of a field being saved, against the other fields of its table (`siblings`,
 * retired ones included): known units, a unit field that is an active select of the table whose
 * options are all units, per-unit limits of those units only, whole numbers for counts. Empty
 * when it is fine. Shared by the standards admin API and its form.
 */
export function quantityRuleProblems(
  column: RulesOf,
  siblings: RulesOf[],
  lang: Lang,
  opts: { tableless?: boolean } = {},
): RuleProblem[] {
  const out: RuleProblem[] = [];
  const { rules } = column;
  const say = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    out.push({ field: `rules.${field}`, message: t(lang, key, params) });
  const quantityKeys = (['unit', 'integer', 'unitColumn', 'maxByUnit'] as const).filter(
    (k) => rules[k] !== undefined,
  );
  if (column.fldInput !== 'number') {
    // Other types never carried a meaningful unit (the forms drop it): only the number-only rules are refused.
    const numberOnly = quantityKeys.filter((k) => k !== 'unit');
    if (numberOnly.length) say(numberOnly[0]!, 'quantityRulesNumberOnly');
    return out;
  }
  if (rules.unit !== undefined && !isQuantityUnit(rules.unit))
    say('unit', 'unitUnknown', { unit: rules.unit, units: unitList() });
  if (rules.unit !== undefined && rules.unitColumn !== undefined) say('unitColumn', 'unitAndUnitColumn');
  if (rules.integer === false && isCountUnit(rules.unit))
    say('integer', 'countUnitInteger', { unit: rules.unit! });
  let options: string[] = [];
  if (rules.unitColumn !== undefined && !opts.tableless) {
    const by = siblings.find((c) => c.code === rules.unitColumn && c.code !== column.code);
    if (!by || by.retired || by.fldInput !== 'select') {
      say('unitColumn', 'unitColumnInvalid', { code: rules.unitColumn });
    } else {
      options = (by.rules.options ?? []).map((o) => o.value);
      const bad = options.find((u) => !isQuantityUnit(u));
      if (bad !== undefined)
        say('unitColumn', 'unitColumnOptions', { code: by.code, unit: bad, units: unitList() });
      if (rules.integer === false) {
        const count = options.find(isCountUnit);
        if (count) say('integer', 'countUnitInteger', { unit: count });
      }
    }
  }
  if (rules.maxByUnit !== undefined) {
    if (rules.unitColumn === undefined) say('maxByUnit', 'maxByUnitWithoutColumn');
    for (const [unit, max] of Object.entries(rules.maxByUnit)) {
      if (!isQuantityUnit(unit)) say('maxByUnit', 'unitUnknown', { unit, units: unitList() });
      else if (!(max > 0)) say('maxByUnit', 'maxByUnitInvalid', { unit });
      else if (rules.unitColumn !== undefined && options.length && !options.includes(unit))
        say('maxByUnit', 'maxByUnitNotOption', { unit, code: rules.unitColumn });
    }
  }
  return out;
}

/**
 * A select field saved while number fields of its table take their unit from it: every option must
 * stay a known unit (else those quantities would lose their meaning).
 */
export function unitFieldProblems(column: RulesOf, siblings: RulesOf[], lang: Lang): RuleProblem[] {
  const used = siblings.some(
    (c) => !c.retired && c.code !== column.code && c.rules.unitColumn === column.code,
  );
  if (!used) return [];
  if (column.fldInput !== 'select')
    return [{ field: 'fldInput', message: t(lang, 'unitColumnInvalid', { code: column.code }) }];
  const bad = (column.rules.options ?? []).find((o) => !isQuantityUnit(o.value));
  return bad
    ? [
        {
          field: 'rules.options',
          message: t(lang, 'unitColumnOptions', { code: column.code, unit: bad.value, units: unitList() }),
        },
      ]
    : [];
}

export const columnDescriptor = z.object({
  code: z.string(),
  value: z.string(),
  fldDescript: z.string(),
  fldInput: z.string(),
  sort: z.number().int(),
  rules: columnRules,
  retired: z.boolean(),
});
export type ColumnDescriptor = z.infer<typeof columnDescriptor>;

export const standardTableItem = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  /** Retired custom tables are listed (records made with them stay readable) but offered nowhere. */
  retired: z.boolean(),
  columns: z.array(columnDescriptor),
});
export type StandardTableItem = z.infer<typeof standardTableItem>;

export const tableCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9]{3,31}$/);

export const saveTableBody = z.object({
  code: tableCode,
  name: z.string().trim().min(1).max(50),
  description: z.string().trim().max(200).default(''),
});
export type SaveTableInput = z.input<typeof saveTableBody>;

const prefixOk = (c: { code: string; fldInput: string }) =>
  (c.fldInput === 'photo') === c.code.startsWith('pic_') &&
  (c.fldInput === 'video') === c.code.startsWith('vdo_') &&
  (c.fldInput === 'multi') === c.code.startsWith('multi_');

export const saveColumnBody = z
  .object({
    tableCode,
    code: z.string().trim().regex(columnCodePattern),
    value: z.string().trim().min(1).max(30),
    fldDescript: z.string().trim().max(200).default(''),
    fldInput,
    sort: z.number().int().min(0).max(10000).default(0),
    rules: columnRules.default({}),
  })
  .refine(prefixOk, { path: ['code'], message: 'columnPrefix' })
  .refine((c) => !['select', 'multi'].includes(c.fldInput) || (c.rules.options?.length ?? 0) > 0, {
    path: ['rules', 'options'],
    message: 'optionsRequired',
  })
  .refine((c) => c.rules.min === undefined || c.rules.max === undefined || c.rules.min <= c.rules.max, {
    path: ['rules', 'max'],
    message: 'minAboveMax',
  });
export type SaveColumnInput = z.input<typeof saveColumnBody>;

export const retireColumnBody = z.object({ tableCode, code: z.string().regex(columnCodePattern) });
export type RetireColumnInput = z.input<typeof retireColumnBody>;

/** Retires a custom standard table (refused while a project's measures use it or records hold it). */
export const retireTableBody = z.object({ code: tableCode });
export type RetireTableInput = z.input<typeof retireTableBody>;

/**
 * A control measure of a custom standard table, so projects can choose it (setUpType) like the
 * built-in ones. Built-in measures are not edited through this call.
 */
export const saveMeasureBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,31}$/),
  name: z.string().trim().min(1).max(30),
  description: z.string().trim().max(200).default(''),
  standardTableCode: tableCode,
});
export type SaveMeasureInput = z.input<typeof saveMeasureBody>;

export const measureItem = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  standardTableCode: z.string(),
  standardTableName: z.string(),
  builtIn: z.boolean(),
});
export type MeasureItem = z.infer<typeof measureItem>;

export const factorItem = z.object({
  code: z.string(),
  value: z.string(),
  fldDescript: z.string(),
  fldInput: z.string(),
  rules: columnRules,
});
export type FactorItem = z.infer<typeof factorItem>;
export const saveFactorBody = z
  .object({
    code: z.string().trim().regex(columnCodePattern),
    value: z.string().trim().min(1).max(30),
    fldDescript: z.string().trim().max(200).default(''),
    fldInput,
    rules: columnRules.default({}),
  })
  .refine(prefixOk, { path: ['code'], message: 'columnPrefix' });
export type SaveFactorInput = z.input<typeof saveFactorBody>;

/** The factor (因子) a deletion names. */
export const factorCodeQuery = z.object({ code: z.string().max(40) });
