import { columnCodePattern, type fldInputs, type SaveColumnInput } from '@pineguard/contract';

export type FldInput = (typeof fldInputs)[number];

/** The column dialog's values (before they become a saveColumn body). */
export type ColumnDraft = {
  code: string;
  value: string;
  fldDescript?: string;
  fldInput: FldInput;
  sort?: number | null;
  required?: boolean;
  min?: number | null;
  max?: number | null;
  maxLength?: number | null;
  unit?: string;
  options?: { value?: string; label?: string }[];
};

export type ColumnProblem =
  | 'codePattern'
  | 'prefixPhoto'
  | 'prefixVideo'
  | 'prefixMulti'
  | 'prefixReserved'
  | 'optionsRequired'
  | 'optionIncomplete'
  | 'optionDuplicate'
  | 'minAboveMax'
  | 'labelRequired';

const prefixes: Partial<Record<FldInput, string>> = { photo: 'pic_', video: 'vdo_', multi: 'multi_' };

/** The prefix a type's code must carry (none for the other types). */
export function prefixFor(fldInput: FldInput): string {
  return prefixes[fldInput] ?? '';
}

export const hasOptions = (fldInput: FldInput) => fldInput === 'select' || fldInput === 'multi';
export const hasRange = (fldInput: FldInput) => fldInput === 'number';
export const hasLength = (fldInput: FldInput) => fldInput === 'text' || fldInput === 'textarea';

/**
 * The server's rules for a column (contract `saveColumnBody`), as the dialog checks them:
 * code pattern, prefix ↔ type, options for select and multi, min ≤ max. Keyed by form field.
 */
export function columnProblems(
  d: ColumnDraft,
): Partial<Record<'code' | 'value' | 'options' | 'max', ColumnProblem>> {
  const out: Partial<Record<'code' | 'value' | 'options' | 'max', ColumnProblem>> = {};
  const code = d.code.trim();
  if (!columnCodePattern.test(code)) out.code = 'codePattern';
  else {
    const want = prefixFor(d.fldInput);
    if (want && !code.startsWith(want)) {
      out.code =
        d.fldInput === 'photo' ? 'prefixPhoto' : d.fldInput === 'video' ? 'prefixVideo' : 'prefixMulti';
    } else if (!want && Object.values(prefixes).some((p) => code.startsWith(p))) {
      out.code = 'prefixReserved';
    }
  }
  if (!d.value.trim()) out.value = 'labelRequired';
  if (hasOptions(d.fldInput)) {
    const options = d.options ?? [];
    if (options.length === 0) out.options = 'optionsRequired';
    else if (options.some((o) => !o.value?.trim() || !o.label?.trim())) out.options = 'optionIncomplete';
    else if (new Set(options.map((o) => o.value?.trim())).size !== options.length)
      out.options = 'optionDuplicate';
  }
  if (hasRange(d.fldInput) && d.min != null && d.max != null && d.min > d.max) out.max = 'minAboveMax';
  return out;
}

/** The saveColumn body for a draft: rules only where the type uses them. */
export function columnBody(tableCode: string, d: ColumnDraft) {
  const rules: NonNullable<SaveColumnInput['rules']> = {};
  if (d.required) rules.required = true;
  if (hasRange(d.fldInput)) {
    if (d.min != null) rules.min = d.min;
    if (d.max != null) rules.max = d.max;
    if (d.unit?.trim()) rules.unit = d.unit.trim();
  }
  if (hasLength(d.fldInput) && d.maxLength != null) rules.maxLength = d.maxLength;
  if (hasOptions(d.fldInput)) {
    rules.options = (d.options ?? []).map((o) => ({
      value: (o.value ?? '').trim(),
      label: (o.label ?? '').trim(),
    }));
  }
  return {
    tableCode,
    code: d.code.trim(),
    value: d.value.trim(),
    fldDescript: (d.fldDescript ?? '').trim(),
    fldInput: d.fldInput,
    sort: d.sort ?? 0,
    rules,
  } satisfies SaveColumnInput;
}

/** Where a new column goes: after the last one, on the next multiple of ten. */
export const nextSort = (columns: { sort: number }[]) =>
  Math.floor(Math.max(0, ...columns.map((c) => c.sort)) / 10) * 10 + 10;
