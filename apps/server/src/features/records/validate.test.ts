import type { ColumnDescriptor } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { searchTextOf, searchToken, validateFields } from './validate.ts';

const col = (
  code: string,
  fldInput: string,
  rules: ColumnDescriptor['rules'] = {},
  retired = false,
): ColumnDescriptor => ({
  code,
  value: code.toUpperCase(),
  fldDescript: '',
  fldInput,
  sort: 0,
  rules,
  retired,
});
const opts = (...v: string[]) => v.map((x) => ({ value: x, label: x }));
const columns = [
  col('n', 'number', { required: true, min: 1, max: 10 }),
  col('s', 'text', { maxLength: 4 }),
  col('d', 'date'),
  col('sel', 'select', { options: opts('a', 'b') }),
  col('multi_m', 'multi', { options: opts('x', 'y', 'z') }),
  col('pic_p', 'photo'),
  col('old', 'text', {}, true),
];
const photo = '11111111-1111-4111-8111-111111111111';
const video = '22222222-2222-4222-8222-222222222222';
const foreign = '33333333-3333-4333-8333-333333333333';
const files = new Map([
  [photo, { projectCode: 'KH', kind: 'photo' }],
  [video, { projectCode: 'KH', kind: 'video' }],
  [foreign, { projectCode: 'JS', kind: 'photo' }],
]);
const check = (fields: Record<string, unknown>, partial = false) =>
  validateFields(columns, fields, { lang: 'zh-CN', projectCode: 'KH', files, partial });

describe('validateFields', () => {
  it('normalises good values', () => {
    const r = check({ n: '3', s: 'ab', d: '2026-02-28', sel: 'a', multi_m: 'x,y,x', pic_p: [photo] });
    expect(r.errors).toEqual([]);
    expect(r.values).toEqual({ n: 3, s: 'ab', d: '2026-02-28', sel: 'a', multi_m: 'x,y', pic_p: [photo] });
  });
  it('names each failing field with its label', () => {
    const r = check({
      s: 'abcde',
      d: '2026-02-30',
      sel: 'c',
      multi_m: ['x', 'q'],
      pic_p: 'nope',
      old: 'v',
      zz: 1,
    });
    const byField = Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
    expect(byField['n']).toBe('N为必填项');
    expect(byField['s']).toContain('最多 4');
    expect(byField['d']).toContain('日期');
    expect(byField['sel']).toContain('“c”');
    expect(byField['multi_m']).toContain('“q”');
    expect(byField['pic_p']).toBeDefined();
    expect(byField['old']).toContain('已停用');
    expect(byField['zz']).toBeDefined();
  });
  it('checks ranges and numbers', () => {
    expect(check({ n: 0 }).errors[0]?.message).toContain('不能小于 1');
    expect(check({ n: 11 }).errors[0]?.message).toContain('不能大于 10');
    expect(check({ n: 'x' }).errors[0]?.message).toContain('数字');
  });
  it('requires media of the same project and the right kind', () => {
    expect(check({ n: 1, pic_p: foreign }).errors[0]?.field).toBe('pic_p');
    expect(check({ n: 1, pic_p: video }).errors[0]?.message).toContain('照片');
    expect(check({ n: 1, pic_p: '44444444-4444-4444-8444-444444444444' }).errors).toHaveLength(1);
  });
  it('checks only the given keys of a correction', () => {
    expect(check({ s: 'ok' }, true)).toEqual({ values: { s: 'ok' }, errors: [] });
  });
  it('leaves shared code prefixes out of the search text', () => {
    expect(searchToken('KH26-0881917')).toBe('0881917');
    expect(searchToken('松林 边缘')).toBe('松林 边缘');
    expect(searchTextOf(columns, { s: 'KH26-0881917', n: 3 }, ['华埠镇'])).toBe('0881917 华埠镇');
  });
});
