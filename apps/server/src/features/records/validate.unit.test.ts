import { type ColumnDescriptor, tagCodeFor } from '@pineguard/contract';
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

/** Quantities and their units (issue 26): counts are whole, limits per unit, the unit of a correction. */
describe('validateFields: quantities', () => {
  const burn = [
    {
      ...col('yimushuliang', 'number', {
        required: true,
        min: 0,
        max: 2000,
        unitColumn: 'jldw',
        maxByUnit: { 株: 2000, 吨: 500, 立方米: 1000 },
      }),
      value: '疫木数量',
    },
    { ...col('jldw', 'select', { required: true, options: opts('株', '立方米', '吨') }), value: '计量单位' },
    { ...col('kssl', 'number', { min: 0, max: 5000, unit: '株' }), value: '枯死株数' },
    { ...col('tnsl', 'number', { min: 0, max: 1000, unit: '头' }), value: '天牛数量' },
    { ...col('cishu', 'number', { integer: true }), value: '次数' },
    { ...col('xiongjing', 'number', { min: 1, max: 150, unit: 'cm' }), value: '胸径' },
  ];
  const run = (
    fields: Record<string, unknown>,
    extra: { partial?: boolean; current?: Record<string, unknown> } = {},
  ) => validateFields(burn, fields, { lang: 'zh-CN', projectCode: 'KH', files, ...extra });
  const byField = (r: ReturnType<typeof run>) =>
    Object.fromEntries(r.errors.map((e) => [e.field, e.message]));

  it('refuses a fractional count, naming the field and its unit', () => {
    const r = run({ yimushuliang: 32.2, jldw: '株', kssl: 10.6, tnsl: '3.5', cishu: 1.5 });
    expect(byField(r)).toEqual({
      yimushuliang: '疫木数量以“株”计，须为整数，不能为 32.2',
      kssl: '枯死株数以“株”计，须为整数，不能为 10.6',
      tnsl: '天牛数量以“头”计，须为整数，不能为 3.5',
      cishu: '次数须为整数，不能为 1.5',
    });
    const en = validateFields(
      burn,
      { yimushuliang: 2.5, jldw: '株' },
      { lang: 'en', projectCode: 'KH', files },
    );
    expect(en.errors[0]?.message).toBe('疫木数量 is counted in 株 and must be a whole number, not 2.5');
  });

  it('takes decimals in tons and cubic metres, and whole counts as numbers', () => {
    expect(run({ yimushuliang: 201.2, jldw: '吨' })).toEqual({
      values: { yimushuliang: 201.2, jldw: '吨' },
      errors: [],
    });
    expect(run({ yimushuliang: '12.75', jldw: '立方米' }).values.yimushuliang).toBe(12.75);
    expect(run({ yimushuliang: '32', jldw: '株', kssl: '7' }).values).toEqual({
      yimushuliang: 32,
      jldw: '株',
      kssl: 7,
    });
    expect(run({ xiongjing: 23.5 }, { partial: true }).errors).toEqual([]);
  });

  it('refuses a negative or absurd quantity by its unit’s limit', () => {
    expect(byField(run({ yimushuliang: -1, jldw: '吨' })).yimushuliang).toBe('疫木数量不能小于 0');
    expect(byField(run({ yimushuliang: 600, jldw: '吨' })).yimushuliang).toBe('疫木数量不能大于 500 吨');
    expect(run({ yimushuliang: 600, jldw: '立方米' }).errors).toEqual([]);
    expect(byField(run({ yimushuliang: 2001, jldw: '株' })).yimushuliang).toBe('疫木数量不能大于 2000 株');
    expect(byField(run({ kssl: 5001 })).kssl).toBe('枯死株数不能大于 5000 株');
    expect(byField(run({ xiongjing: 178 }, { partial: true })).xiongjing).toBe('胸径不能大于 150 cm');
  });

  it('refuses a unit not in the table’s list', () => {
    expect(byField(run({ yimushuliang: 3, jldw: '公斤' })).jldw).toBe('计量单位的值“公斤”不在选项中');
  });

  it('without a unit, holds the quantity to the strictest unit offered (it would count as trees)', () => {
    const r = run({ yimushuliang: 12.5 });
    expect(byField(r).yimushuliang).toBe('疫木数量须为整数，不能为 12.5');
    expect(byField(r).jldw).toBe('计量单位为必填项');
    expect(byField(run({ yimushuliang: 800 })).yimushuliang).toBe('疫木数量不能大于 500');
  });

  it('checks a correction of the quantity alone in the stored unit', () => {
    const tons = { yimushuliang: 20, jldw: '吨' };
    const trees = { yimushuliang: 20, jldw: '株' };
    expect(run({ yimushuliang: 12.5 }, { partial: true, current: tons })).toEqual({
      values: { yimushuliang: 12.5 },
      errors: [],
    });
    expect(byField(run({ yimushuliang: 12.5 }, { partial: true, current: trees })).yimushuliang).toContain(
      '须为整数',
    );
    // The unit alone: the stored quantity must hold in the new one; a new pair is checked together.
    const toTrees = run({ jldw: '株' }, { partial: true, current: { yimushuliang: 12.5, jldw: '吨' } });
    expect(byField(toTrees).yimushuliang).toBe('疫木数量以“株”计，须为整数，不能为 12.5');
    expect(toTrees.values).toEqual({ jldw: '株' });
    expect(
      run({ jldw: '株', yimushuliang: 12 }, { partial: true, current: { yimushuliang: 12.5, jldw: '吨' } })
        .errors,
    ).toEqual([]);
    expect(run({ jldw: '立方米' }, { partial: true, current: tons }).errors).toEqual([]);
  });
});

describe('QR tag fields', () => {
  const tags = [
    col('qrcode', 'text', { maxLength: 32, qrTag: true }),
    col('multi_qrcode', 'text', { qrTag: true }),
  ];
  const one = tagCodeFor('KH', '0123456789');
  const two = tagCodeFor('KH', 'ABCDEFGHJK');
  const checkTags = (fields: Record<string, unknown>) =>
    validateFields(tags, fields, { lang: 'zh-CN', projectCode: 'KH', files });

  it('stores one canonical spelling: upper case, O as 0, a list comma-separated without repeats', () => {
    const typed = one.toLowerCase().replace(/0/g, 'o');
    const r = checkTags({ qrcode: ` ${typed} `, multi_qrcode: `${two}， ${one};${two}  ${typed}` });
    expect(r.errors).toEqual([]);
    expect(r.values).toEqual({ qrcode: one, multi_qrcode: `${two},${one}` });
  });

  it('refuses a code of the wrong shape or with a wrong check character, naming the field and the code', () => {
    const wrongCheck = one.slice(0, -1) + (one.endsWith('0') ? '1' : '0');
    for (const bad of ['KH26-0000042', wrongCheck, 'https://example.cn/q/KH-1']) {
      const r = checkTags({ qrcode: bad });
      expect(r.errors).toEqual([
        { field: 'qrcode', message: expect.stringContaining('不是有效的二维码编号') },
      ]);
      expect(r.values).toEqual({});
    }
    const list = checkTags({ multi_qrcode: `${one},KH-BAD` });
    expect(list.errors).toEqual([
      { field: 'multi_qrcode', message: 'MULTI_QRCODE“KH-BAD”不是有效的二维码编号，请重新扫码' },
    ]);
  });
});
