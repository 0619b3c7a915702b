/** Registering, reading, editing, deleting workers and their faces; who may do what; the statistics. */
import { ErrorCode, type LwryFace, type LwryItem, makeIdNumber } from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { auditLog, workers } from '../../db/schema/index.ts';
import { newId, png, workersTestApp } from './testKit.ts';

describe('workers (lwry): roster', () => {
  const kit = workersTestApp();
  const { upload, register, complete, detail } = kit;
  let t: TestApp;
  let admin: string;
  let gov: string;
  let js: string;
  let bd: string;
  beforeAll(() => void ({ t, admin, gov, js, bd } = kit));

  it('registers with the minimum, derives birth date, sex and region, and stays pending', async () => {
    const idNumber = makeIdNumber('330824', '1985-07-02', 242);
    const res = await t.api<{ id: string }>('POST', '/api/lwryUser/insert', {
      token: admin,
      body: { name: '余秀英', idNumber, phone: '13757012345', sectionCode: 'KH-BD02', projectcode: 'KH2026' },
    });
    expect(res.code, res.message).toBe(0);
    const d = await detail(admin, res.value.id);
    expect(d.value).toMatchObject({
      name: '余秀英',
      idNumber,
      idNumberMasked: false,
      sex: 0,
      birthday: '1985-07-02',
      examineStatus: 0,
      complete: 0,
      allowCard: 0,
      sectionName: expect.stringContaining('第二标段'),
    });
    expect(d.value.regionName).toContain('开化县');
    expect(d.value.history.map((h) => h.action)).toEqual(['create']);
    // Reading the full number is audited.
    const reads = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'worker'), eq(auditLog.action, 'read'), eq(auditLog.entityId, res.value.id)),
      );
    expect(reads).toHaveLength(1);
  });

  it('parses an ID number for the form (loadIdCard) and names an existing entry', async () => {
    const idNumber = newId('330881', '1990-12-01');
    const fresh = await t.api<{ birthday: string; sex: number; regionName: string; existing: unknown }>(
      'GET',
      `/api/lwryUser/loadIdCard?idNumber=${idNumber}`,
      { token: admin },
    );
    expect(fresh.value).toMatchObject({ birthday: '1990-12-01', existing: null });
    expect(fresh.value.regionName).toContain('江山市');
    const id = await register(admin, { idNumber, name: '毛建平' });
    const again = await t.api<{ existing: { id: string; name: string } }>(
      'GET',
      `/api/lwryUser/loadIdCard?idNumber=${idNumber}`,
      { token: admin },
    );
    expect(again.value.existing).toEqual({ id, name: '毛建平' });
    const bad = await t.api('GET', `/api/lwryUser/loadIdCard?idNumber=${idNumber.slice(0, 17)}0`, {
      token: admin,
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('refuses bad input naming the field, storing nothing', async () => {
    const before = (await t.deps.database.db.select().from(workers)).length;
    const good = newId();
    const wrongCheck = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    const cases: [Record<string, unknown>, string][] = [
      [{ idNumber: wrongCheck }, '校验位'],
      [{ idNumber: makeIdNumber('330824', '2099-01-01', 1) }, '出生日期'],
      [{ idNumber: '33082419780230131X' }, '出生日期'],
      [{ phone: '1390570123' }, '手机号'],
      [{ ifToubao: 1, bxStart: '2026-05-01', bxEnd: '2026-04-01' }, '保险结束日期不能早于开始日期'],
      [{ sectionCode: 'JS-BD01' }, 'JS-BD01'],
      [{ faceFileIds: [await upload(admin, 'photo', png, 'x.png', 'image/png')] }, '人脸照片'],
    ];
    for (const [change, text] of cases) {
      const res = await t.api('POST', '/api/lwryUser/insert', {
        token: admin,
        body: { name: '错误', idNumber: newId(), phone: '13905701234', sectionCode: 'KH-BD01', ...change },
      });
      expect(res.code, JSON.stringify(change)).not.toBe(0);
      expect(res.code).toBeLessThan(50000);
      expect(res.message, JSON.stringify(change)).toContain(text);
    }
    // A face photo that is not an image never becomes a file.
    const form = new FormData();
    form.append('file', new Blob(['not an image'], { type: 'image/png' }), 'face.png');
    const r = new Response(form);
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=face',
      headers: { token: admin, 'content-type': r.headers.get('content-type') ?? '' },
      payload: Buffer.from(await r.arrayBuffer()),
    });
    expect(notImage.json().code).toBe(ErrorCode.unsupportedMediaType);
    expect((await t.deps.database.db.select().from(workers)).length).toBe(before);
  });

  it('allows an ID number once per project, and again in another project', async () => {
    const idNumber = newId();
    await register(admin, { idNumber, name: '汪根土' });
    const twice = await t.api('POST', '/api/lwryUser/insert', {
      token: admin,
      body: { name: '另一个', idNumber, phone: '13905701234', sectionCode: 'KH-BD02' },
    });
    expect(twice.code).toBe(ErrorCode.conflict);
    expect(twice.message).toContain('汪根土');
    const other = await t.api('POST', '/api/lwryUser/insert', {
      token: js,
      body: { name: '汪根土', idNumber, phone: '13905701234', sectionCode: 'JS-BD01' },
    });
    expect(other.code, other.message).toBe(0);
  });

  it('manages faces: add, list through the double-slash path, set current', async () => {
    const id = await complete({ name: '人脸工' });
    const info = await t.api<{ uploadUrl: string; types: string[] }>(
      'GET',
      `/api/lwryUser/lwryFaceAdd?projectcode=KH2026&lwryId=${id}`,
      { token: admin },
    );
    expect(info.value.uploadUrl).toBe('/api/file/upload?kind=face');
    const wrongProject = await t.api('GET', `/api/lwryUser/lwryFaceAdd?projectcode=JS2026&lwryId=${id}`, {
      token: admin,
    });
    expect(wrongProject.code).toBe(ErrorCode.forbidden);
    const added = await t.api<LwryFace[]>('POST', '/api/lwry/faceUpdate', {
      token: admin,
      body: { id, fileId: await upload(admin, 'face', png, 'new.png', 'image/png'), current: false },
    });
    expect(added.code, added.message).toBe(0);
    expect(added.value.map((f) => f.current)).toEqual([1, 0]);
    const listed = await t.api<LwryFace[]>('GET', `/api/lwryUser//lwryAqbbList?lwryId=${id}`, { token: gov });
    expect(listed.code, listed.message).toBe(0);
    expect(listed.value).toHaveLength(2);
    const set = await t.api<LwryFace[]>('POST', '/api/lwry/faceUpdate', {
      token: admin,
      body: { id, faceId: listed.value[1]!.id },
    });
    expect(set.value.map((f) => f.current)).toEqual([0, 1]);
    const photo = await upload(admin, 'photo', png, 'p.png', 'image/png');
    const notFace = await t.api('POST', '/api/lwry/faceUpdate', {
      token: admin,
      body: { id, fileId: photo },
    });
    expect(notFace.code).toBe(ErrorCode.validation);
  });

  it('keeps section managers to their sections and government viewers to reading', async () => {
    const mine = await register(admin, { name: '本标段', sectionCode: 'KH-BD01' });
    const theirs = await register(admin, { name: '他标段', sectionCode: 'KH-BD02' });
    const bdList = await t.api<{ list: LwryItem[] }>('POST', '/api/lwryUser/lwryList', {
      token: bd,
      body: { pageSize: 100 },
    });
    expect(bdList.value.list.every((w) => w.sectionCode === 'KH-BD01')).toBe(true);
    expect(bdList.value.list.some((w) => w.id === mine)).toBe(true);
    expect((await detail(bd, theirs)).code).toBe(ErrorCode.forbidden);
    const intoOther = await t.api('POST', '/api/lwryUser/insert', {
      token: bd,
      body: { name: '越权', idNumber: newId(), phone: '13905701234', sectionCode: 'KH-BD02' },
    });
    expect(intoOther.code).toBe(ErrorCode.forbidden);
    expect((await detail(gov, theirs)).code).toBe(0);
    for (const [method, url, body] of [
      ['POST', '/api/lwryUser/insert', {}],
      ['POST', '/api/lwryUser/update', {}],
      ['DELETE', `/api/lwryUser/deleteOne?id=${mine}`, undefined],
      ['POST', '/api/lwryUser/updateAllowCard', { id: mine, allowCard: 0 }],
      ['POST', '/api/lwryUser/examine', { userId: mine, examineStatus: 1 }],
      ['POST', '/api/lwry/faceUpdate', {}],
    ] as const) {
      expect((await t.api(method, url, { token: gov, body })).code, url).toBe(ErrorCode.forbidden);
    }
    // Another project's worker id is refused, not found-and-changed.
    expect((await detail(js, mine)).code).toBe(ErrorCode.forbidden);
    expect((await t.api('DELETE', `/api/lwryUser/deleteOne?id=${mine}`, { token: js })).code).toBe(
      ErrorCode.forbidden,
    );
    const del = await t.api('DELETE', `/api/lwryUser/deleteOne?id=${mine}`, { token: admin });
    expect(del.code).toBe(0);
    expect((await detail(admin, mine)).code).toBe(ErrorCode.notFound);
  });

  it('refuses to delete a section or a project that holds workers', async () => {
    const sections = await t.api<{ list: { id: string; code: string }[] }>(
      'POST',
      '/api/project/prj1BDList',
      {
        token: admin,
        body: { pageSize: 100 },
      },
    );
    const section = sections.value.list.find((s) => s.code === 'KH-BD01');
    const res = await t.api('POST', '/api/project/delBdInfo', { token: admin, body: { id: section!.id } });
    expect(res.code).toBe(ErrorCode.conflict);
    expect(res.message).toContain('劳务人员');
  });

  it('counts for the statistics page', async () => {
    const res = await t.api<{
      total: number;
      bySection: { count: number }[];
      byStatus: unknown[];
      perWeek: { count: number }[];
    }>('GET', '/api/lwryUser/lwryCensus', { token: gov });
    expect(res.code, res.message).toBe(0);
    expect(res.value.total).toBe(res.value.bySection.reduce((n, s) => n + s.count, 0));
    expect(res.value.perWeek.reduce((n, s) => n + s.count, 0)).toBeGreaterThan(0);
  });
});
