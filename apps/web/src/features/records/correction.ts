import { type ColumnDescriptor, fixedColumnCodes } from '@pineguard/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { type FieldSpec, formFieldsOf, type RuleTexts } from '../../shared/descriptorForm.ts';
import { isMediaCode, splitMulti } from './columns.ts';

const fixed: ReadonlySet<string> = new Set(fixedColumnCodes);

/** Columns a correction may change (spec §9): not fixed, not pic_, not vdo_, not retired. */
export function editableColumns(columns: ColumnDescriptor[]): ColumnDescriptor[] {
  return columns.filter((c) => !fixed.has(c.code) && !isMediaCode(c.code) && !c.retired);
}

/** The correction form of a record: the editable descriptors through the shared descriptor→form mapping. */
export function correctionFields(columns: ColumnDescriptor[], texts: RuleTexts): FieldSpec[] {
  return formFieldsOf(editableColumns(columns), texts);
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** A stored value as the form control wants it (dayjs for dates, arrays for multi-values, numbers). */
export function toFormValue(field: FieldSpec, value: unknown): unknown {
  if (empty(value)) return field.kind === 'checkboxes' || field.kind === 'multiSelect' ? [] : undefined;
  switch (field.kind) {
    case 'number': {
      const n = Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'date': {
      const d = dayjs(String(value));
      return d.isValid() ? d : undefined;
    }
    case 'checkboxes':
    case 'multiSelect':
      return splitMulti(value);
    default:
      return String(value);
  }
}

/** A form value as the wire carries it: dates YYYY-MM-DD, multi-values comma-separated, empty → null. */
export function toWireValue(field: FieldSpec, value: unknown): unknown {
  if (empty(value)) return null;
  switch (field.kind) {
    case 'date':
      return dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : String(value);
    case 'checkboxes':
    case 'multiSelect':
      return Array.isArray(value) && value.length ? value.map(String).join(',') : null;
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default:
      return typeof value === 'string' ? value.trim() || null : value;
  }
}

export function initialValues(fields: FieldSpec[], row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, row[f.name])]));
}

/** Comparable form of a stored value (numbers as numbers, multi-values as a sorted list). */
function comparable(field: FieldSpec, value: unknown): string {
  return JSON.stringify(toWireValue(field, toFormValue(field, value)));
}

/** Only the fields the user changed, as wire values: the correction's body (history keeps before/after). */
export function changedFields(
  fields: FieldSpec[],
  row: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const after = toWireValue(f, values[f.name]);
    if (JSON.stringify(after) !== comparable(f, row[f.name])) out[f.name] = after;
  }
  return out;
}
