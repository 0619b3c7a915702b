import type { ColumnDescriptor } from '@pineguard/contract';

/*
 * Descriptor → form mapping, shared by the metadata form preview and the records screens
 * (correction and PC upload dialogs), so a column renders the same control everywhere.
 */

/** The antd control a column descriptor renders as. */
export type FieldKind =
  | 'input'
  | 'textarea'
  | 'number'
  | 'date'
  | 'select'
  | 'checkboxes'
  | 'multiSelect'
  | 'photo'
  | 'video'
  | 'unknown';

/** A rule in antd Form's shape, kept plain so it can be tested without rendering. */
export type FieldRule =
  | { required: true; message: string }
  | { type: 'number'; min?: number; max?: number; message: string }
  | { max: number; message: string };

export type FieldSpec = {
  name: string;
  label: string;
  help: string;
  kind: FieldKind;
  unit?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  options: { value: string; label: string }[];
  rules: FieldRule[];
};

/** A multi-select with up to this many options is a checkbox group; more is a multiple Select. */
export const checkboxLimit = 6;

export type RuleTexts = {
  required: (label: string) => string;
  /** A required photo or video: "请上传…" rather than "请填写…". */
  upload: (label: string) => string;
  range: (label: string, min: number | undefined, max: number | undefined) => string;
  maxLength: (label: string, max: number) => string;
};

export function kindOf(column: Pick<ColumnDescriptor, 'fldInput' | 'rules'>): FieldKind {
  switch (column.fldInput) {
    case 'text':
      return 'input';
    case 'textarea':
      return 'textarea';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'select':
      return 'select';
    case 'multi':
      return (column.rules.options?.length ?? 0) > checkboxLimit ? 'multiSelect' : 'checkboxes';
    case 'photo':
      return 'photo';
    case 'video':
      return 'video';
    default:
      return 'unknown';
  }
}

/** The validation rules a column implies, in the order antd reports them. */
export function rulesOf(column: ColumnDescriptor, texts: RuleTexts): FieldRule[] {
  const { rules, value: label } = column;
  const out: FieldRule[] = [];
  const kind = kindOf(column);
  if (rules.required) {
    const upload = kind === 'photo' || kind === 'video';
    out.push({ required: true, message: upload ? texts.upload(label) : texts.required(label) });
  }
  if (kind === 'number' && (rules.min !== undefined || rules.max !== undefined)) {
    out.push({
      type: 'number',
      ...(rules.min !== undefined ? { min: rules.min } : {}),
      ...(rules.max !== undefined ? { max: rules.max } : {}),
      message: texts.range(label, rules.min, rules.max),
    });
  }
  if ((kind === 'input' || kind === 'textarea') && rules.maxLength !== undefined) {
    out.push({ max: rules.maxLength, message: texts.maxLength(label, rules.maxLength) });
  }
  return out;
}

/**
 * The form a standard table defines: its active (not retired) columns in `sort` order (ties by
 * code), each mapped to the control its `fldInput` names with the rules its descriptor carries.
 */
export function formFieldsOf(columns: ColumnDescriptor[], texts: RuleTexts): FieldSpec[] {
  return columns
    .filter((c) => !c.retired)
    .slice()
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))
    .map((c) => ({
      name: c.code,
      label: c.value,
      help: c.fldDescript,
      kind: kindOf(c),
      ...(c.rules.unit ? { unit: c.rules.unit } : {}),
      ...(c.rules.min !== undefined ? { min: c.rules.min } : {}),
      ...(c.rules.max !== undefined ? { max: c.rules.max } : {}),
      ...(c.rules.maxLength !== undefined ? { maxLength: c.rules.maxLength } : {}),
      options: c.rules.options ?? [],
      rules: rulesOf(c, texts),
    }));
}
