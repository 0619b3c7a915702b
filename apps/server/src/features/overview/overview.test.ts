import {
  ErrorCode,
  type HomeData,
  homeDataValue,
  type ProcessList,
  processListValue,
  type TableSummary,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ago,
  chinaDay,
  collect,
  examine,
  fellingFields,
  seedRecord,
  signInTo,
  surveyFields,
  uploadPhoto,
} from '../../../test/records.ts';

/**
 * The hand-counted data set (KH2026 unless said):
 *   survey  gbksdc0101 kssl: BD01 5 today 华埠镇; BD01 3 3 days ago 池淮镇; BD02 7 30 days ago;
 *           BD02 100 today, rejected (never counts)
 *   felling gbcfcz0101: BD01 ×2 today 华埠镇 (approved); BD01 ×1 3 days ago 池淮镇; BD02 ×1 30 days ago
 *   burning gbymfs0101: BD01 10 株 today 华埠镇; BD02 6 株 3 days ago; BD01 2 立方米 today (no trees)
 *   JS2026: one felling record today.
 */
describe('overview: dashboard and progress from the rollup', () => {
  let t: TestApp;
  let admin: string;
  let adminJs: string;
  let jianli: string;
  let gov: string;
  let worker: string;
  let manager: string;
  let photo: string;
  const ids: Record<string, string> = {};

  const rec = (
    name: string,
    tableCode: string,
    sectionCode: string,
    at: string,
    fields: Record<string, unknown>,
    xiang?: string,
  ) => seedRecord(ids, name, { tableCode, sectionCode, at, fields, xiang });
  const survey = (kssl: number) => surveyFields(photo, kssl);
  const felling = () => fellingFields(photo);
  const burning = (yimushuliang: number, jldw: string) => ({
    fsd: '华埠镇焚烧点',
    yimushuliang,
    jldw,
    fssj: chinaDay(ago(0)),
    pic_before: photo,
    pic_burning: photo,
  });
  // Both are serialised without zod (plainJson): every answer must parse to itself under its schema.
  const home = async (token: string, scope?: 'all') => {
    const res = await t.api<HomeData>('GET', `/api/home/data${scope ? '?scope=all' : ''}`, { token });
    if (res.code === 0) expect(homeDataValue.parse(res.value)).toEqual(res.value);
    return res;
  };
  const progress = async (token: string, q: string) => {
    const res = await t.api<ProcessList>('GET', `/api/process/list?${q}`, { token });
    if (res.code === 0) expect(processListValue.parse(res.value)).toEqual(res.value);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    adminJs = await signInTo(t, 'demo_admin', 'JS2026');
    jianli = await signInTo(t, 'demo_jianli', 'KH2026');
    gov = await signInTo(t, 'demo_gov', 'KH2026');
    worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    manager = await signInTo(t, 'demo_bd', 'KH2026');
    photo = await uploadPhoto(t, worker);
    const batch = [
      rec('s1', 'gbksdc0101', 'KH-BD01', ago(0), survey(5), '华埠镇'),
      rec('s2', 'gbksdc0101', 'KH-BD01', ago(3), survey(3), '池淮镇'),
      rec('s3', 'gbksdc0101', 'KH-BD02', ago(30), survey(7)),
      rec('s4', 'gbksdc0101', 'KH-BD02', ago(0), survey(100)),
      rec('f1', 'gbcfcz0101', 'KH-BD01', ago(0), felling(), '华埠镇'),
      rec('f2', 'gbcfcz0101', 'KH-BD01', ago(0), felling(), '华埠镇'),
      // f3's stump is above 5 cm: felled, but not a compliant stump (伐桩合格).
      rec('f3', 'gbcfcz0101', 'KH-BD01', ago(3), { ...felling(), dungao: 8 }, '池淮镇'),
      rec('f4', 'gbcfcz0101', 'KH-BD02', ago(30), felling()),
      rec('b1', 'gbymfs0101', 'KH-BD01', ago(0), burning(10, '株'), '华埠镇'),
      rec('b2', 'gbymfs0101', 'KH-BD02', ago(3), burning(6, '株')),
      rec('b3', 'gbymfs0101', 'KH-BD01', ago(0), burning(2, '立方米'), '华埠镇'),
    ];
    await collect(t, worker, batch);
    await examine(t, jianli, [ids.f1!, ids.f2!], 'approve');
    await examine(t, jianli, [ids.s4!], 'reject', '不在小班内');
    const jsPhoto = await uploadPhoto(t, adminJs);
    await collect(t, adminJs, [rec('j1', 'gbcfcz0101', 'JS-BD01', ago(0), fellingFields(jsPhoto))]);
  });
  afterAll(() => t.close());

  it('answers the selected project’s figures as hand-counted', async () => {
    const res = await home(admin);
    expect(res.code).toBe(0);
    const v = res.value;
    expect(v.projects.map((p) => p.prjCode)).toEqual(['KH2026']);
    expect(v.cards).toMatchObject({
      found: 15,
      felled: 4,
      burned: 16,
      burnedTons: 0,
      burnedM3: 2,
      stumpsTreated: 3,
      planned: 29500,
      progress: 0,
      workersOnDuty: 0,
      pendingReview: 8,
    });
    // Trees burned and wood burned by volume side by side, never added (the 2 立方米 of b3).
    const wood = { burnedTons: 0, burnedM3: 2 };
    expect(v.periods.today).toEqual({ found: 5, felled: 2, burned: 10, ...wood });
    expect(v.periods.week).toEqual({ found: 8, felled: 3, burned: 16, ...wood });
    expect(v.periods.season).toEqual({ found: 15, felled: 4, burned: 16, ...wood });
    expect(v.trend).toHaveLength(60);
    expect(v.trend.at(-1)).toEqual({ day: chinaDay(ago(0)), felled: 2, burned: 10, ...wood });
    expect(v.trend.reduce((a, d) => a + d.felled, 0)).toBe(4);
    expect(v.sections.map((s) => [s.sectionCode, s.felled, s.found, s.burned])).toEqual([
      ['KH-BD01', 3, 8, 10],
      ['KH-BD02', 1, 7, 6],
      ['KH-BD03', 0, 0, 0],
    ]);
    expect(v.lastDay.day).toBe(chinaDay(ago(0)));
    expect(v.lastDay.sections).toEqual([
      {
        prjCode: 'KH2026',
        sectionCode: 'KH-BD01',
        sectionName: expect.any(String),
        found: 5,
        felled: 2,
        burned: 10,
        ...wood,
        records: 5,
      },
    ]);
    expect(v.backlog.map((b) => [b.tableCode, b.waiting]).sort()).toEqual([
      ['gbcfcz0101', 2],
      ['gbksdc0101', 3],
      ['gbymfs0101', 3],
    ]);
    expect(v.backlog.find((b) => b.tableCode === 'gbcfcz0101')?.tableName).toBe('疫木采伐除治记录');
  });

  it('follows corrections and deletions, and the rollup equals a recount of the records', async () => {
    const fix = await t.api('POST', '/api/data/update', {
      token: jianli,
      body: { id: ids.b1, fields: { yimushuliang: 12 } },
    });
    expect(fix.code).toBe(0);
    expect((await t.api('POST', '/api/data/del', { token: admin, body: { ids: [ids.s3] } })).code).toBe(0);
    const v = (await home(admin)).value;
    expect(v.cards).toMatchObject({ found: 8, burned: 18, felled: 4 });
    // The rollup row by row against the records themselves (the migration's rebuild query).
    const rollup = await t.deps.database.db
      .execute(sql`select table_code, section_code, state, day::text, township,
      n, qty from record_counts where n <> 0 or qty <> 0 order by 1, 2, 3, 4, 5`);
    const recount = await t.deps.database.db.execute(sql`select table_code, section_code, state,
      ((time_submit at time zone 'Asia/Shanghai')::date)::text as day, gps_xiang as township, count(*)::int as n,
      coalesce(sum(case when table_code = 'gbksdc0101' then (fields->>'kssl')::float8
        when table_code = 'gbymfs0101' and fields->>'jldw' = '株' then (fields->>'yimushuliang')::float8
        else 0 end), 0)::float8 as qty
      from records where deleted_at is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    const rows = (r: unknown) =>
      ((r as { rows: Record<string, unknown>[] }).rows ?? r) as Record<string, unknown>[];
    const norm = (r: Record<string, unknown>) => ({ ...r, n: Number(r.n), qty: Number(r.qty) });
    expect(rows(rollup).map(norm)).toEqual(rows(recount).map(norm));
    // Restore for the following tests.
    expect((await t.api('POST', '/api/data/restore', { token: admin, body: { ids: [ids.s3] } })).code).toBe(
      0,
    );
  });

  it('drills down county → section → township with the chosen measure', async () => {
    const county = await progress(admin, 'level=county&prjCode=KH2026&type=cfcz');
    expect(county.code).toBe(0);
    expect(county.value.rows).toHaveLength(1);
    expect(county.value.rows[0]).toMatchObject({
      prjCode: 'KH2026',
      planned: 29500,
      found: 15,
      felled: 4,
      burned: 18,
      burnedTons: 0,
      burnedM3: 2,
      value: 4,
    });
    const section = await progress(admin, 'level=section&prjCode=KH2026&type=ymfs');
    expect(section.value.rows.map((r) => [r.code, r.felled, r.burned, r.value, r.percent])).toEqual([
      ['KH-BD01', 3, 12, 12, 400],
      ['KH-BD02', 1, 6, 6, 600],
      ['KH-BD03', 0, 0, 0, null],
    ]);
    expect(section.value.total).toMatchObject({
      planned: 29500,
      felled: 4,
      burned: 18,
      burnedM3: 2,
      percent: 450,
    });
    expect(section.value.rows.map((r) => r.burnedM3)).toEqual([2, 0, 0]);
    const township = await progress(admin, 'level=township&prjCode=KH2026&sectionCode=KH-BD01&type=ksdc');
    expect(township.code).toBe(0);
    const byName = Object.fromEntries(
      township.value.rows.map((r) => [r.name, [r.found, r.felled, r.burned]]),
    );
    expect(byName['华埠镇']).toEqual([5, 2, 12]);
    expect(byName['池淮镇']).toEqual([3, 1, 0]);
    expect(township.value.total).toMatchObject({
      found: 8,
      felled: 3,
      burned: 12,
      burnedM3: 2,
      planned: null,
    });
    // The same table as a workbook.
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/process/export?level=section&prjCode=KH2026&type=ymfs',
      headers: { token: admin },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('标段');
    // Burned per unit, a column each: trees, tons, cubic metres (never one sum).
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '标段',
      '计划（株）',
      '发现（株）',
      '采伐（株）',
      '焚烧（株）',
      '焚烧（吨）',
      '焚烧（立方米）',
      '完成率（%）',
    ]);
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      section.value.rows[0]!.name,
      12000,
      8,
      3,
      12,
      0,
      2,
      400,
    ]);
    expect(sheet.getRow(6).getCell(8).value).toBe(450);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/process/export?level=section&prjCode=JS2026',
      headers: { token: jianli },
    });
    expect(refused.json()).toMatchObject({ code: ErrorCode.forbidden });
  });

  it('gives a government viewer their projects together; refuses other projects and bad input', async () => {
    const all = await home(gov, 'all');
    expect(all.code).toBe(0);
    expect(all.value.projects.map((p) => p.prjCode)).toEqual(['JS2026', 'KH2026']);
    expect(all.value.cards.felled).toBe(5);
    expect(all.value.cards.planned).toBe(29500 + 33000);
    const counties = await progress(gov, 'level=county&type=cfcz');
    expect(counties.value.rows.map((r) => [r.prjCode, r.felled])).toEqual([
      ['JS2026', 1],
      ['KH2026', 4],
    ]);
    expect((await progress(gov, 'level=section&prjCode=JS2026')).code).toBe(0);
    // The supervisor belongs to KH2026 only.
    const mine = await home(jianli, 'all');
    expect(mine.value.projects.map((p) => p.prjCode)).toEqual(['KH2026']);
    for (const q of [
      'level=county&prjCode=JS2026',
      'level=section&prjCode=JS2026',
      'level=township&prjCode=JS2026&sectionCode=JS-BD01',
    ]) {
      const res = await progress(jianli, q);
      expect(res.code, q).toBe(ErrorCode.forbidden);
    }
    const otherSection = await progress(admin, 'level=township&prjCode=KH2026&sectionCode=JS-BD01');
    expect(otherSection.code).toBe(ErrorCode.notFound);
    const badType = await progress(admin, 'level=section&type=nope');
    expect(badType.code).toBe(ErrorCode.validation);
    expect(badType.message).toContain('type');
    // Workers hold no dashboard permission.
    expect((await home(worker)).code).toBe(ErrorCode.forbidden);
  });

  it('summarises the data centre: every table of the project with records by state and the last day', async () => {
    const res = await t.api<TableSummary>('GET', '/api/data/tableSummary?prjCode=KH2026', { token: admin });
    expect(res.code).toBe(0);
    const by = Object.fromEntries(res.value.map((r) => [r.tableCode, r]));
    expect(by.gbksdc0101).toMatchObject({
      states: { '10': 3, '20': 0, '30': 0, '40': 1 },
      total: 4,
      lastDay: chinaDay(ago(0)),
    });
    expect(by.gbcfcz0101).toMatchObject({ states: { '10': 2, '20': 2, '30': 0, '40': 0 }, total: 4 });
    expect(by.gbymfs0101).toMatchObject({ states: { '10': 3, '20': 0, '30': 0, '40': 0 }, total: 3 });
    expect(by.gbymfs0101?.tableName).toBe('疫木焚烧处置记录');
    const other = await t.api('GET', '/api/data/tableSummary?prjCode=JS2026', { token: jianli });
    expect(other.code).toBe(ErrorCode.forbidden);
  });
  it('counts open anomalies per section: each felling names a tag never issued, f3’s stump is high', async () => {
    const v = (await home(admin)).value;
    expect(v.anomalies.sections.map((s) => [s.sectionCode, s.open])).toEqual([
      ['KH-BD01', 4],
      ['KH-BD02', 1],
    ]);
    expect(v.anomalies.open).toBe(5);
    // The section manager sees KH-BD01's only.
    expect((await home(manager)).value.anomalies).toMatchObject({
      open: 4,
      sections: [{ sectionCode: 'KH-BD01' }],
    });
  });

  it('shows a section manager their sections’ totals only (demo_bd manages KH-BD01)', async () => {
    const res = await home(manager);
    expect(res.code).toBe(0);
    const v = res.value;
    // After the correction above: BD01 found 5 + 3, felled f1..f3, burned b1 (12 株; b3 is in 立方米).
    expect(v.cards).toMatchObject({ found: 8, felled: 3, burned: 12, stumpsTreated: 2, planned: 12000 });
    expect(v.cards.progress).toBe(0);
    const waiting = await t.deps.database.db.execute(sql`select count(*)::int as n from records
      where project_code = 'KH2026' and section_code = 'KH-BD01' and state = '10' and deleted_at is null`);
    const n = Number(
      ((waiting as { rows?: { n: number }[] }).rows ?? (waiting as unknown as { n: number }[]))[0]?.n,
    );
    expect(v.cards.pendingReview).toBe(n);
    expect(v.sections.map((s) => s.sectionCode)).toEqual(['KH-BD01']);
    expect(v.lastDay.sections.every((s) => s.sectionCode === 'KH-BD01')).toBe(true);
    expect(v.trend.reduce((a, d) => a + d.felled, 0)).toBe(3);
    // The whole project for the supervisor at the same moment.
    expect((await home(jianli)).value.cards).toMatchObject({ found: 15, felled: 4, planned: 29500 });

    const county = await progress(manager, 'level=county&prjCode=KH2026&type=cfcz');
    expect(county.value.rows[0]).toMatchObject({ planned: 12000, found: 8, felled: 3, burned: 12 });
    const section = await progress(manager, 'level=section&prjCode=KH2026&type=ymfs');
    expect(section.value.rows.map((r) => r.code)).toEqual(['KH-BD01']);
    expect(section.value.total).toMatchObject({ planned: 12000, felled: 3, burned: 12 });
    const own = await progress(manager, 'level=township&prjCode=KH2026&sectionCode=KH-BD01&type=ksdc');
    expect(own.value.total).toMatchObject({ found: 8, felled: 3 });
    const other = await progress(manager, 'level=township&prjCode=KH2026&sectionCode=KH-BD02&type=ksdc');
    expect(other.code).toBe(ErrorCode.notFound);
  });
});
