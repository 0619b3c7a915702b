import {
  addDays,
  type CollectResult,
  ErrorCode,
  type QueryDataListValue,
  type ReconcileSection,
  type ReconcileValue,
  reconcileValue,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { randomTag, signInTo, uploadPhoto } from '../../../test/records.ts';

/** A well-formed tag code (check character and all) that nobody issued. */
const unissued = () => randomTag('RZ');
/**
 * 核对 through the API on a hand-made set in June 2024 (the demo's records lie in the last 60
 * days), KH2026 with a 10-day burn window:
 *   KH-BD01 06-01 three fellings (one stump 8 cm: not treated); 06-03 a burn of 2 株 listing two
 *           of their tags; 06-04 1.5 吨; 06-05 2 立方米
 *   KH-BD02 06-02 one felling, and one more rejected (never counts)
 *   KH-BD03 06-10 a burn of 5 株 with no felling
 */
describe('reconciliation (核对)', () => {
  let t: TestApp;
  let admin: string;
  let bd: string;
  let gov: string;
  let worker: string;
  let photo: string;
  const june = { begin: '2024-06-01', end: '2024-06-30' };

  const gps = { long: 118.41, lat: 29.14, alt: 300, range: 5 };
  const felling = (sectionCode: string, day: string, dungao = 3) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbcfcz0101',
    sectionCode,
    timeSubmit: `${day}T09:00:00+08:00`,
    gps,
    fields: {
      qrcode: unissued(),
      shuzhong: '马尾松',
      xiongjing: 20,
      dungao,
      multi_fzcl: '剥皮',
      pic_before: photo,
      pic_stump: photo,
      pic_treated: photo,
    },
  });
  const burn = (
    sectionCode: string,
    day: string,
    yimushuliang: number,
    jldw: string,
    tags: string[] = [],
  ) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbymfs0101',
    sectionCode,
    timeSubmit: `${day}T15:00:00+08:00`,
    gps,
    fields: {
      fsd: '华埠镇焚烧点',
      yimushuliang,
      jldw,
      fssj: day,
      pic_before: photo,
      pic_burning: photo,
      ...(tags.length ? { multi_qrcode: tags.join(',') } : {}),
    },
  });
  type Rec = ReturnType<typeof felling> | ReturnType<typeof burn>;
  const collect = async (records: Rec[]) => {
    const res = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
    });
    const bad = (res.value?.results ?? []).filter((r) => r.status !== 'created');
    if (res.code !== 0 || bad.length) throw new Error(JSON.stringify(res.code !== 0 ? res : bad));
  };
  const reject = async (ids: string[]) => {
    const res = await t.api('POST', '/api/data/examine', {
      token: admin,
      body: { ids, action: 'reject', reason: '重复' },
    });
    expect(res.code, res.message).toBe(0);
  };
  const summary = async (token: string, query: Record<string, string> = june) => {
    const withDays = { ...query, withDays: 'true' };
    const res = await t.api<ReconcileValue>(
      'GET',
      `/api/reconcile/summary?${new URLSearchParams(withDays)}`,
      {
        token,
      },
    );
    return res;
  };
  const section = (v: ReconcileValue, code: string) => v.sections.find((s) => s.sectionCode === code)!;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    await t.deps.database.db.execute(sql`update projects set burn_window_days = 10 where code = 'KH2026'`);
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    gov = await signInTo(t, 'demo_gov', 'KH2026');
    worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    photo = await uploadPhoto(t, admin);
    const f = [
      felling('KH-BD01', '2024-06-01'),
      felling('KH-BD01', '2024-06-01'),
      felling('KH-BD01', '2024-06-01', 8),
    ];
    const tags = f.slice(0, 2).map((r) => r.fields.qrcode);
    const gone = felling('KH-BD02', '2024-06-02');
    await collect([
      ...f,
      burn('KH-BD01', '2024-06-03', 2, '株', tags),
      burn('KH-BD01', '2024-06-04', 1.5, '吨'),
      burn('KH-BD01', '2024-06-05', 2, '立方米'),
      felling('KH-BD02', '2024-06-02'),
      gone,
      burn('KH-BD03', '2024-06-10', 5, '株'),
    ]);
    await reject([gone.uuid]);
  });
  afterAll(() => t.close());

  it('sends the section-days only when asked: the screen loads them when a section is expanded', async () => {
    const res = await t.api<ReconcileValue>('GET', `/api/reconcile/summary?${new URLSearchParams(june)}`, {
      token: admin,
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value.days).toEqual([]);
    const full = (await summary(admin)).value;
    for (const s of res.value.sections) {
      expect(s.dayCount).toBe(full.days.filter((d) => d.sectionCode === s.sectionCode).length);
    }
    expect(section(res.value, 'KH-BD01').dayCount).toBe(4);
    // Everything but the days is the same answer.
    expect({ ...full, days: [] }).toEqual(res.value);
  });

  it('adds up the hand-made set per section and day, units apart, rejected left out', async () => {
    const res = await summary(admin);
    expect(res.code, res.message).toBe(0);
    const v = res.value;
    expect(reconcileValue.parse(v)).toEqual(v);
    expect([v.begin, v.end, v.windowDays]).toEqual(['2024-06-01', '2024-06-30', 10]);
    const bd1 = section(v, 'KH-BD01');
    expect(bd1.figures).toEqual({
      felled: 3,
      treated: 2,
      tagsFelled: 3,
      burnedTrees: 2,
      tagsBurned: 2,
      tons: 1.5,
      m3: 2,
      burnRecords: 3,
      gapTrees: 1,
      gapTags: 1,
    });
    // One tree felled on 06-01 is still unburned on 06-30: more than 10 days, red.
    expect([bd1.opening, bd1.balance, bd1.overdue, bd1.red, bd1.reasons]).toEqual([
      0,
      1,
      1,
      true,
      ['overdue'],
    ]);
    expect(
      v.days
        .filter((d) => d.sectionCode === 'KH-BD01')
        .map((d) => [d.day, d.figures.felled, d.figures.burnedTrees, d.balance]),
    ).toEqual([
      ['2024-06-01', 3, 0, 3],
      ['2024-06-03', 0, 2, 1],
      ['2024-06-04', 0, 0, 1],
      ['2024-06-05', 0, 0, 1],
    ]);
    const bd2 = section(v, 'KH-BD02');
    expect([bd2.figures.felled, bd2.balance, bd2.overdue]).toEqual([1, 1, 1]);
    const bd3 = section(v, 'KH-BD03');
    expect([bd3.figures.burnedTrees, bd3.balance, bd3.reasons]).toEqual([5, -5, ['overBurned']]);
    expect(v.totals.figures).toMatchObject({ felled: 4, burnedTrees: 7, tons: 1.5, m3: 2, gapTrees: -3 });
    expect(v.totals.balance).toBe(v.totals.opening + v.totals.figures.felled - v.totals.figures.burnedTrees);
  });

  it('carries the balance into a later range as its opening', async () => {
    const v = (await summary(admin, { begin: '2024-06-03', end: '2024-06-05', sectionCode: 'KH-BD01' }))
      .value;
    expect(v.sections.map((s) => s.sectionCode)).toEqual(['KH-BD01']);
    const s = v.sections[0]!;
    expect([s.opening, s.figures.felled, s.figures.burnedTrees, s.balance, s.overdue]).toEqual([
      3, 0, 2, 1, 0,
    ]);
  });

  it('lists each section’s open anomalies beside its figures', async () => {
    const v = (await summary(admin)).value;
    const bd1: ReconcileSection = section(v, 'KH-BD01');
    // The stump of 8 cm; the three tags were never issued (R-… codes).
    expect(bd1.anomaliesByKind.stump_high).toBeGreaterThanOrEqual(1);
    expect(bd1.anomaliesByKind.tag_unknown).toBeGreaterThanOrEqual(3);
    expect(bd1.openAnomalies).toBe(Object.values(bd1.anomaliesByKind).reduce((a, b) => a + b, 0));
  });

  it('drills down to the records list filter behind a figure', async () => {
    const bd1 = section((await summary(admin)).value, 'KH-BD01');
    expect(bd1.drill.felling).toEqual({
      prjCode: 'KH2026',
      prjStandCode: 'gbcfcz0101',
      biaoduan: 'KH-BD01',
      begin: '2024-06-01',
      end: '2024-06-30',
    });
    const listed = await t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...bd1.drill.felling, pageSize: 50 },
    });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.value.result.total).toBe(bd1.figures.felled);
    const burns = await t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...bd1.drill.burning, pageSize: 50 },
    });
    expect(burns.value.result.total).toBe(bd1.figures.burnRecords);
  });

  it('gives a section manager their sections only; the government viewer reads; the field worker not', async () => {
    const mine = await summary(bd);
    expect(mine.code).toBe(0);
    expect(mine.value.sections.map((s) => s.sectionCode)).toEqual(['KH-BD01']);
    expect(new Set(mine.value.days.map((d) => d.sectionCode))).toEqual(new Set(['KH-BD01']));
    expect((await summary(bd, { ...june, sectionCode: 'KH-BD02' })).value.sections).toEqual([]);
    expect((await summary(gov)).code).toBe(0);
    expect((await summary(worker)).code).toBe(ErrorCode.forbidden);
    const other = await t.api('GET', '/api/reconcile/summary?prjCode=JS2026', { token: admin });
    expect(other.code).toBe(ErrorCode.forbidden);
  });

  it('refuses a reversed or too long range naming the field', async () => {
    const reversed = await summary(admin, { begin: '2024-06-10', end: '2024-06-01' });
    expect(reversed.code).toBe(ErrorCode.validation);
    expect(reversed.message).toBe('结束日期不能早于开始日期');
    const long = await summary(admin, { begin: '2023-01-01', end: '2024-06-01' });
    expect(long.code).toBe(ErrorCode.validation);
    expect((long.value as unknown as { fields: { field: string }[] }).fields[0]!.field).toBe('begin');
    expect((await summary(admin, { begin: '2024-13-01' })).code).toBe(ErrorCode.validation);
  });

  it('exports the same figures as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reconcile/export?${new URLSearchParams(june)}`,
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('按标段')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const bd1 = rows.find((r) => r[1] === 'KH-BD01')!;
    // section, name, opening, felled, treated, tags felled, burned trees, tags burned, tons, m³…
    expect(bd1.slice(3, 11)).toEqual([0, 3, 2, 3, 2, 2, 1.5, 2]);
    expect(book.getWorksheet('按日')!.rowCount).toBeGreaterThan(4);
  });

  it('property: for any felling and burn records, felled − burned = the balance’s change, units never added', async () => {
    let month = 0;
    const arbRecord = fc.record({
      felling: fc.boolean(),
      section: fc.constantFrom('KH-BD01', 'KH-BD02', 'KH-BD03'),
      day: fc.integer({ min: 1, max: 28 }),
      unit: fc.constantFrom('株', '吨', '立方米'),
      amount: fc.integer({ min: 0, max: 40 }),
      rejected: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(arbRecord, { minLength: 1, maxLength: 12 }), async (generated) => {
        month += 1;
        // Each run in a month of its own, years back: the figures of the range are exactly these.
        const first = addDays('2010-01-01', (month - 1) * 31).slice(0, 8) + '01';
        const dayOf = (d: number) => first.slice(0, 8) + String(d).padStart(2, '0');
        const made = generated.map((g) =>
          g.felling ? felling(g.section, dayOf(g.day)) : burn(g.section, dayOf(g.day), g.amount, g.unit),
        );
        await collect(made);
        const rejected = made.filter((_, i) => generated[i]!.rejected).map((r) => r.uuid);
        if (rejected.length) await reject(rejected);
        const end = dayOf(28);
        const v = (await summary(admin, { begin: first, end })).value;
        for (const code of ['KH-BD01', 'KH-BD02', 'KH-BD03']) {
          const mine = generated.filter((g) => g.section === code && !g.rejected);
          const s = section(v, code);
          const burned = (unit: string) =>
            mine.filter((g) => !g.felling && g.unit === unit).reduce((a, g) => a + g.amount, 0);
          expect(s.figures.felled).toBe(mine.filter((g) => g.felling).length);
          expect(s.figures.burnedTrees).toBe(burned('株'));
          expect(s.figures.tons).toBe(burned('吨'));
          expect(s.figures.m3).toBe(burned('立方米'));
          expect(s.balance - s.opening).toBe(s.figures.felled - s.figures.burnedTrees);
          expect(s.figures.gapTrees).toBe(s.figures.felled - s.figures.burnedTrees);
        }
        expect(v.totals.balance - v.totals.opening).toBe(
          v.totals.figures.felled - v.totals.figures.burnedTrees,
        );
      }),
      { numRuns: 8, endOnFailure: true },
    );
  });
});
