import { type BurnCensusItem, type BurnPointItem, ErrorCode } from '@pineguard/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { censusOf } from './service.ts';

// 开化县 (330824) lies around 118.03–118.64 E, 28.90–29.50 N.
const inKaihua = { gpsLong: 118.41, gpsLat: 29.14 };

describe('burn points', () => {
  let t: TestApp;
  let kh: string;
  let js: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    js = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: js, body: { prjCode: 'JS2026' } });
  });
  afterAll(() => t.close());

  const save = (token: string, body: object) =>
    t.api<BurnPointItem>('POST', '/api/fsd/save', { token, body });

  it('adds, lists, edits and deletes a burn point of the caller’s project', async () => {
    const created = await save(kh, {
      name: '芹阳测试焚烧炉',
      type: 'incinerator',
      ...inKaihua,
      townshipCode: '330824115',
      capacity: 12.5,
      personInCharge: '王建平',
      phone: '13700000001',
    });
    expect(created).toMatchObject({ code: 0, message: '保存成功' });
    expect(created.value).toMatchObject({ name: '芹阳测试焚烧炉', state: 'approved', capacity: 12.5 });
    expect(created.value.townshipName).not.toBe('');

    const list = await t.api<{ list: BurnPointItem[]; total: number }>('POST', '/api/fsd/list', {
      token: kh,
      body: { pageNum: 1, pageSize: 10, keyWords: '芹阳' },
    });
    expect(list.value.total).toBe(1);
    expect(list.value.list[0]!.id).toBe(created.value.id);
    // Another project's list does not show it.
    const other = await t.api<{ list: BurnPointItem[]; total: number }>('POST', '/api/fsd/list', {
      token: js,
      body: { pageSize: 100 },
    });
    // The demo seed gives 江山 five points of its own; none of them is 开化's new one.
    expect(other.value.total).toBe(5);
    expect(other.value.list.every((p) => p.projectCode === 'JS2026')).toBe(true);

    const edited = await save(kh, {
      id: created.value.id,
      name: '芹阳测试焚烧炉',
      type: 'incinerator',
      ...inKaihua,
      state: 'suspended',
    });
    expect(edited.value.state).toBe('suspended');

    const dup = await save(kh, { name: '芹阳测试焚烧炉', type: 'open', ...inKaihua });
    expect(dup.code).toBe(ErrorCode.conflict);
    expect(dup.message).toContain('芹阳测试焚烧炉');

    // The other project cannot delete it (not found in its project), the owner can.
    expect((await t.api('POST', '/api/fsd/delete', { token: js, body: { id: created.value.id } })).code).toBe(
      ErrorCode.notFound,
    );
    const del = await t.api('POST', '/api/fsd/delete', { token: kh, body: { id: created.value.id } });
    expect(del.code).toBe(0);
    expect(
      (await t.api<{ total: number }>('POST', '/api/fsd/list', { token: kh, body: { keyWords: '芹阳' } }))
        .value.total,
    ).toBe(0);
  });

  it('refuses a point outside the project county, an unknown section or township, and bad input', async () => {
    // 江山市 (330881) is south of 开化县: a JS2026 point placed in 开化 is refused.
    const outside = await save(js, { name: '越界点', type: 'open', ...inKaihua });
    expect(outside.code).toBe(ErrorCode.validation);
    expect(outside.message).toContain('江山市');
    const section = await save(kh, { name: 'x1', type: 'open', ...inKaihua, sectionCode: 'NOPE' });
    expect(section.message).toContain('NOPE');
    const township = await save(kh, { name: 'x2', type: 'open', ...inKaihua, townshipCode: '330881121' });
    expect(township.message).toContain('330881121');
    const badType = await save(kh, { name: 'x3', type: 'furnace', ...inKaihua });
    expect(badType.code).toBe(ErrorCode.validation);
    const noLat = await save(kh, { name: 'x4', type: 'open', gpsLong: 118.4 });
    expect(noLat.code).toBe(ErrorCode.validation);
    expect(noLat.message).toContain('纬度');
    const huge = await t.api('POST', '/api/fsd/list', { token: kh, body: { pageSize: 1_000_000 } });
    expect(huge.code).toBe(ErrorCode.validation);
    const otherProject = await t.api('POST', '/api/fsd/list', { token: kh, body: { projectCode: 'JS2026' } });
    expect(otherProject.code).toBe(ErrorCode.forbidden);
  });

  const upload = async (token: string, name: string, kind = 'photo') => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2f7d32' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
    const res = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    const body = up.json() as { code: number; message: string; value: { id: string } };
    if (body.code !== 0) throw new Error(body.message);
    return body.value.id;
  };

  it('keeps photos of the same project only and lists them as signed thumbnail and full URLs', async () => {
    const mine = [await upload(kh, 'furnace-1.jpg'), await upload(kh, 'furnace-2.jpg')];
    const theirs = await upload(js, 'jiangshan.jpg');

    // Another project's photo, an unknown file, a face upload and a 7th photo are refused.
    const other = await save(kh, {
      name: '照片测试点',
      type: 'open',
      ...inKaihua,
      photos: [mine[0], theirs],
    });
    expect(other.code).toBe(ErrorCode.validation);
    expect(other.message).toContain(theirs);
    const unknown = await save(kh, { name: '照片测试点', type: 'open', ...inKaihua, photos: [randomUUID()] });
    expect(unknown.code).toBe(ErrorCode.validation);
    expect(unknown.message).toContain('不属于本项目');
    const face = await upload(kh, 'face.jpg', 'face');
    const notPhoto = await save(kh, { name: '照片测试点', type: 'open', ...inKaihua, photos: [face] });
    expect(notPhoto.code).toBe(ErrorCode.validation);
    expect(notPhoto.message).toContain('face.jpg');
    const seven = await save(kh, {
      name: '照片测试点',
      type: 'open',
      ...inKaihua,
      photos: Array.from({ length: 7 }, () => randomUUID()),
    });
    expect(seven.code).toBe(ErrorCode.validation);
    const notUuid = await save(kh, { name: '照片测试点', type: 'open', ...inKaihua, photos: ["x' or 1=1"] });
    expect(notUuid.code).toBe(ErrorCode.validation);
    expect(notUuid.message).toContain('photos');

    const saved = await save(kh, { name: '照片测试点', type: 'open', ...inKaihua, photos: mine });
    expect(saved.code).toBe(0);
    expect(saved.value.photos).toEqual(mine);

    const list = await t.api<{ list: BurnPointItem[] }>('POST', '/api/fsd/list', {
      token: kh,
      body: { keyWords: '照片测试点' },
    });
    const point = list.value.list[0]!;
    expect(point.photoList.map((p) => [p.fileId, p.name])).toEqual([
      [mine[0], 'furnace-1.jpg'],
      [mine[1], 'furnace-2.jpg'],
    ]);
    const [first] = point.photoList;
    // No session token in the URLs: the signature is the permission, and it expires.
    expect(first!.url).toMatch(/^\/api\/media\/[0-9a-f-]+\?v=full&e=\d+&s=/);
    expect(first!.thumbUrl).toMatch(/\?v=thumb&/);
    expect(first!.url).not.toContain(kh);
    expect(Date.parse(first!.expiresAt)).toBeGreaterThan(Date.now());
    const full = await t.app.inject({ method: 'GET', url: first!.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const thumb = await t.app.inject({ method: 'GET', url: first!.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    const forged = await t.app.inject({ method: 'GET', url: first!.thumbUrl.replace(/s=[^&]+/, 's=AAAA') });
    expect(forged.statusCode).not.toBe(200);

    // Removing a photo keeps the rest.
    const removed = await save(kh, {
      id: point.id,
      name: '照片测试点',
      type: 'open',
      ...inKaihua,
      photos: [mine[1]],
    });
    expect(removed.value.photoList.map((p) => p.fileId)).toEqual([mine[1]]);
  });

  it('counts burns, quantity by unit, last burn and approved burns per point', async () => {
    const a = await save(kh, { name: '测试焚烧点A', type: 'open', ...inKaihua });
    const b = await save(kh, { name: '测试焚烧点B', type: 'chipping', ...inKaihua });
    expect(a.code + b.code).toBe(0);
    const { db } = t.deps.database;
    const admin = (await db.execute(sql`select id from users where account = 'demo_admin'`)) as unknown as {
      rows: { id: string }[];
    };
    const section = (await db.execute(
      sql`select code from sections where project_code = 'KH2026' order by code limit 1`,
    )) as unknown as { rows: { code: string }[] };
    const burn = (point: string, qty: number, unit: string, day: string, state: string) =>
      db.execute(sql`insert into records (id, project_code, table_code, section_code, collector_id, time_submit, state, fields)
        values (${randomUUID()}, 'KH2026', 'gbymfs0101', ${section.rows[0]!.code}, ${admin.rows[0]!.id},
          ${`${day}T08:00:00+08:00`}, ${state},
          ${JSON.stringify({ fsd: point, yimushuliang: qty, jldw: unit, fssj: day })}::jsonb)`);
    // A: 3 burns — 10 株 + 5 株 (one approved), 2.5 吨 (approved); last on 11-20. B: none.
    await burn('测试焚烧点A', 10, '株', '2026-11-18', '20');
    await burn('测试焚烧点A', 5, '株', '2026-11-20', '10');
    await burn('测试焚烧点A', 2.5, '吨', '2026-11-19', '20');
    const res = await t.api<{ list: BurnCensusItem[] }>('POST', '/api/fsd/census', { token: kh, body: {} });
    expect(res.code).toBe(0);
    const byName = new Map(res.value.list.map((p) => [p.name, p]));
    expect(byName.get('测试焚烧点A')).toMatchObject({
      burns: 3,
      lastBurn: '2026-11-20',
      passed: 2,
      quantities: [
        { unit: '吨', quantity: 2.5 },
        { unit: '株', quantity: 15 },
      ],
    });
    expect(byName.get('测试焚烧点B')).toMatchObject({ burns: 0, quantities: [], lastBurn: null, passed: 0 });

    const unknownTable = await t.api('POST', '/api/fsd/census', {
      token: kh,
      body: { dynaimcTableName: "gbymfs0101'; drop table records; --" },
    });
    expect(unknownTable.code).toBe(ErrorCode.validation);
    expect(unknownTable.message).toContain('不是本项目的标准表');
  });
});

describe('census arithmetic', () => {
  it('sums per point over units, keeps the latest day and zero rows for unnamed points', () => {
    const points = [
      { id: '1', name: 'P1', kind: 'open', state: 'approved' },
      { id: '2', name: 'P2', kind: 'incinerator', state: 'suspended' },
    ];
    const totals = [
      { point: 'P1', unit: '株', burns: 4, quantity: 40, lastBurn: '2026-11-01', passed: 3 },
      { point: 'P1', unit: '立方米', burns: 2, quantity: 3.333, lastBurn: '2026-11-05', passed: 0 },
      { point: 'ghost', unit: '株', burns: 9, quantity: 90, lastBurn: '2026-11-09', passed: 9 },
    ];
    expect(censusOf(points, totals)).toEqual([
      {
        id: '1',
        name: 'P1',
        type: 'open',
        state: 'approved',
        burns: 6,
        quantities: [
          { unit: '株', quantity: 40 },
          { unit: '立方米', quantity: 3.33 },
        ],
        lastBurn: '2026-11-05',
        passed: 3,
      },
      {
        id: '2',
        name: 'P2',
        type: 'incinerator',
        state: 'suspended',
        burns: 0,
        quantities: [],
        lastBurn: null,
        passed: 0,
      },
    ]);
  });
});
