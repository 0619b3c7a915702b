import { z } from 'zod';

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
  unit: z.string().max(10).optional(),
});

export type ColumnRules = z.infer<typeof columnRules>;

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
