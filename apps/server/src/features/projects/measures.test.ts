import { ErrorCode, saveFactorBody, type StandardTableItem } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { demoProjectAdmins } from './testKit.ts';
import { metadataLimits } from '../standards/index.ts';

// A project's control measures and the standard tables (with their column descriptors) they bring.
describe('control measures and standard tables', () => {
  let t: TestApp;
  let admin: string;
  let kh: string;

  beforeAll(async () => {
    ({ t, admin, kh } = await demoProjectAdmins());
  });
  afterAll(() => t.close());

  it('sets control measures and serves their standard tables with column descriptors', async () => {
    const bad = await t.api('POST', '/api/project/setUpType', {
      token: kh,
      body: { prjCode: 'KH2026', measureCodes: ['nope'] },
    });
    expect(bad.message).toBe('防治措施 nope 不存在');
    const set = await t.api<{ code: string }[]>('POST', '/api/project/setUpType', {
      token: kh,
      body: { prjCode: 'KH2026', measureCodes: ['cfcz', 'ymfs', 'ycjc'] },
    });
    expect(set.value.map((m) => m.code)).toEqual(['cfcz', 'ymfs', 'ycjc']);
    const tables = await t.api<StandardTableItem[]>('POST', '/api/project/prj1StandCodeList', {
      token: kh,
      body: { prjCode: 'KH2026' },
    });
    expect(tables.value.map((tb) => tb.code)).toEqual(['gbcfcz0101', 'gbycjc0101', 'gbymfs0101']);
    const burn = tables.value.find((tb) => tb.code === 'gbymfs0101')!;
    expect(burn.columns.find((c) => c.code === 'yimushuliang')).toMatchObject({
      value: '疫木数量',
      fldInput: 'number',
      rules: { required: true, min: 0 },
    });
    expect(burn.columns.filter((c) => c.fldInput === 'photo').every((c) => c.code.startsWith('pic_'))).toBe(
      true,
    );
  });

  it('ships the demo reporting factors, each valid as the factor form would save it', async () => {
    const factors = await t.api<{ code: string; value: string }[]>('GET', '/api/yinzi/list', {
      token: admin,
    });
    expect(factors.value.map((f) => f.value)).toEqual(
      expect.arrayContaining(['天气', '小班号', '作业人数', '海拔']),
    );
    for (const factor of factors.value) expect(saveFactorBody.safeParse(factor).success).toBe(true);
  });

  it('bounds the metadata lists: a new factor beyond the limit is refused, editing one is not', async () => {
    const factors = await t.api<{ code: string }[]>('GET', '/api/yinzi/list', { token: admin });
    const saved = metadataLimits.factors;
    metadataLimits.factors = factors.value.length;
    try {
      const body = { code: 'shuliang_new', value: '数量', fldInput: 'number' };
      const refused = await t.api('POST', '/api/yinzi/save', { token: admin, body });
      expect(refused.code).toBe(ErrorCode.validation);
      expect(refused.message).toBe(`上报因子最多 ${factors.value.length} 个，请先删除不用的因子`);
      const edit = await t.api('POST', '/api/yinzi/save', {
        token: admin,
        body: { code: 'haiba', value: '海拔高度', fldInput: 'number', rules: { unit: 'm' } },
      });
      expect(edit.code).toBe(0);
    } finally {
      metadataLimits.factors = saved;
    }
  });

  it('validates column descriptors and retires a removed field instead of losing it', async () => {
    const wrongPrefix = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'photo_x', value: '照片', fldInput: 'photo' },
    });
    expect(wrongPrefix.message).toBe('字段编码前缀须与类型一致：照片 pic_、视频 vdo_、多选 multi_');
    const unsafe = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'x"; drop table users;--', value: '坏', fldInput: 'text' },
    });
    expect(unsafe.code).toBe(ErrorCode.validation);
    const noOptions = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'fsfs', value: '焚烧方式', fldInput: 'select' },
    });
    expect(noOptions.message).toBe('单选和多选字段须至少有一个选项');
    const added = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: {
        tableCode: 'gbymfs0101',
        code: 'fsfs',
        value: '焚烧方式',
        fldInput: 'select',
        sort: 65,
        rules: {
          options: [
            { value: '集中焚烧', label: '集中焚烧' },
            { value: '就地焚烧', label: '就地焚烧' },
          ],
        },
      },
    });
    expect(added.code).toBe(0);
    expect(
      (
        await t.api('POST', '/api/standard/retireColumn', {
          token: admin,
          body: { tableCode: 'gbymfs0101', code: 'fsfs' },
        })
      ).message,
    ).toBe('已停用');
    const all = await t.api<StandardTableItem[]>('GET', '/api/standard/list', { token: kh });
    expect(
      all.value.find((tb) => tb.code === 'gbymfs0101')?.columns.find((c) => c.code === 'fsfs')?.retired,
    ).toBe(true);
    const active = await t.api<StandardTableItem[]>('POST', '/api/project/prj1StandCodeList', {
      token: kh,
      body: { prjCode: 'KH2026' },
    });
    expect(active.value.find((tb) => tb.code === 'gbymfs0101')?.columns.some((c) => c.code === 'fsfs')).toBe(
      false,
    );
    const byProjectAdmin = await t.api('POST', '/api/standard/saveTable', {
      token: kh,
      body: { code: 'gbtest0101', name: '测试' },
    });
    expect(byProjectAdmin.code).toBe(ErrorCode.forbidden);
  });
});
