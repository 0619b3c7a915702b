import type { ColumnDescriptor } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { checkboxLimit, formFieldsOf, kindOf, rulesOf } from './descriptorForm.ts';

const texts = {
  required: (l: string) => `请填写${l}`,
  upload: (l: string) => `请上传${l}`,
  range: (l: string, min?: number, max?: number) => `${l}:${min ?? ''}-${max ?? ''}`,
  maxLength: (l: string, m: number) => `${l}≤${m}`,
};

const col = (over: Partial<ColumnDescriptor>): ColumnDescriptor => ({
  code: 'x1',
  value: '字段',
  fldDescript: '',
  fldInput: 'text',
  sort: 0,
  rules: {},
  retired: false,
  ...over,
});

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `选项${i}` }));

describe('kindOf', () => {
  it('maps every input type to its control', () => {
    expect(kindOf(col({ fldInput: 'text' }))).toBe('input');
    expect(kindOf(col({ fldInput: 'textarea' }))).toBe('textarea');
    expect(kindOf(col({ fldInput: 'number' }))).toBe('number');
    expect(kindOf(col({ fldInput: 'date' }))).toBe('date');
    expect(kindOf(col({ fldInput: 'select' }))).toBe('select');
    expect(kindOf(col({ fldInput: 'photo' }))).toBe('photo');
    expect(kindOf(col({ fldInput: 'video' }))).toBe('video');
    expect(kindOf(col({ fldInput: 'gps' }))).toBe('unknown');
  });
  it('multi is a checkbox group up to the limit, a multiple select beyond', () => {
    expect(kindOf(col({ fldInput: 'multi', rules: { options: options(checkboxLimit) } }))).toBe('checkboxes');
    expect(kindOf(col({ fldInput: 'multi', rules: { options: options(checkboxLimit + 1) } }))).toBe(
      'multiSelect',
    );
  });
});

describe('rulesOf', () => {
  it('asks to upload a required photo or video, not to fill it in', () => {
    expect(rulesOf(col({ value: '伐桩照片', fldInput: 'photo', rules: { required: true } }), texts)).toEqual([
      { required: true, message: '请上传伐桩照片' },
    ]);
    expect(
      rulesOf(col({ value: '处置视频', fldInput: 'video', rules: { required: true } }), texts)[0],
    ).toEqual({
      required: true,
      message: '请上传处置视频',
    });
  });

  it('required, number range and text length', () => {
    expect(
      rulesOf(col({ value: '胸径', fldInput: 'number', rules: { required: true, min: 0, max: 200 } }), texts),
    ).toEqual([
      { required: true, message: '请填写胸径' },
      { type: 'number', min: 0, max: 200, message: '胸径:0-200' },
    ]);
    expect(rulesOf(col({ value: '备注', fldInput: 'textarea', rules: { maxLength: 100 } }), texts)).toEqual([
      { max: 100, message: '备注≤100' },
    ]);
  });
  it('a range on a non-number field is ignored; only one bound is kept as given', () => {
    expect(rulesOf(col({ fldInput: 'text', rules: { min: 1 } }), texts)).toEqual([]);
    expect(rulesOf(col({ fldInput: 'number', rules: { min: 1 } }), texts)).toEqual([
      { type: 'number', min: 1, message: '字段:1-' },
    ]);
  });
});

describe('formFieldsOf', () => {
  it('leaves out retired columns and orders by sort, then code', () => {
    const fields = formFieldsOf(
      [
        col({ code: 'c', sort: 20 }),
        col({ code: 'b', sort: 10 }),
        col({ code: 'a', sort: 20 }),
        col({ code: 'old', sort: 0, retired: true }),
      ],
      texts,
    );
    expect(fields.map((f) => f.name)).toEqual(['b', 'a', 'c']);
  });
  it('carries label, help, unit, bounds and options', () => {
    const [f] = formFieldsOf(
      [
        col({
          code: 'volume',
          value: '材积',
          fldDescript: '立方米',
          fldInput: 'number',
          rules: { min: 0, max: 50, unit: 'm³' },
        }),
      ],
      texts,
    );
    expect(f).toMatchObject({
      name: 'volume',
      label: '材积',
      help: '立方米',
      kind: 'number',
      unit: 'm³',
      min: 0,
      max: 50,
    });
    const [s] = formFieldsOf([col({ fldInput: 'select', rules: { options: options(2) } })], texts);
    expect(s?.options).toEqual(options(2));
  });
});
