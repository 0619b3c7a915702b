import type { ColumnDescriptor } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { exportColumns } from './columns.ts';

const col = (code: string, value: string, fldInput: string, sort: number, rules = {}): ColumnDescriptor => ({
  code,
  value,
  fldDescript: '',
  fldInput,
  sort,
  rules,
  retired: false,
});
/** As the built-in tables declare them (standards/builtin.ts). */
const felling = [
  col('qrcode', '二维码编号', 'text', 10),
  col('xiongjing', '胸径', 'number', 30, { min: 1, max: 150, unit: 'cm' }),
  col('shugao', '树高', 'number', 40, { min: 0.5, max: 50, unit: 'm' }),
];
const burning = (unitSort: number) => [
  col('fsd', '焚烧点', 'text', 10),
  col('yimushuliang', '疫木数量', 'number', 20, { unitColumn: 'jldw', maxByUnit: { 株: 2000 } }),
  col('jldw', '计量单位', 'select', unitSort, { options: [{ value: '株', label: '株' }] }),
  col('fssj', '焚烧时间', 'date', 40),
  col('beizhu', '备注', 'textarea', 50),
];

describe('export columns carry units beside quantities', () => {
  it('heads a quantity with its unit', () => {
    expect(exportColumns(felling, 'zh-CN').map((c) => c.label)).toEqual(
      expect.arrayContaining(['二维码编号', '胸径（cm）', '树高（m）']),
    );
    expect(exportColumns(felling, 'en').map((c) => c.label)).toContain('胸径 (cm)');
  });

  it('puts the unit field right after the quantity that takes its unit from it', () => {
    for (const sort of [30, 9999, 1]) {
      const codes = exportColumns(burning(sort), 'zh-CN').map((c) => c.code);
      const at = codes.indexOf('yimushuliang');
      expect(codes.slice(at, at + 2), String(sort)).toEqual(['yimushuliang', 'jldw']);
      expect(codes.filter((c) => c === 'jldw')).toHaveLength(1);
      expect(codes.at(-1)).toBe('beizhu');
    }
  });
});
