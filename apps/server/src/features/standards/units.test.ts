import { ErrorCode, type StandardTableItem } from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { columnDescriptors, standardTables } from '../../db/schema/index.ts';
import { ensureStandards } from './service.ts';

type Fields = { fields: { field: string; message: string }[] };

/** Quantity columns declare their unit and kind (issue 26); the admin API keeps them meaningful. */
describe('standards: units of quantity columns', () => {
  let t: TestApp;
  let sys: string;

  const saveColumn = (body: Record<string, unknown>, lang = 'zh-CN') =>
    t.api<Fields>('POST', '/api/standard/saveColumn', { token: sys, body, headers: { lang } });
  const tables = async () =>
    (await t.api<StandardTableItem[]>('GET', '/api/standard/list', { token: sys })).value;
  const column = async (table: string, code: string) =>
    (await tables()).find((x) => x.code === table)!.columns.find((c) => c.code === code)!;

  beforeAll(async () => {
    t = await createTestApp();
    sys = await t.initAdmin();
    expect(
      (
        await t.api('POST', '/api/standard/saveTable', {
          token: sys,
          body: { code: 'dwcs0001', name: '单位测试' },
        })
      ).code,
    ).toBe(0);
    const unit = await saveColumn({
      tableCode: 'dwcs0001',
      code: 'dw',
      value: '单位',
      fldInput: 'select',
      rules: { options: ['株', '吨'].map((v) => ({ value: v, label: v })) },
    });
    expect(unit.code).toBe(0);
    const note = await saveColumn({ tableCode: 'dwcs0001', code: 'bz', value: '说明', fldInput: 'text' });
    expect(note.code).toBe(0);
  });
  afterAll(() => t.close());

  it('ships every built-in quantity with its unit and kind, and realistic felling limits', async () => {
    expect((await column('gbksdc0101', 'kssl')).rules).toMatchObject({ unit: '株', integer: true });
    expect((await column('gbycjc0101', 'tnsl')).rules).toMatchObject({ unit: '头', integer: true });
    expect((await column('gbymfs0101', 'yimushuliang')).rules).toMatchObject({
      unitColumn: 'jldw',
      maxByUnit: { 株: 2000, 吨: 500, 立方米: 1000 },
    });
    expect((await column('gbcfcz0101', 'xiongjing')).rules).toMatchObject({ min: 1, max: 150, unit: 'cm' });
    expect((await column('gbcfcz0101', 'shugao')).rules).toMatchObject({ min: 0.5, max: 50, unit: 'm' });
    expect((await column('gbcfcz0101', 'dungao')).rules).toMatchObject({ min: 0, max: 100, unit: 'cm' });
  });

  it('saves a quantity taking its unit from a select field of its table, with limits per unit', async () => {
    const res = await saveColumn({
      tableCode: 'dwcs0001',
      code: 'sl',
      value: '数量',
      fldInput: 'number',
      rules: { min: 0, max: 100, unitColumn: 'dw', maxByUnit: { 株: 50, 吨: 10 } },
    });
    expect(res.code).toBe(0);
    expect((await column('dwcs0001', 'sl')).rules).toEqual({
      min: 0,
      max: 100,
      unitColumn: 'dw',
      maxByUnit: { 株: 50, 吨: 10 },
    });
  });

  it('refuses an unknown unit, a unit field that is no select of the table, limits of other units', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { unit: '斤' },
        'rules.unit',
        '单位“斤”未定义，可选：株、头、人、个、次、吨、千克、立方米、公顷、亩、cm、m、km、分钟、小时、天、℃、%',
      ],
      [{ unitColumn: 'bz' }, 'rules.unitColumn', '计量单位字段“bz”不是本表在用的单选字段'],
      [{ unitColumn: 'jldw' }, 'rules.unitColumn', '计量单位字段“jldw”不是本表在用的单选字段'],
      [{ unit: '吨', unitColumn: 'dw' }, 'rules.unitColumn', '固定单位和计量单位字段只能设置其中一个'],
      [{ unit: '株', integer: false }, 'rules.integer', '“株”是计数单位，数量只能是整数'],
      [
        { unitColumn: 'dw', maxByUnit: { 立方米: 5 } },
        'rules.maxByUnit',
        '上限中的单位“立方米”不是计量单位字段“dw”的选项',
      ],
      [{ unitColumn: 'dw', maxByUnit: { 株: 0 } }, 'rules.maxByUnit', '“株”的上限须为正数'],
      [{ maxByUnit: { 株: 5 } }, 'rules.maxByUnit', '按单位设置上限须先指定计量单位字段'],
    ];
    for (const [rules, field, message] of cases) {
      const res = await saveColumn({
        tableCode: 'dwcs0001',
        code: 'sl2',
        value: '数量2',
        fldInput: 'number',
        rules,
      });
      expect(res.code, JSON.stringify(rules)).toBe(ErrorCode.validation);
      expect(res.value.fields).toContainEqual({ field, message });
    }
    const text = await saveColumn({
      tableCode: 'dwcs0001',
      code: 'sl3',
      value: '文字',
      fldInput: 'text',
      rules: { integer: true },
    });
    expect(text.value.fields).toEqual([
      { field: 'rules.integer', message: '单位、整数和按单位上限只适用于数字字段' },
    ]);
    const en = await saveColumn(
      { tableCode: 'dwcs0001', code: 'sl2', value: '数量2', fldInput: 'number', rules: { unit: '斤' } },
      'en',
    );
    expect(en.message).toContain('Unknown unit "斤"');
    expect((await tables()).find((x) => x.code === 'dwcs0001')!.columns.map((c) => c.code)).not.toContain(
      'sl2',
    );
  });

  it('keeps a unit field meaningful: its options stay units, it is not retired while used', async () => {
    const badOption = await saveColumn({
      tableCode: 'dwcs0001',
      code: 'dw',
      value: '单位',
      fldInput: 'select',
      rules: { options: ['株', '车'].map((v) => ({ value: v, label: v })) },
    });
    expect(badOption.code).toBe(ErrorCode.validation);
    expect(badOption.value.fields[0]).toMatchObject({ field: 'rules.options' });
    expect(badOption.message).toContain('“车”');
    const retire = await t.api('POST', '/api/standard/retireColumn', {
      token: sys,
      body: { tableCode: 'dwcs0001', code: 'dw' },
    });
    expect(retire.code).toBe(ErrorCode.validation);
    expect(retire.message).toBe('字段 dw 是“数量”的计量单位，不能停用');
    const jldw = await t.api('POST', '/api/standard/retireColumn', {
      token: sys,
      body: { tableCode: 'gbymfs0101', code: 'jldw' },
    });
    expect(jldw.message).toBe('字段 jldw 是“疫木数量”的计量单位，不能停用');
  });

  it('keeps the unit declarations a form leaves out; an explicit empty value clears them', async () => {
    // As the column dialog sends it: label, range and unit only.
    const relabel = await saveColumn({
      tableCode: 'gbymfs0101',
      code: 'yimushuliang',
      value: '疫木数量',
      fldDescript: '改了说明',
      fldInput: 'number',
      rules: { required: true, min: 0, max: 3000 },
    });
    expect(relabel.code).toBe(0);
    expect((await column('gbymfs0101', 'yimushuliang')).rules).toEqual({
      required: true,
      min: 0,
      max: 3000,
      unitColumn: 'jldw',
      maxByUnit: { 株: 2000, 吨: 500, 立方米: 1000 },
    });
    const cleared = await saveColumn({
      tableCode: 'dwcs0001',
      code: 'sl',
      value: '数量',
      fldInput: 'number',
      rules: { min: 0, unitColumn: '', maxByUnit: {} },
    });
    expect(cleared.code).toBe(0);
    expect((await column('dwcs0001', 'sl')).rules).toEqual({ min: 0 });
  });

  it('checks a factor’s unit and kind (its unit field only once it joins a table)', async () => {
    const bad = await t.api<Fields>('POST', '/api/yinzi/save', {
      token: sys,
      body: { code: 'mianji', value: '面积', fldInput: 'number', rules: { unit: '平方公里' } },
    });
    expect(bad.code).toBe(ErrorCode.validation);
    expect(bad.value.fields[0]?.field).toBe('rules.unit');
    const good = await t.api('POST', '/api/yinzi/save', {
      token: sys,
      body: { code: 'mianji', value: '面积', fldInput: 'number', rules: { unit: '公顷', min: 0 } },
    });
    expect(good.code).toBe(0);
  });

  it('brings installed built-in fields to today’s rules where unedited, keeps edited limits', async () => {
    const { db } = t.deps.database;
    const setRules = (table: string, code: string, rules: unknown, fldDescript?: string) =>
      db
        .update(columnDescriptors)
        .set({ rules: rules as never, ...(fldDescript !== undefined ? { fldDescript } : {}) })
        .where(and(eq(columnDescriptors.tableCode, table), eq(columnDescriptors.code, code)));
    const version = async (table: string) =>
      (
        await db
          .select({ v: standardTables.version })
          .from(standardTables)
          .where(eq(standardTables.code, table))
      )[0]!.v;
    // As an installation of the previous version holds them: one as shipped, one edited by its admin.
    await setRules('gbksdc0101', 'kssl', { required: true, min: 0, max: 10000, unit: '株' });
    await setRules('gbymfs0101', 'yimushuliang', { required: true, min: 0, max: 50000 }, '');
    await setRules('gbcfcz0101', 'xiongjing', { unit: 'cm', max: 200, min: 1, required: true });
    await setRules('gbcfcz0101', 'shugao', { min: 0.5, max: 45, unit: 'm' });
    const before = {
      ksdc: await version('gbksdc0101'),
      cfcz: await version('gbcfcz0101'),
      ycjc: await version('gbycjc0101'),
    };

    await ensureStandards(db);
    expect((await column('gbksdc0101', 'kssl')).rules).toEqual({
      required: true,
      min: 0,
      max: 5000,
      unit: '株',
      integer: true,
    });
    // Edited: its limit stays, it gains the unit declaration.
    const burn = await column('gbymfs0101', 'yimushuliang');
    expect(burn.rules).toEqual({
      required: true,
      min: 0,
      max: 50000,
      unitColumn: 'jldw',
      maxByUnit: { 株: 2000, 吨: 500, 立方米: 1000 },
    });
    expect(burn.fldDescript).toContain('株为整数');
    // Key order is not an edit (jsonb reorders keys).
    expect((await column('gbcfcz0101', 'xiongjing')).rules).toEqual({
      required: true,
      min: 1,
      max: 150,
      unit: 'cm',
    });
    expect((await column('gbcfcz0101', 'shugao')).rules).toEqual({ min: 0.5, max: 45, unit: 'm' });
    expect(await version('gbksdc0101')).toBe(before.ksdc + 1);
    expect(await version('gbcfcz0101')).toBe(before.cfcz + 1);
    expect(await version('gbycjc0101')).toBe(before.ycjc);

    // A second start changes nothing.
    await ensureStandards(db);
    expect(await version('gbksdc0101')).toBe(before.ksdc + 1);
  });
});
