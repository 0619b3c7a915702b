import type { ColumnDescriptor } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { builtinMeasures } from '../standards/builtin.ts';
import { exportColumns } from './columns.ts';

const table = (code: string): ColumnDescriptor[] =>
  builtinMeasures
    .find((m) => m.table.code === code)!
    .table.columns.map((c, i) => ({
      code: c.code,
      value: c.value,
      fldDescript: c.fldDescript ?? '',
      fldInput: c.fldInput,
      sort: (i + 1) * 10,
      rules: c.rules ?? {},
      retired: false,
    }));

describe('export columns carry units beside quantities', () => {
  it('heads a quantity with its unit', () => {
    const felling = exportColumns(table('gbcfcz0101'), 'zh-CN').map((c) => c.label);
    expect(felling).toEqual(expect.arrayContaining(['胸径（cm）', '树高（m）', '伐桩高度（cm）']));
    expect(exportColumns(table('gbksdc0101'), 'en').map((c) => c.label)).toContain('枯死株数 (株)');
  });

  it('puts the unit field right after the quantity that takes its unit from it', () => {
    const burning = exportColumns(table('gbymfs0101'), 'zh-CN').map((c) => c.code);
    const at = burning.indexOf('yimushuliang');
    expect(burning.slice(at, at + 2)).toEqual(['yimushuliang', 'jldw']);
    expect(burning.filter((c) => c === 'jldw')).toHaveLength(1);
    // Even when an administrator sorted the unit field elsewhere.
    const moved = table('gbymfs0101').map((c) => (c.code === 'jldw' ? { ...c, sort: 9999 } : c));
    const codes = exportColumns(moved, 'zh-CN').map((c) => c.code);
    expect(codes[codes.indexOf('yimushuliang') + 1]).toBe('jldw');
    expect(codes.at(-1)).not.toBe('jldw');
  });
});
