import { GIS_POINTS_MAX, type GisCellsValue, type GisSetup, gisCellsValue } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
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
import { MAP_BASE_CELL, rebuildMapCells } from '../records/index.ts';
import { cellSizeFor } from './service.ts';

/**
 * The hand-placed data set (KH2026 unless said). At zoom 8 a cell is 90/256 = 0.3515625°:
 *   A: 4 survey records (KH-BD01) at 118.41..118.413, 29.14 — cell (336, 82); one of them 10 days old
 *   B: 2 felling records (KH-BD02) at 118.60, 29.30 — cell (337, 83); one approved
 *   bulk: 300 survey records (KH-BD03) at 118.300..118.309 × 29.000..29.0029 — cell (336, 82), 40 days old
 *         300 more at 118.700..118.709 × 29.400..29.4029 — cell (337, 83), 40 days old
 *   one record without a position (0, 0), never drawn; one deleted in A, never drawn;
 *   JS2026: one felling record at A's position.
 */
describe('GIS map: records aggregated by the server', () => {
  let t: TestApp;
  let admin: string;
  let adminJs: string;
  let jianli: string;
  let manager: string;
  const ids: Record<string, string> = {};

  const whole = 'west=117&south=28&east=120&north=31';
  const cells = async (token: string, q: string) => {
    const res = await t.api<GisCellsValue>('GET', `/api/gis/cells?${q}`, { token });
    // Serialised without zod (plainJson): every answer must parse to itself under its schema.
    if (res.code === 0) expect(gisCellsValue.parse(res.value)).toEqual(res.value);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    adminJs = await signInTo(t, 'demo_admin', 'JS2026');
    jianli = await signInTo(t, 'demo_jianli', 'KH2026');
    manager = await signInTo(t, 'demo_bd', 'KH2026');
    const worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    const photo = await uploadPhoto(t, worker);
    const survey = surveyFields(photo);
    const rec = (
      name: string,
      tableCode: string,
      sectionCode: string,
      at: string,
      long: number,
      lat: number,
      fields: Record<string, unknown>,
    ) => seedRecord(ids, name, { tableCode, sectionCode, at, long, lat, fields });
    await collect(t, worker, [
      rec('a1', 'gbksdc0101', 'KH-BD01', ago(0), 118.41, 29.14, survey),
      rec('a2', 'gbksdc0101', 'KH-BD01', ago(0), 118.411, 29.14, survey),
      rec('a3', 'gbksdc0101', 'KH-BD01', ago(0), 118.412, 29.14, survey),
      rec('a4', 'gbksdc0101', 'KH-BD01', ago(10), 118.413, 29.14, survey),
      rec('a5', 'gbksdc0101', 'KH-BD01', ago(0), 118.414, 29.14, survey),
      rec('b1', 'gbcfcz0101', 'KH-BD02', ago(0), 118.6, 29.3, fellingFields(photo)),
      rec('b2', 'gbcfcz0101', 'KH-BD02', ago(0), 118.6, 29.3, fellingFields(photo)),
      rec('z1', 'gbksdc0101', 'KH-BD01', ago(0), 0, 0, survey),
    ]);
    await examine(t, jianli, [ids.b1!], 'approve');
    const del = await t.api('POST', '/api/data/del', { token: admin, body: { ids: [ids.a5] } });
    if (del.code !== 0) throw new Error(del.message);
    const jsPhoto = await uploadPhoto(t, adminJs);
    await collect(t, adminJs, [
      rec('j1', 'gbcfcz0101', 'JS-BD01', ago(0), 118.41, 29.14, fellingFields(jsPhoto)),
    ]);
    // The bulk: straight into the table, then the map's cells derived again (as migration 0021 does).
    await t.deps.database.db.execute(sql`insert into records
      (id, project_code, table_code, section_code, collector_id, time_submit, gps_long, gps_lat, state)
      select gen_random_uuid(), 'KH2026', 'gbksdc0101', 'KH-BD03', r.collector_id,
        now() - interval '40 days', g.lng + (i % 10) * 0.001, g.lat + (i / 10) * 0.0001, '10'
      from records r, generate_series(0, 299) i,
        (values (118.3::float8, 29.0::float8), (118.7::float8, 29.4::float8)) g(lng, lat)
      where r.id = ${ids.a1}`);
    await rebuildMapCells(t.deps.database.db, 'KH2026');
  });
  afterAll(() => t.close());

  it('chooses cells of about 64 px, widened to stay within the cap', () => {
    expect(cellSizeFor(8, { west: 117, south: 28, east: 120, north: 31 })).toBe(0.3515625);
    // The whole world at zoom 22 would be billions of cells: widened until at most 4096.
    const size = cellSizeFor(22, { west: -180, south: -90, east: 180, north: 90 });
    expect(
      (Math.floor(180 / size) - Math.floor(-180 / size) + 1) *
        (Math.floor(90 / size) + Math.floor(90 / size) + 2),
    ).toBeLessThanOrEqual(4096);
  });

  it('aggregates the whole view into hand-counted cells', async () => {
    const res = await cells(admin, `zoom=8&${whole}`);
    expect(res.code).toBe(0);
    const v = res.value;
    expect(v.mode).toBe('cells');
    expect(v.cellSize).toBe(0.3515625);
    expect(v.total).toBeGreaterThan(GIS_POINTS_MAX);
    expect(v.points).toEqual([]);
    // (336, 82): 300 bulk + a1..a4 (a5 deleted, z1 without a position, j1 of another project);
    // (337, 83): 300 bulk + b1, b2.
    const sorted = [...v.cells].sort((a, b) => a.west - b.west);
    expect(sorted.map((c) => c.count)).toEqual([304, 302]);
    expect(v.total).toBe(606);
    // Summed from record_cells (zoom ≤ 13): a cell's bounds are those of its base cells.
    const b = MAP_BASE_CELL;
    const lo = (x: number) => Math.floor(x / b) * b;
    const hi = (x: number) => (Math.floor(x / b) + 1) * b;
    expect(sorted[0]).toMatchObject({ west: lo(118.3), south: lo(29), east: hi(118.413), north: hi(29.14) });
    expect(sorted[1]).toMatchObject({
      west: lo(118.6),
      south: lo(29.3),
      east: hi(118.709),
      north: hi(29.4029),
    });
    expect(sorted[0]!.lng).toBeCloseTo((300 * 118.3045 + 118.41 + 118.411 + 118.412 + 118.413) / 304, 6);
    // The same view from the records themselves (a date range: the rollup has no days) agrees.
    const scanned = (await cells(admin, `zoom=8&${whole}&begin=2000-01-01`)).value;
    const counts = (v: GisCellsValue) =>
      v.cells.map((c) => [c.count, c.lng.toFixed(6), c.lat.toFixed(6)]).sort();
    expect(counts(scanned)).toEqual(counts(v));
    expect(scanned.cells.map((c) => c.west).sort()).toEqual([118.3, 118.6]);
  });

  it('splits cells as the zoom grows, and answers points once few are in view', async () => {
    const z10 = (await cells(admin, `zoom=10&${whole}`)).value;
    expect(z10.mode).toBe('cells');
    expect(z10.cells.length).toBeGreaterThan(2);
    expect(z10.cells.reduce((a, c) => a + c.count, 0)).toBe(606);
    // Around A and B only: 6 records, drawn as points with what the drawer needs.
    const near = (await cells(admin, 'zoom=11&west=118.35&south=29.1&east=118.65&north=29.35')).value;
    expect(near.mode).toBe('points');
    expect(near.total).toBe(6);
    expect(near.points.map((p) => p.id).sort()).toEqual(
      [ids.a1, ids.a2, ids.a3, ids.a4, ids.b1, ids.b2].sort(),
    );
    const b1 = near.points.find((p) => p.id === ids.b1)!;
    expect(b1).toMatchObject({
      lng: 118.6,
      lat: 29.3,
      tableCode: 'gbcfcz0101',
      sectionCode: 'KH-BD02',
      codeState: '20',
      // The popup's quantity with its unit: a felled tree's diameter, a survey's dead trees.
      quantity: { label: '胸径', value: 20, unit: 'cm' },
    });
    expect(near.points.find((p) => p.id === ids.a1)!.quantity).toEqual({
      label: '枯死株数',
      value: 1,
      unit: '株',
    });
    expect(b1.timeSubmit).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by table, section, state and date range', async () => {
    const near = 'zoom=11&west=118.35&south=29.1&east=118.65&north=29.35';
    const idsOf = async (q: string) => {
      const res = await cells(admin, `${near}&${q}`);
      expect(res.code).toBe(0);
      return res.value.points.map((p) => p.id).sort();
    };
    expect(await idsOf('tableCode=gbcfcz0101')).toEqual([ids.b1, ids.b2].sort());
    expect(await idsOf('sectionCode=KH-BD01')).toEqual([ids.a1, ids.a2, ids.a3, ids.a4].sort());
    expect(await idsOf('codeState=20')).toEqual([ids.b1]);
    const today = chinaDay(ago(0));
    expect(await idsOf(`begin=${chinaDay(ago(10))}&end=${chinaDay(ago(10))}`)).toEqual([ids.a4]);
    expect(await idsOf(`begin=${today}&sectionCode=KH-BD01`)).toEqual([ids.a1, ids.a2, ids.a3].sort());
    // The bulk is 40 days old: a range before it leaves the whole view empty.
    const old = await cells(admin, `zoom=8&${whole}&end=${chinaDay(ago(41))}`);
    expect(old.value).toMatchObject({ mode: 'points', total: 0, cells: [], points: [] });
  });

  it('shows a section manager their sections only', async () => {
    const all = (await cells(manager, `zoom=8&${whole}`)).value;
    expect(all).toMatchObject({ mode: 'points', total: 4 });
    expect(all.points.map((p) => p.sectionCode)).toEqual(['KH-BD01', 'KH-BD01', 'KH-BD01', 'KH-BD01']);
    const other = await cells(manager, `zoom=8&${whole}&sectionCode=KH-BD02`);
    expect(other.value.total).toBe(0);
    const setup = (await t.api<GisSetup>('GET', '/api/gis/setup', { token: manager })).value;
    expect(setup.sections.map((s) => s.code)).toEqual(['KH-BD01']);
  });

  it('answers the layers: county, tables, sections and burn points', async () => {
    const res = await t.api<GisSetup>('GET', '/api/gis/setup', { token: admin });
    expect(res.code).toBe(0);
    expect(res.value.prjCode).toBe('KH2026');
    expect(res.value.areaCode).toMatch(/^330824/);
    expect(res.value.sections.map((s) => s.code)).toEqual(['KH-BD01', 'KH-BD02', 'KH-BD03']);
    expect(res.value.tables.map((x) => x.code)).toEqual(expect.arrayContaining(['gbksdc0101', 'gbcfcz0101']));
    for (const p of res.value.burnPoints) {
      expect(p.lng).toBeGreaterThan(118);
      expect(p.lat).toBeGreaterThan(28);
    }
  });

  it('keeps to the selected project, and refuses bad input naming the field', async () => {
    const js = (await cells(adminJs, `zoom=8&${whole}`)).value;
    expect(js).toMatchObject({ mode: 'points', total: 1 });
    expect(js.points[0]?.id).toBe(ids.j1);
    const otherSection = await cells(admin, `zoom=8&${whole}&sectionCode=JS-BD01`);
    expect(otherSection.code).not.toBe(0);
    expect(otherSection.message).toContain('JS-BD01');
    const otherTable = await cells(admin, `zoom=8&${whole}&tableCode=nosuch`);
    expect(otherTable.code).not.toBe(0);
    for (const [q, field] of [
      ['zoom=8&west=120&south=28&east=117&north=31', 'east'],
      ['zoom=8&west=117&south=31&east=120&north=28', 'north'],
      ['zoom=99&west=117&south=28&east=120&north=31', 'zoom'],
      ['zoom=8&west=-500&south=28&east=120&north=31', 'west'],
      ['zoom=8&south=28&east=120&north=31', 'west'],
      [`zoom=8&${whole}&begin=2026-13-45x`, '开始日期'],
      [`zoom=8&${whole}&codeState=99`, '状态'],
    ] as const) {
      const res = await cells(admin, q);
      expect(res.code, q).not.toBe(0);
      expect(res.message, q).toContain(field);
    }
    const anonymous = await t.api('GET', `/api/gis/cells?zoom=8&${whole}`);
    expect(anonymous.code).not.toBe(0);
  });

  it('keeps the map cells in step with review, deletion and restoring', async () => {
    const view = async () => (await cells(admin, `zoom=8&${whole}&tableCode=gbksdc0101`)).value;
    const byState = async (state: string) =>
      (await cells(admin, `zoom=8&${whole}&tableCode=gbksdc0101&codeState=${state}`)).value.total;
    expect((await view()).total).toBe(604);
    await examine(t, jianli, [ids.a2!], 'approve');
    expect(await byState('20')).toBe(1);
    const del = await t.api('POST', '/api/data/del', { token: admin, body: { ids: [ids.a3] } });
    expect(del.code, del.message).toBe(0);
    expect((await view()).total).toBe(603);
    const restore = await t.api('POST', '/api/data/restore', { token: admin, body: { ids: [ids.a3] } });
    expect(restore.code, restore.message).toBe(0);
    expect((await view()).total).toBe(604);
    // What the counters say is what the records say.
    const rows = await t.deps.database.db.execute(sql`select
        (select coalesce(sum(n), 0)::int from record_cells where project_code = 'KH2026') as cells,
        (select count(*)::int from records where project_code = 'KH2026' and deleted_at is null
          and not (gps_long = 0 and gps_lat = 0)) as records`);
    const [row] = ((rows as { rows?: unknown[] }).rows ?? rows) as { cells: number; records: number }[];
    expect(row!.cells).toBe(row!.records);
  });

  it('shows a burn record’s quantity in the unit it was recorded in', async () => {
    const jsPhoto = await uploadPhoto(t, adminJs);
    const burn = (name: string, lat: number, yimushuliang: number, jldw: string) =>
      seedRecord(ids, name, {
        tableCode: 'gbymfs0101',
        sectionCode: 'JS-BD01',
        at: ago(0),
        long: 119.5,
        lat,
        fields: {
          fsd: '焚烧点',
          yimushuliang,
          jldw,
          fssj: chinaDay(ago(0)),
          pic_before: jsPhoto,
          pic_burning: jsPhoto,
        },
      });
    await collect(t, adminJs, [burn('w1', 29.9, 201.2, '吨'), burn('w2', 29.901, 32, '株')]);
    const v = (await cells(adminJs, 'zoom=14&west=119.49&south=29.89&east=119.51&north=29.91')).value;
    expect(v.mode).toBe('points');
    const byId = new Map(v.points.map((p) => [p.id, p.quantity]));
    expect(byId.get(ids.w1!)).toEqual({ label: '疫木数量', value: 201.2, unit: '吨' });
    expect(byId.get(ids.w2!)).toEqual({ label: '疫木数量', value: 32, unit: '株' });
  });
});
