import { readFileSync } from 'node:fs';
import {
  type BoundaryImportValue,
  boundaryLimits,
  ErrorCode,
  type MainStore,
  type SectionBoundaryItem,
} from '@pineguard/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * Section boundaries (issue 15): shapefile ZIPs made by ogr2ogr (scripts/boundary-fixtures.sh:
 * KH-BD01 a square 118.38–118.44 E × 29.10–29.15 N, KH-BD02 a square and a triangle, KH-BD09 a
 * code no section has) and GeoJSON, read on the server into WGS 84 MultiPolygons.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const square = (w: number, s: number, e: number, n: number) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];

describe('section boundaries', () => {
  let t: TestApp;
  let admin: string; // project administrator, KH2026 selected
  let bd: string; // section manager: reads, may not import

  const send = async (
    token: string,
    content: Buffer,
    name: string,
    query: Record<string, string> = {},
  ): Promise<{ code: number; message: string; value: BoundaryImportValue }> => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const res = new Response(form);
    const qs = new URLSearchParams(query).toString();
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/project/importBdBoundary${qs ? `?${qs}` : ''}`,
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(out.statusCode).toBe(200);
    return out.json();
  };
  const boundaries = async (token = admin) => {
    const res = await t.api<SectionBoundaryItem[]>('GET', '/api/project/bdBoundaries', { token });
    expect(res.code).toBe(0);
    return new Map(res.value.map((s) => [s.code, s]));
  };
  const geojson = (features: unknown[], extra: object = {}) =>
    Buffer.from(JSON.stringify({ type: 'FeatureCollection', ...extra, features }));

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    bd = await t.signIn('demo_bd', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: bd, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('previews a CGCS2000 Gauss-Kruger shapefile in WGS 84, guessing the attribute that names the sections', async () => {
    const res = await send(admin, fixture('kh-sections-cgcs2000-gk.zip'), 'kh-sections.zip');
    expect(res.code).toBe(0);
    const v = res.value;
    expect(v.applied).toBe(false);
    expect(v.format).toBe('shapefile');
    expect(v.crs).toBe('CGCS2000_3_Degree_GK_CM_117E');
    expect(v.fields).toEqual(['BDBM', 'BDMC']);
    expect(v.matchField).toBe('BDBM');
    expect(v.features.map((f) => [f.index, f.properties.BDMC, f.sectionCode])).toEqual([
      [1, '华埠镇标段', 'KH-BD01'],
      [2, '马金镇标段', 'KH-BD02'],
      [3, '未建标段', null],
    ]);
    // Reprojected back to the squares drawn in degrees (to about 1 m).
    expect(v.bbox[0]).toBeCloseTo(118.2, 4);
    expect(v.bbox[1]).toBeCloseTo(29.0, 4);
    expect(v.bbox[2]).toBeCloseTo(118.49, 4);
    expect(v.bbox[3]).toBeCloseTo(29.35, 4);
    expect(v.sections.map((s) => [s.code, s.features, s.vertices])).toEqual([
      ['KH-BD01', 1, 5],
      ['KH-BD02', 1, 9],
    ]);
    // A preview stores nothing.
    expect((await boundaries()).get('KH-BD01')!.boundary).toBeNull();
  });

  it('applies by the chosen attribute: stored, drawn by the map call, counted in the section list, audited', async () => {
    const res = await send(admin, fixture('kh-sections-cgcs2000-gk.zip'), 'kh-sections.zip', {
      mode: 'apply',
      matchField: 'BDBM',
    });
    expect(res.code).toBe(0);
    expect(res.message).toBe('已导入 2 个标段的边界');
    expect(res.value.applied).toBe(true);
    const stored = await boundaries();
    const bd01 = stored.get('KH-BD01')!.boundary!;
    expect(bd01).toHaveLength(1);
    const ring = bd01[0]![0]!;
    expect(ring).toHaveLength(5);
    for (const [lng, lat] of ring) {
      expect([118.38, 118.44].some((x) => Math.abs(lng! - x) < 1e-5)).toBe(true);
      expect([29.1, 29.15].some((y) => Math.abs(lat! - y) < 1e-5)).toBe(true);
    }
    expect(stored.get('KH-BD02')!.boundary).toHaveLength(2); // the square and the triangle
    const store = await t.api<MainStore>('GET', '/api/project/mainStore', { token: admin });
    const vertices = Object.fromEntries(store.value.sections.map((s) => [s.code, s.boundaryVertices]));
    expect(vertices).toEqual({ 'KH-BD01': 5, 'KH-BD02': 9, 'KH-BD03': null });
    // The section manager reads the boundaries (every map draws them), JS2026 has none of them.
    expect((await boundaries(bd)).get('KH-BD02')!.boundary).toHaveLength(2);
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'section'), eq(auditLog.projectCode, 'KH2026')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.params).toMatchObject({ kind: 'boundary', file: 'kh-sections.zip' });
    expect(entry!.after).toMatchObject({ crs: 'CGCS2000_3_Degree_GK_CM_117E' });
  });

  it('reads GBK attributes without a .cpg, and assigns a whole file to one section', async () => {
    const preview = await send(admin, fixture('kh-sections-gbk.zip'), 'gbk.zip', { matchField: 'BDMC' });
    expect(preview.code).toBe(0);
    expect(preview.value.features.map((f) => f.properties.BDMC)).toEqual([
      '华埠镇标段',
      '马金镇标段',
      '未建标段',
    ]);
    const section = (await boundaries()).get('KH-BD01')!;
    const one = await send(
      admin,
      geojson([
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: square(118.3, 29.2, 118.31, 29.21) },
        },
        // An open ring typed by hand is closed.
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [118.32, 29.2],
                [118.33, 29.2],
                [118.33, 29.21],
              ],
            ],
          },
        },
      ]),
      'bd01.geojson',
      { mode: 'apply', sectionId: section.id },
    );
    expect(one.code).toBe(0);
    expect(one.value.format).toBe('geojson');
    const stored = (await boundaries()).get('KH-BD01')!.boundary!;
    expect(stored).toHaveLength(2);
    expect(stored[1]![0]).toEqual([
      [118.32, 29.2],
      [118.33, 29.2],
      [118.33, 29.21],
      [118.32, 29.2],
    ]);
  });

  it('refuses files it cannot place, naming the problem', async () => {
    const cases: [Buffer, string, Record<string, string>, RegExp][] = [
      [
        fixture('kh-sections-no-shp.zip'),
        'no-shp.zip',
        {},
        /压缩包“no-shp.zip”中没有 .shp 文件（只有：kh_sections.dbf、kh_sections.prj）/,
      ],
      [
        fixture('kh-sections-no-prj.zip'),
        'no-prj.zip',
        {},
        /缺少坐标系文件 kh_sections.prj，且坐标不是经纬度/,
      ],
      [fixture('kh-points.zip'), 'points.zip', {}, /第 1 个要素是点（Point），边界须为面/],
      [Buffer.from('just text'), 'notes.txt', {}, /文件“notes.txt”不是边界文件/],
      [Buffer.from('{"type":'), 'broken.geojson', {}, /文件“broken.geojson”无法读取（JSON）/],
      [
        // Beijing, not Kaihua: what a file in the wrong coordinate system looks like.
        geojson([
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: square(116.3, 39.9, 116.4, 40) },
          },
        ]),
        'beijing.geojson',
        {},
        /第 1 个要素不在项目所在县（开化县）范围内，请检查坐标系/,
      ],
      [
        geojson(
          [
            {
              type: 'Feature',
              properties: {},
              geometry: { type: 'Polygon', coordinates: square(634342, 3221139, 640184, 3226752) },
            },
          ],
          { crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4548' } } },
        ),
        'gk.geojson',
        {},
        /GeoJSON 的坐标系 urn:ogc:def:crs:EPSG::4548 不受支持/,
      ],
      [
        geojson([
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: square(634342, 3221139, 640184, 3226752) },
          },
        ]),
        'metres.geojson',
        {},
        /第 1 个要素的坐标（634342, 3221139）不是经纬度/,
      ],
      [
        geojson([
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [118.3, 29.2],
                  [118.31, 29.2],
                  [118.3, 29.2],
                ],
              ],
            },
          },
        ]),
        'sliver.geojson',
        {},
        /第 1 个要素的面少于 3 个顶点/,
      ],
      [geojson([]), 'empty.geojson', {}, /文件“empty.geojson”中没有要素/],
      [
        fixture('kh-sections-cgcs2000-gk.zip'),
        'kh.zip',
        { matchField: 'XMMC' },
        /字段“XMMC”不在文件属性中（可选：BDBM、BDMC）/,
      ],
      [
        fixture('kh-sections-cgcs2000-gk.zip'),
        'kh.zip',
        { mode: 'apply', matchField: 'BDMC' },
        /没有要素与本项目的标段匹配（按字段“BDMC”/,
      ],
      [
        geojson([
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: square(118.3, 29.2, 118.31, 29.21) },
          },
        ]),
        'nofield.geojson',
        { mode: 'apply' },
        /请选择用于匹配标段的字段/,
      ],
    ];
    for (const [content, name, query, message] of cases) {
      const res = await send(admin, content, name, query);
      expect({ name, code: res.code }).toEqual({ name, code: ErrorCode.validation });
      expect(res.message).toMatch(message);
    }
    // Too many positions: one ring of 50,001.
    const ring = Array.from({ length: boundaryLimits.maxVertices }, (_, i) => {
      const a = (i / boundaryLimits.maxVertices) * 2 * Math.PI;
      return [118.3 + 0.01 * Math.cos(a), 29.2 + 0.01 * Math.sin(a)];
    });
    const big = await send(
      admin,
      geojson([{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }]),
      'big.geojson',
    );
    expect(big.code).toBe(ErrorCode.validation);
    expect(big.message).toBe(
      `文件过大：顶点数为 ${boundaryLimits.maxVertices + 1}，上限 ${boundaryLimits.maxVertices}`,
    );
    // Nothing of the refused files was stored.
    expect((await boundaries()).get('KH-BD02')!.boundary).toHaveLength(2);
  });

  it('refuses a ZIP that unpacks past the limit without unpacking it all', async () => {
    const { deflateRawSync } = await import('node:zlib');
    // A stored-by-hand ZIP whose .shp inflates to 101 MB of zeros (about 100 KB packed).
    const data = deflateRawSync(Buffer.alloc(boundaryLimits.maxUnpackedBytes + 1024 ** 2));
    const name = Buffer.from('bomb.shp');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(boundaryLimits.maxUnpackedBytes + 1024 ** 2, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(boundaryLimits.maxUnpackedBytes + 1024 ** 2, 24);
    central.writeUInt16LE(name.length, 28);
    const centralAt = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralAt, 16);
    const zip = Buffer.concat([local, name, data, central, name, end]);
    const res = await send(admin, zip, 'bomb.zip');
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.message).toMatch(/文件过大：解压后大小/);
  });

  it('lets only project managers import or clear, in their own project; clearing is audited', async () => {
    const zip = fixture('kh-sections-cgcs2000-gk.zip');
    expect((await send(bd, zip, 'kh.zip', { mode: 'apply', matchField: 'BDBM' })).code).toBe(
      ErrorCode.forbidden,
    );
    const section = (await boundaries()).get('KH-BD02')!;
    expect(
      (await t.api('POST', '/api/project/clearBdBoundary', { token: bd, body: { id: section.id } })).code,
    ).toBe(ErrorCode.forbidden);
    // Another project's section is not found from KH2026.
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const js = await boundaries();
    expect([...js.keys()].every((code) => code.startsWith('JS-'))).toBe(true);
    expect(
      (await t.api('POST', '/api/project/clearBdBoundary', { token: admin, body: { id: section.id } })).code,
    ).toBe(ErrorCode.notFound);
    // A square in 江山市 (JS2026's county) sent to KH2026's section from JS2026: no such section here.
    const jsSquare = geojson([
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: square(118.5, 28.5, 118.52, 28.52) },
      },
    ]);
    const foreign = await send(admin, jsSquare, 'js.geojson', { mode: 'apply', sectionId: section.id });
    expect(foreign.code).toBe(ErrorCode.validation);
    expect(foreign.message).toBe('标段不存在');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    expect((await boundaries()).get('KH-BD02')!.boundary).toHaveLength(2);
    const cleared = await t.api('POST', '/api/project/clearBdBoundary', {
      token: admin,
      body: { id: section.id },
    });
    expect(cleared.code).toBe(0);
    expect((await boundaries()).get('KH-BD02')!.boundary).toBeNull();
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, section.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.params).toMatchObject({ kind: 'boundaryCleared', code: 'KH-BD02' });
  });
});
