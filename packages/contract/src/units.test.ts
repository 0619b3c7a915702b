import { describe, expect, it } from 'vitest';
import { quantityLimits, quantityRuleProblems, unitOfQuantity } from './standards.ts';
import { amountsText, isCountUnit, isQuantityUnit } from './units.ts';

describe('units', () => {
  it('knows its units and which are counts', () => {
    expect(isQuantityUnit('株')).toBe(true);
    expect(isQuantityUnit('toString')).toBe(false);
    expect(['株', '头', '人', '个', '次'].every(isCountUnit)).toBe(true);
    expect(['吨', '立方米', 'cm', '', undefined, 'constructor'].some(isCountUnit)).toBe(false);
  });

  it('writes burnt wood a figure per unit, never one sum', () => {
    expect(amountsText({ trees: 32, tons: 201.2, m3: 0 }, 'zh-CN')).toBe('32 株 · 201.2 吨');
    expect(amountsText({ trees: 57057, tons: 0, m3: 12.754 }, 'zh-CN')).toBe('57,057 株 · 12.75 立方米');
    expect(amountsText({ trees: 0, tons: 0, m3: 0 }, 'en')).toBe('0 trees');
    expect(amountsText({ trees: 3, tons: 1.5, m3: 2 }, 'en', { wood: true })).toBe('1.5 t · 2 m³');
  });

  it('reads a quantity’s unit from its column or its unit field, the stored one on a correction', () => {
    const qty = { code: 'sl', fldInput: 'number', rules: { unitColumn: 'dw', maxByUnit: { 株: 10, 吨: 5 } } };
    expect(unitOfQuantity(qty, { dw: ' 吨 ' })).toBe('吨');
    expect(unitOfQuantity(qty, {}, { dw: '株' })).toBe('株');
    expect(unitOfQuantity(qty, { dw: '吨' }, { dw: '株' })).toBe('吨');
    expect(unitOfQuantity({ code: 'k', fldInput: 'number', rules: { unit: '株' } }, {})).toBe('株');
    expect(quantityLimits(qty, '株')).toEqual({ integer: true, max: 10 });
    expect(quantityLimits(qty, '吨')).toEqual({ integer: false, max: 5 });
    // No unit given: the strictest reading of the units offered.
    expect(quantityLimits(qty, '', ['株', '吨'])).toEqual({ integer: true, max: 5 });
  });

  it('names what is wrong with a quantity’s unit rules', () => {
    const unitField = { code: 'dw', fldInput: 'select', rules: { options: [{ value: '株', label: '株' }] } };
    const problems = (rules: Record<string, unknown>, fldInput = 'number') =>
      quantityRuleProblems({ code: 'sl', fldInput, rules }, [unitField], 'en').map((p) => p.field);
    expect(problems({ unitColumn: 'dw', maxByUnit: { 株: 10 } })).toEqual([]);
    expect(problems({ unit: 'kg' })).toEqual(['rules.unit']);
    expect(problems({ unitColumn: 'dw', maxByUnit: { 吨: 10 } })).toEqual(['rules.maxByUnit']);
    expect(problems({ unitColumn: 'dw', integer: false })).toEqual(['rules.integer']);
    expect(problems({ integer: true }, 'text')).toEqual(['rules.integer']);
    // A text field's unit was always allowed and is ignored.
    expect(problems({ unit: 'whatever' }, 'text')).toEqual([]);
  });
});
