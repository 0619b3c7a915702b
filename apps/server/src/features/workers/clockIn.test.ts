import {
  addDays,
  chinaToday,
  type ClockInItem,
  type ClockInValue,
  ErrorCode,
  type FileInfo,
  makeIdNumber,
} from '@pineguard/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { onDutyToday } from './index.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const today = chinaToday();
/** A point in 开化县 (Kaihua county). */
const gps = { long: 118.41, lat: 29.14, range: 8 };

describe('clock-in from the field app', () => {
  let t: TestApp;
  let admin: string; // project administrator of KH2026
  let jianli: string; // supervisor
  let field: string; // demo_worker signed in on the phone (client 1), KH2026 selected
  const phone = '13905708811';

  const upload = async (token: string, kind: string) => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'face.png');
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    const body = out.json() as { code: number; message: string; value: FileInfo };
    expect(body.code, body.message).toBe(0);
    return body.value.id;
  };

  const clockIn = (body: Record<string, unknown>, token = field, lang?: string) =>
    t.api<ClockInValue>('POST', '/api/collect/clockIn', {
      token,
      body,
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });

  let workerId: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string, client = 2) => {
      const token = await t.signIn(account, 'pine2026', client);
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      expect(res.code, res.message).toBe(0);
      return token;
    };
    admin = await select('demo_admin', 'KH2026');
    jianli = await select('demo_jianli', 'KH2026');
    await t.deps.database.db.update(users).set({ phone }).where(eq(users.account, 'demo_worker'));
    field = await select('demo_worker', 'KH2026', 1);
    // The worker entry of that account: complete, not yet approved, insured from today on.
    const res = await t.api<{ id: string }>('POST', '/api/lwryUser/insert', {
      token: admin,
      body: {
        name: '徐长根',
        idNumber: makeIdNumber('330824', '1975-05-06', 311),
        phone,
        sectionCode: 'KH-BD01',
        idCardFront: await upload(admin, 'idCard'),
        idCardBack: await upload(admin, 'idCard'),
        faceFileIds: [await upload(admin, 'face')],
        ifToubao: 1,
        bxStart: addDays(today, -10),
        bxEnd: addDays(today, 100),
      },
    });
    expect(res.code, res.message).toBe(0);
    workerId = res.value.id;
  });
  afterAll(() => t.close());

  it('refuses an account without a worker entry in the project', async () => {
    const faceFileId = await upload(admin, 'face');
    const res = await clockIn(
      { uuid: randomUUID(), sectionCode: 'KH-BD01', time: new Date().toISOString(), gps, faceFileId },
      admin,
    );
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.message).toContain('没有与您的账号');
  });

  it('refuses while clock-in permission is off, naming every reason, in the caller’s language', async () => {
    const face = await upload(field, 'face');
    const body = {
      uuid: randomUUID(),
      sectionCode: 'KH-BD01',
      time: new Date().toISOString(),
      gps,
      faceFileId: face,
    };
    const res = await clockIn(body);
    expect(res.code).toBe(ErrorCode.forbidden);
    expect(res.message).toContain('打卡权限未开启');
    expect(res.message).toContain('未审核通过');
    const en = await clockIn(body, field, 'en');
    expect(en.message).toContain('clock-in permission is off');
    const list = await t.api<{ list: ClockInItem[]; total: number }>(
      'GET',
      `/api/lwryUser/clockInList?lwryId=${workerId}`,
      { token: admin },
    );
    expect(list.value.total).toBe(0);
  });

  it('clocks in once per uuid, shows it in the worker detail list and counts on duty today', async () => {
    const approve = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: workerId, examineStatus: 1 },
    });
    expect(approve.code, approve.message).toBe(0);
    const allow = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id: workerId, allowCard: 1 },
    });
    expect(allow.code, allow.message).toBe(0);
    const before = await onDutyToday(t.deps, 'KH2026');

    const face = await upload(field, 'face');
    const body = {
      uuid: randomUUID(),
      sectionCode: 'KH-BD01',
      time: new Date().toISOString(),
      gps,
      faceFileId: face,
    };
    const first = await clockIn(body);
    expect(first.code, first.message).toBe(0);
    expect(first.message).toBe('打卡成功');
    expect(first.value).toMatchObject({ status: 'created', workerId, workerName: '徐长根' });
    // Resent (twice at once): the same clock-in, stored once.
    const [a, b] = await Promise.all([clockIn(body), clockIn(body)]);
    expect(a.value).toEqual({ ...first.value, status: 'duplicate' });
    expect(b.value).toEqual({ ...first.value, status: 'duplicate' });

    const list = await t.api<{ list: ClockInItem[]; total: number }>(
      'GET',
      `/api/lwryUser/clockInList?lwryId=${workerId}&pageNum=1&pageSize=10`,
      { token: jianli },
    );
    expect(list.code, list.message).toBe(0);
    expect(list.value.total).toBe(1);
    expect(list.value.list[0]).toMatchObject({
      id: first.value.id,
      sectionCode: 'KH-BD01',
      sectionName: expect.stringContaining('第一标段'),
      gpsLong: gps.long,
      gpsLat: gps.lat,
      gpsRange: gps.range,
      faceUrl: `/api/file/${face}`,
      account: 'demo_worker',
    });
    // A second clock-in the same day is the same person on duty.
    const second = await clockIn({ ...body, uuid: randomUUID() });
    expect(second.value.status).toBe('created');
    expect(await onDutyToday(t.deps, 'KH2026')).toBe(before + 1);
    expect(await onDutyToday(t.deps, 'KH2026', addDays(today, -1))).toBe(0);
    expect(await onDutyToday(t.deps, 'JS2026')).toBe(0);
  });

  it('refuses bad input with the field named, another section, a foreign face and a reused uuid', async () => {
    const face = await upload(field, 'face');
    const base = {
      uuid: randomUUID(),
      sectionCode: 'KH-BD01',
      time: new Date().toISOString(),
      gps,
      faceFileId: face,
    };
    const badGps = await clockIn({ ...base, gps: { long: 500, lat: 29 } });
    expect(badGps.code).toBe(ErrorCode.validation);
    expect(badGps.message).toMatch(/gps|long|经度/i);
    const otherSection = await clockIn({ ...base, sectionCode: 'KH-BD02' });
    expect(otherSection.code).toBe(ErrorCode.validation);
    expect(otherSection.message).toContain('第一标段');
    const foreign = await clockIn({ ...base, faceFileId: randomUUID() });
    expect(foreign.code).toBe(ErrorCode.validation);
    expect(foreign.message).toContain('人脸照片');
    const ok = await clockIn(base);
    expect(ok.code, ok.message).toBe(0);
    // The same uuid from another account is refused, not taken as theirs.
    const bd = await t.signIn('demo_bd', 'pine2026', 1);
    await t.api('POST', '/api/user/selectProject', { token: bd, body: { prjCode: 'KH2026' } });
    await t.deps.database.db.update(users).set({ phone: null }).where(eq(users.account, 'demo_bd'));
    const stolen = await clockIn(base, bd);
    expect(stolen.code).not.toBe(0);
  });

  it('turns insurance that ended into a refusal with its dates', async () => {
    const upd = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id: workerId,
        name: '徐长根',
        idNumber: makeIdNumber('330824', '1975-05-06', 311),
        phone,
        sectionCode: 'KH-BD01',
        ifToubao: 1,
        bxStart: addDays(today, -100),
        bxEnd: addDays(today, -1),
      },
    });
    expect(upd.code, upd.message).toBe(0);
    const res = await clockIn({
      uuid: randomUUID(),
      sectionCode: 'KH-BD01',
      time: new Date().toISOString(),
      gps,
      faceFileId: await upload(field, 'face'),
    });
    expect(res.code).toBe(ErrorCode.forbidden);
    expect(res.message).toContain('保险不在有效期内');
  });
});
