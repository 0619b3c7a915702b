import {
  type ColumnDescriptor,
  ErrorCode,
  type FieldError,
  fileKindLabels,
  isCountUnit,
  type Lang,
  type MessageKey,
  normaliseTagCode,
  quantityLimits,
  t,
  tagCodeWellFormed,
  unitOfQuantity,
} from '@pineguard/contract';
import { AppError } from '../../platform/errors.ts';

/** What validation needs to know of a referenced file. */
export type FileFact = { projectCode: string; kind: string };

export type Validated = { values: Record<string, unknown>; errors: FieldError[] };

/** A single record refused: the envelope's message names the fields, value.fields lists them. */
export function rejected(errors: FieldError[]): AppError {
  return new AppError(
    ErrorCode.validation,
    'fieldErrors',
    { text: errors.map((e) => e.message).join('；') },
    { fields: errors },
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const defaultMaxLength: Record<string, number> = { text: 500, textarea: 5000 };

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Splits a multi value: an array of strings, or one string separated by commas (the app's habit). */
function listOf(v: unknown): string[] | undefined {
  if (Array.isArray(v))
    return v.every((x) => typeof x === 'string') ? (v as string[]).map((x) => x.trim()) : undefined;
  if (typeof v === 'string')
    return v
      .split(/[,，]/)
      .map((x) => x.trim())
      .filter(Boolean);
  return undefined;
}

type Say = (key: MessageKey, params?: Record<string, string | number>) => void;

/**
 * A number against its column's limits and unit: the range, whole numbers for a count (株, 头, …
 * or `integer`), the limit of its unit (per-unit limits of a unit field, else `max`). Answers the
 * number, or undefined after saying what is wrong.
 */
function checkNumber(
  c: ColumnDescriptor,
  raw: unknown,
  unit: string,
  unitOptions: string[],
  say: Say,
): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return void say('fieldNotNumber');
  const { integer, max } = quantityLimits(c, unit, unitOptions);
  if (c.rules.min !== undefined && n < c.rules.min) return void say('fieldBelowMin', { min: c.rules.min });
  if (integer && !Number.isInteger(n))
    return void say(isCountUnit(unit) ? 'fieldNotIntegerUnit' : 'fieldNotInteger', { unit, value: n });
  if (max !== undefined && n > max)
    return void say(unit ? 'fieldAboveUnitMax' : 'fieldAboveMax', { max, unit });
  return n;
}

/** File ids referenced by photo/video fields of `fields` (for one batched lookup). */
export function mediaIds(columns: ColumnDescriptor[], fields: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const c of columns) {
    if (c.fldInput !== 'photo' && c.fldInput !== 'video') continue;
    for (const id of listOf(fields[c.code]) ?? []) if (uuidPattern.test(id)) ids.push(id.toLowerCase());
  }
  return ids;
}

/**
 * Checks one record's dynamic fields against its table's active columns and normalises them:
 * numbers become numbers, multi values a comma-joined string (as the spec's list shows them),
 * photo/video fields an array of file ids. `partial` checks only the keys present (corrections).
 */
export function validateFields(
  columns: ColumnDescriptor[],
  fields: Record<string, unknown>,
  ctx: {
    lang: Lang;
    projectCode: string;
    files: Map<string, FileFact>;
    partial?: boolean;
    /** The record's stored values (a correction): rules that read another field (the unit) see them. */
    current?: Record<string, unknown>;
  },
): Validated {
  const { lang } = ctx;
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const active = new Map(columns.filter((c) => !c.retired).map((c) => [c.code, c]));
  for (const key of Object.keys(fields)) {
    if (!active.has(key)) errors.push({ field: key, message: t(lang, 'fieldUnknown', { code: key }) });
  }
  const unitOptions = (c: ColumnDescriptor) =>
    (active.get(c.rules.unitColumn ?? '')?.rules.options ?? []).map((o) => o.value);
  for (const c of active.values()) {
    const label = c.value;
    const err = (key: Parameters<typeof t>[1], params: Record<string, string | number> = {}) =>
      errors.push({ field: c.code, message: t(lang, key, { label, ...params }) });
    if (ctx.partial && !(c.code in fields)) {
      // A correction of the unit alone: the stored quantity must hold in the new unit (12.5 吨 → 株 is refused).
      const by = c.rules.unitColumn;
      const kept = ctx.current?.[c.code];
      if (c.fldInput === 'number' && by && by in fields && !isEmpty(kept))
        checkNumber(c, kept, unitOfQuantity(c, fields, ctx.current), unitOptions(c), err);
      continue;
    }
    const raw = fields[c.code];
    if (isEmpty(raw)) {
      if (c.rules.required) err('fieldRequired');
      continue;
    }
    switch (c.fldInput) {
      case 'number': {
        const n = checkNumber(c, raw, unitOfQuantity(c, fields, ctx.current), unitOptions(c), err);
        if (n !== undefined) values[c.code] = n;
        break;
      }
      case 'date': {
        const m = typeof raw === 'string' ? datePattern.exec(raw.trim()) : null;
        const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
        if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1)
          err('fieldNotDate');
        else values[c.code] = m[0];
        break;
      }
      case 'select': {
        const v = typeof raw === 'number' ? String(raw) : raw;
        if (typeof v !== 'string') err('fieldNotText');
        else if (!(c.rules.options ?? []).some((o) => o.value === v.trim()))
          err('fieldNotOption', { value: v });
        else values[c.code] = v.trim();
        break;
      }
      case 'multi': {
        const list = listOf(raw);
        if (!list) {
          err('fieldNotText');
          break;
        }
        const bad = list.find((v) => !(c.rules.options ?? []).some((o) => o.value === v));
        if (bad !== undefined) err('fieldNotOption', { value: bad });
        else if (list.length === 0 && c.rules.required) err('fieldRequired');
        else values[c.code] = [...new Set(list)].join(',');
        break;
      }
      case 'photo':
      case 'video': {
        const list = listOf(raw);
        if (!list || list.length > 20 || list.some((id) => !uuidPattern.test(id))) {
          err('mediaInvalid');
          break;
        }
        const ids = list.map((id) => id.toLowerCase());
        const facts = ids.map((id) => ctx.files.get(id));
        if (facts.some((f) => !f || f.projectCode !== ctx.projectCode)) err('mediaInvalid');
        else if (facts.some((f) => f!.kind !== c.fldInput)) {
          err('mediaWrongKind', { kind: fileKindLabels[c.fldInput as 'photo' | 'video'][lang] });
        } else values[c.code] = [...new Set(ids)];
        break;
      }
      default: {
        const v = typeof raw === 'number' ? String(raw) : raw;
        if (typeof v !== 'string') {
          err('fieldNotText');
          break;
        }
        if (c.rules.qrTag) {
          // Tags are matched exactly (the chain checks, the scan page): one canonical spelling.
          const many = c.code.startsWith('multi_');
          const codes = [
            ...new Set((many ? v.split(/[,，;；\s]+/) : [v]).map(normaliseTagCode).filter(Boolean)),
          ];
          const bad = codes.find((x) => !tagCodeWellFormed(x));
          if (bad !== undefined) err('fieldTagShape', { value: bad });
          else if (!many && codes.length !== 1) err('fieldRequired');
          else if (codes.join(',').length > (c.rules.maxLength ?? 500))
            err('fieldTooLong', { max: c.rules.maxLength ?? 500 });
          else if (codes.length) values[c.code] = codes.join(',');
          break;
        }
        const max = c.rules.maxLength ?? defaultMaxLength[c.fldInput] ?? 500;
        if ([...v.trim()].length > max) err('fieldTooLong', { max });
        else values[c.code] = v.trim();
      }
    }
  }
  return { values, errors };
}

/** Code-shaped values (KH26-0881917) every row shares a prefix with: keep only the distinctive tail. */
const codeShaped = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+$/;
export function searchToken(value: string): string {
  const v = value.trim().toLowerCase();
  return codeShaped.test(v) ? v.slice(Math.max(v.lastIndexOf('-'), v.lastIndexOf('_')) + 1) : v;
}

/** The indexed search text of a record: its text values and place names, shared code prefixes left out. */
export function searchTextOf(
  columns: ColumnDescriptor[],
  values: Record<string, unknown>,
  places: string[],
): string {
  const parts: string[] = [];
  const byCode = new Map(columns.map((c) => [c.code, c]));
  for (const [code, v] of Object.entries(values)) {
    const c = byCode.get(code);
    if (
      !c ||
      c.fldInput === 'photo' ||
      c.fldInput === 'video' ||
      c.fldInput === 'number' ||
      c.fldInput === 'date'
    )
      continue;
    if (typeof v === 'string' && v) parts.push(searchToken(v));
  }
  for (const p of places) if (p) parts.push(p.toLowerCase());
  return parts.join(' ').slice(0, 2000);
}
