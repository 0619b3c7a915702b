import { randomUUID } from 'node:crypto';
import {
  type BurnRecordPage,
  type ChartValue,
  type CollectResult,
  ErrorCode,
  type RatioValue,
  type SevenDayItem,
  type YesterdayValue,
} from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { randomTag } from '../../../test/records.ts';

/** A real 1×1 PNG (uploaded as a photo). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The six fire reports through the API, on a small fixture of KH2026 whose every figure below was
 * COUNTED BY HAND (report day 2026-11-20; the demo seed made by /api/system/init holds burn points
 * but no records). Burn records (gbymfs0101), submit time in China time:
 *   #1 华埠镇疫木焚烧炉 10 株  KH-BD01 11-20 09:00 (approved)
 *   #2 华埠镇疫木焚烧炉 2.5 吨 KH-BD01 11-20 15:00
 *   #3 齐溪镇露天焚烧点 4 株   KH-BD03 11-20 23:30 (a suspended point)
 *   #4 无名焚烧点       6 株   KH-BD02 11-20 08:00 (no such point)
 *   #5 马金镇露天焚烧点 8 株   KH-BD02 11-19 10:00 (approved)
 *   #6 马金镇露天焚烧点 3 株   KH-BD02 11-14 10:00 (first of the seven days)
 *   #7 马金镇露天焚烧点 5 株   KH-BD02 11-13 10:00 (before the seven days, inside the chart)
 *   #8 华埠镇疫木焚烧炉 7 株   KH-BD01 11-21 00:30 (after the report day: 11-20 16:30 UTC)
 * Felling records (gbcfcz0101): 20 in KH-BD01 and 40 in KH-BD02 on 11-18, one more in KH-BD01 on 11-21.
 */
describe('fire reports', () => {
  let t: TestApp;
  let admin: string;
  let bd: string;
  let photo: string;
  const body = { reportDay: '2026-11-20' };
  const ids: string[] = [];

  const report = <T>(path: string, token: string, extra: Record<string, unknown> = {}) =>
    t.api<T>('POST', `/api/summary/${path}`, { token, body: { ...body, ...extra } });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    bd = await t.signIn('demo_bd', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: bd, body: { prjCode: 'KH2026' } });
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'burn.png');
    const res = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: admin, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    photo = (up.json() as { value: { id: string } }).value.id;

    const burn = (fsd: string, qty: number, unit: string, section: string, at: string) => {
      const uuid = randomUUID();
      ids.push(uuid);
      return {
        uuid,
        tableCode: 'gbymfs0101',
        sectionCode: section,
        timeSubmit: `${at}+08:00`,
        gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
        fields: {
          fsd,
          yimushuliang: qty,
          jldw: unit,
          fssj: at.slice(0, 10),
          pic_before: [photo],
          pic_burning: [photo],
        },
      };
    };
    const fell = (section: string, at: string) => ({
      uuid: randomUUID(),
      tableCode: 'gbcfcz0101',
      sectionCode: section,
      timeSubmit: `${at}+08:00`,
      gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
      fields: {
        qrcode: randomTag('T'),
        shuzhong: '马尾松',
        xiongjing: 20,
        dungao: 3,
        multi_fzcl: '剥皮',
        pic_before: [photo],
        pic_stump: [photo],
        pic_treated: [photo],
      },
    });
    const records = [
      burn('华埠镇疫木焚烧炉', 10, '株', 'KH-BD01', '2026-11-20T09:00:00'),
      burn('华埠镇疫木焚烧炉', 2.5, '吨', 'KH-BD01', '2026-11-20T15:00:00'),
      burn('齐溪镇露天焚烧点', 4, '株', 'KH-BD03', '2026-11-20T23:30:00'),
      burn('无名焚烧点', 6, '株', 'KH-BD02', '2026-11-20T08:00:00'),
      burn('马金镇露天焚烧点', 8, '株', 'KH-BD02', '2026-11-19T10:00:00'),
      burn('马金镇露天焚烧点', 3, '株', 'KH-BD02', '2026-11-14T10:00:00'),
      burn('马金镇露天焚烧点', 5, '株', 'KH-BD02', '2026-11-13T10:00:00'),
      burn('华埠镇疫木焚烧炉', 7, '株', 'KH-BD01', '2026-11-21T00:30:00'),
      ...Array.from({ length: 20 }, () => fell('KH-BD01', '2026-11-18T10:00:00')),
      ...Array.from({ length: 40 }, () => fell('KH-BD02', '2026-11-18T11:00:00')),
      fell('KH-BD01', '2026-11-21T10:00:00'),
    ];
    const made = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
    });
    const bad = made.value.results.filter((r) => r.status !== 'created');
    if (made.code !== 0 || bad.length)
      throw new Error(`fixture refused: ${made.message} ${JSON.stringify(bad)}`);
    const approved = await t.api('POST', '/api/data/examine', {
      token: admin,
      body: { ids: [ids[0], ids[4]], action: 'approve' },
    });
    if (approved.code !== 0) throw new Error(approved.message);
  });
  afterAll(() => t.close());

  it('fsYesterdayReport: per point the day’s burns, approved burns and quantity per unit, flagged states, total', async () => {
    const res = await report<YesterdayValue>('fsYesterdayReport', admin);
    expect(res.code).toBe(0);
    expect(res.value.day).toBe('2026-11-20');
    const byName = new Map(res.value.list.map((p) => [p.name, p]));
    // Every registered point is listed (five demo points) plus the unknown name.
    expect(res.value.list).toHaveLength(6);
    expect(byName.get('华埠镇疫木焚烧炉')).toEqual({
      name: '华埠镇疫木焚烧炉',
      pointState: 'approved',
      burns: 2,
      passed: 1,
      trees: 10,
      tons: 2.5,
      m3: 0,
      quantities: [
        { unit: '吨', quantity: 2.5 },
        { unit: '株', quantity: 10 },
      ],
    });
    expect(byName.get('齐溪镇露天焚烧点')).toMatchObject({ pointState: 'suspended', burns: 1, passed: 0 });
    expect(byName.get('无名焚烧点')).toMatchObject({
      pointState: 'unknown',
      burns: 1,
      quantities: [{ unit: '株', quantity: 6 }],
    });
    expect(byName.get('马金镇露天焚烧点')).toMatchObject({ burns: 0, quantities: [] });
    expect(res.value.list.at(-1)!.name).toBe('无名焚烧点');
    // Per unit: 20 株 and 2.5 吨, never "22.5".
    expect(res.value.total).toEqual({
      burns: 4,
      passed: 1,
      trees: 20,
      tons: 2.5,
      m3: 0,
      quantities: [
        { unit: '吨', quantity: 2.5 },
        { unit: '株', quantity: 20 },
      ],
    });
    // The section manager sees KH-BD01 only: the two burns at 华埠镇.
    const own = await report<YesterdayValue>('fsYesterdayReport', bd);
    expect(own.value.total.burns).toBe(2);
  });

  it('sevenDayReport: seven days ending on the report day, zeros included, trees and tons apart', async () => {
    const res = await report<{ list: SevenDayItem[] }>('sevenDayReport', admin);
    expect(res.code).toBe(0);
    const none = { tons: 0, m3: 0 };
    expect(res.value.list).toEqual([
      { day: '2026-11-14', burns: 1, passed: 0, trees: 3, ...none },
      { day: '2026-11-15', burns: 0, passed: 0, trees: 0, ...none },
      { day: '2026-11-16', burns: 0, passed: 0, trees: 0, ...none },
      { day: '2026-11-17', burns: 0, passed: 0, trees: 0, ...none },
      { day: '2026-11-18', burns: 0, passed: 0, trees: 0, ...none },
      { day: '2026-11-19', burns: 1, passed: 1, trees: 8, ...none },
      { day: '2026-11-20', burns: 4, passed: 1, trees: 20, tons: 2.5, m3: 0 },
    ]);
  });

  it('fsdCheckPassList (page size 8) and fsdCreateReportList (page size 2): newest first, up to the report day', async () => {
    const passed = await report<BurnRecordPage>('fsdCheckPassList', admin);
    expect(passed.code).toBe(0);
    expect(passed.value.total).toBe(2);
    expect(passed.value.list.map((r) => r.id)).toEqual([ids[0], ids[4]]);
    expect(passed.value.list[0]).toMatchObject({
      fsd: '华埠镇疫木焚烧炉',
      pointState: 'approved',
      yimushuliang: 10,
      jldw: '株',
      fssj: '2026-11-20',
      biaoduan: 'KH-BD01',
      code_state: '20',
    });
    expect(passed.value.list[0]!.sectionName).toContain('第一标段');

    const created = await report<BurnRecordPage>('fsdCreateReportList', admin);
    expect(created.value.total).toBe(7);
    expect(created.value.list.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(created.value.list[0]!.pointState).toBe('suspended');
    const page2 = await report<BurnRecordPage>('fsdCreateReportList', admin, { pageNum: 2 });
    expect(page2.value.list.map((r) => r.id)).toEqual([ids[0], ids[3]]);
    expect(page2.value.list[1]!.pointState).toBe('unknown');
  });

  it('fsdChartReport: thirty days per point, burns and trees per day', async () => {
    const res = await report<ChartValue>('fsdChartReport', admin);
    expect(res.code).toBe(0);
    expect(res.value.days).toHaveLength(30);
    expect(res.value.days[0]).toBe('2026-10-22');
    expect(res.value.days[29]).toBe('2026-11-20');
    const majin = res.value.list.find((s) => s.name === '马金镇露天焚烧点')!;
    // 11-13 is index 22, 11-14 index 23, 11-19 index 28.
    expect(majin.burns.reduce((a, b) => a + b, 0)).toBe(3);
    expect([majin.burns[22], majin.burns[23], majin.burns[28]]).toEqual([1, 1, 1]);
    expect([majin.trees[22], majin.trees[23], majin.trees[28]]).toEqual([5, 3, 8]);
    const huabu = res.value.list.find((s) => s.name === '华埠镇疫木焚烧炉')!;
    // 10 株 and 2.5 吨 on the 20th: two burns, 10 trees (the 21st's burn is after the report day).
    expect([huabu.burns[29], huabu.trees[29], huabu.tons[29], huabu.m3[29]]).toEqual([2, 10, 2.5, 0]);
    expect(huabu.burns.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('fszpylReport: burned trees over felled trees per section and in total', async () => {
    const res = await report<RatioValue>('fszpylReport', admin);
    expect(res.code).toBe(0);
    const bySection = new Map(res.value.list.map((s) => [s.sectionCode, s]));
    // BD01: 10 burned / 20 felled; BD02: 6 + 8 + 3 + 5 = 22 / 40; BD03: 4 burned, nothing felled.
    // BD01's 2.5 吨 is shown beside its 10 trees, outside the ratio.
    expect(bySection.get('KH-BD01')).toMatchObject({ felled: 20, burned: 10, burnedTons: 2.5, ratio: 50 });
    expect(bySection.get('KH-BD02')).toMatchObject({ felled: 40, burned: 22, ratio: 55 });
    expect(bySection.get('KH-BD03')).toMatchObject({ felled: 0, burned: 4, ratio: null });
    expect(res.value.total).toMatchObject({
      sectionName: '合计',
      felled: 60,
      burned: 36,
      burnedTons: 2.5,
      burnedM3: 0,
      ratio: 60,
    });
    const own = await report<RatioValue>('fszpylReport', bd);
    expect(own.value.list.map((s) => s.sectionCode)).toEqual(['KH-BD01']);
    expect(own.value.total).toMatchObject({ felled: 20, burned: 10 });
  });

  it('flags, in the records list and the detail, burn records naming a suspended or unregistered point', async () => {
    const list = await t.api<{ result: { list: { id: string; fsd: string; fsd_flag?: string }[] } }>(
      'POST',
      '/api/sync/queryDataList',
      { token: admin, body: { prjStandCode: 'gbymfs0101', pageNum: 1, pageSize: 10 } },
    );
    expect(list.code).toBe(0);
    const flags = new Map(list.value.result.list.map((r) => [r.id, r.fsd_flag]));
    expect(flags.size).toBe(8);
    expect(flags.get(ids[2]!)).toBe('suspended'); // 齐溪镇露天焚烧点
    expect(flags.get(ids[3]!)).toBe('unknown'); // 无名焚烧点
    expect([ids[0], ids[1], ids[4], ids[5], ids[6], ids[7]].map((id) => flags.get(id!))).toEqual(
      Array(6).fill(undefined),
    );
    const detail = await t.api<{ data: { fsd_flag?: string } }>('POST', '/api/sync/queryDataDetail', {
      token: admin,
      body: { id: ids[3] },
    });
    expect(detail.value.data.fsd_flag).toBe('unknown');
    // Felling records have no burn point: never flagged.
    const felling = await t.api<{ result: { list: { fsd_flag?: string }[] } }>(
      'POST',
      '/api/sync/queryDataList',
      {
        token: admin,
        body: { prjStandCode: 'gbcfcz0101', pageNum: 1, pageSize: 5 },
      },
    );
    expect(felling.value.result.list.every((r) => r.fsd_flag === undefined)).toBe(true);
  });

  it('refuses another project, an unknown table, a huge page and a future or malformed day, never 5xx', async () => {
    for (const path of [
      'fsYesterdayReport',
      'sevenDayReport',
      'fsdCheckPassList',
      'fsdCreateReportList',
      'fsdChartReport',
      'fszpylReport',
    ]) {
      const other = await report(path, admin, { projectCode: 'JS2026' });
      expect(other.code, path).toBe(ErrorCode.forbidden);
      const table = await report(path, admin, { dynaimcTableName: "gbymfs0101'; drop table records; --" });
      expect(table.code, path).toBe(ErrorCode.validation);
      expect(table.message).toContain('不是本项目的标准表');
      const future = await report(path, admin, { reportDay: '2999-01-01' });
      expect(future.code, path).toBe(ErrorCode.validation);
      expect(future.message).toContain('统计日期');
      const malformed = await report(path, admin, { reportDay: '2026-13-40' });
      expect(malformed.code, path).toBe(ErrorCode.validation);
      expect(malformed.message).toContain('统计日期');
    }
    const huge = await report('fsdCheckPassList', admin, { pageSize: 1_000_000 });
    expect(huge.code).toBe(ErrorCode.validation);
    const deep = await report('fsdCreateReportList', admin, { pageNum: 1_000_000 });
    expect(deep.code).toBe(ErrorCode.validation);
    // The default day (yesterday) answers on an empty project too.
    const plain = await t.api<YesterdayValue>('POST', '/api/summary/fsYesterdayReport', {
      token: admin,
      body: {},
    });
    expect(plain.code).toBe(0);
  });
});
