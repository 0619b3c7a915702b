import {
  addDays,
  chinaToday,
  ErrorCode,
  type FileInfo,
  type LwryDetail,
  type LwryFace,
  type LwryItem,
  makeIdNumber,
  lwryListValue,
} from '@pineguard/contract';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog, notices, users, workerHistory, workers } from '../../db/schema/index.ts';
import { expireInsurance } from './index.ts';
import { matchesFirst, workerBatches, workerWhere } from './queries.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const today = chinaToday();
let seq = 0;
const newId = (region = '330824', birth = '1978-03-15') => makeIdNumber(region, birth, 100 + seq++);

describe('workers (lwry)', () => {
  let t: TestApp;
  let admin: string; // project administrator of KH2026
  let jianli: string; // supervisor
  let bd: string; // section manager of KH-BD01
  let gov: string; // government viewer
  let js: string; // project administrator working in JS2026

  const upload = async (token: string, kind: string, content: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    return (out.json() as { value: FileInfo }).value.id;
  };

  const register = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await t.api<{ id: string }>('POST', '/api/lwryUser/insert', {
      token,
      body: { name: '测试工', idNumber: newId(), phone: '13905701234', sectionCode: 'KH-BD01', ...extra },
    });
    expect(res.code, res.message).toBe(0);
    return res.value.id;
  };

  /** A worker with ID photos and a face, ready for review. */
  const complete = async (extra: Record<string, unknown> = {}) =>
    register(admin, {
      idCardFront: await upload(admin, 'idCard', png, 'front.png', 'image/png'),
      idCardBack: await upload(admin, 'idCard', png, 'back.png', 'image/png'),
      faceFileIds: [await upload(admin, 'face', png, 'face.png', 'image/png')],
      ...extra,
    });

  const detail = (token: string, id: string) =>
    t.api<LwryDetail>('GET', `/api/lwryUser/detail?id=${id}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string) => {
      const token = await t.signIn(account, 'pine2026');
      await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      return token;
    };
    admin = await select('demo_admin', 'KH2026');
    jianli = await select('demo_jianli', 'KH2026');
    bd = await select('demo_bd', 'KH2026');
    gov = await select('demo_gov', 'KH2026');
    js = await select('demo_admin', 'JS2026');
  });
  afterAll(() => t.close());

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

  it('lists with the §3 filters, masked ID numbers, bounded pages', async () => {
    const name = `筛选${Date.now() % 10000}`;
    const soon = await complete({
      name: `${name}甲`,
      ifToubao: 1,
      bxStart: addDays(today, -10),
      bxEnd: addDays(today, 5),
    });
    const later = await complete({
      name: `${name}乙`,
      ifToubao: 1,
      bxStart: addDays(today, -10),
      bxEnd: addDays(today, 90),
    });
    const expired = await register(admin, {
      name: `${name}丙`,
      ifToubao: 1,
      bxStart: '2025-01-01',
      bxEnd: addDays(today, -1),
    });
    const list = async (filter: Record<string, unknown>) => {
      const res = await t.api<{ list: LwryItem[]; total: number }>('POST', '/api/lwryUser/lwryList', {
        token: admin,
        body: { keyword: name, pageNum: 1, pageSize: 10, ...filter },
      });
      expect(res.code, res.message).toBe(0);
      // The list is serialised without zod (plainJson): prove nothing would be stripped or refused.
      expect(lwryListValue.parse(res.value)).toEqual(res.value);
      return res.value;
    };
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.list.map((w) => w.id)).toEqual([expired, later, soon]);
    expect(all.list[0]!.idNumber).toMatch(/^330824\*{8}[\dX]{4}$/);
    expect((await list({ bxLimit: 30 })).list.map((w) => w.id)).toEqual([soon]);
    expect((await list({ bxLimit: 0 })).list.map((w) => w.id)).toEqual([expired]);
    expect((await list({ ifFace: 1 })).total).toBe(2);
    expect((await list({ ifFace: 0 })).list.map((w) => w.id)).toEqual([expired]);
    expect((await list({ ifToubao: 1 })).total).toBe(3);
    expect((await list({ ifToubao: 0 })).total).toBe(0);
    expect((await list({ examineStatus: 0 })).total).toBe(3);
    expect((await list({ examineStatus: 1 })).total).toBe(0);
    expect((await list({ examineStatus: '', bxLimit: '', ifFace: '' })).total).toBe(3);
    expect((await list({ addTimeBegin: today, addTimeEnd: today })).total).toBe(3);
    expect((await list({ addTimeEnd: addDays(today, -1) })).total).toBe(0);
    expect((await list({ pageSize: 2, pageNum: 2 })).list).toHaveLength(1);
    const deep = await t.api('POST', '/api/lwryUser/lwryList', { token: admin, body: { pageNum: 100000 } });
    expect(deep.code).toBe(ErrorCode.validation);
    const badFilter = await t.api('POST', '/api/lwryUser/lwryList', {
      token: admin,
      body: { examineStatus: 7 },
    });
    expect(badFilter.code).toBe(ErrorCode.validation);
    expect(badFilter.message).toContain('审核状态');
  });

  it('pages by keyset cursor and exports every worker, also those created within one millisecond', async () => {
    // Five workers created in the same millisecond, microseconds apart: a cursor or an export batch
    // boundary carried as a JS Date (milliseconds) skipped the rest of that millisecond.
    const [owner] = await t.deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, 'demo_admin'));
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const [row] = await t.deps.database.db
        .insert(workers)
        .values({
          projectCode: 'KH2026',
          sectionCode: 'KH-BD01',
          name: `同毫秒工${i}`,
          idNumber: newId(),
          phone: `1370000000${i}`,
          sex: 1,
          birthDate: '1978-03-15',
          regionCode: '330824',
          createdBy: owner!.id,
          createdAt: sql`${`2020-01-01 00:00:00.12340${i}+00`}::timestamptz` as never,
        })
        .returning({ id: workers.id });
      ids.push(row!.id);
    }
    const newestFirst = [...ids].reverse();
    // Both name paths sort their matches themselves (matchesFirst): trigram (4 characters) and
    // the GIN of pairs (2); the order and the cursor must be the newest-first index's.
    for (const keyword of ['同毫秒工', '同毫']) {
      expect(matchesFirst({ keyword })).toBe(true);
      const seen: string[] = [];
      let cursor: string | null | undefined;
      for (let pageNum = 1; pageNum <= 5; pageNum++) {
        const res = await t.api<{ list: LwryItem[]; total: number; nextCursor: string | null }>(
          'POST',
          '/api/lwryUser/lwryList',
          { token: admin, body: { keyword, pageNum, pageSize: 2, ...(cursor ? { cursor } : {}) } },
        );
        expect(res.code, res.message).toBe(0);
        expect(res.value.total).toBe(5);
        seen.push(...res.value.list.map((w) => w.id));
        cursor = res.value.nextCursor;
        if (!cursor) break;
      }
      expect(seen, keyword).toEqual(newestFirst);
    }
    expect(matchesFirst({ keyword: '13700000' })).toBe(false);
    expect(matchesFirst({ bxLimit: 0 })).toBe(false);
    expect(matchesFirst({ bxLimit: 30 })).toBe(true);
    expect(matchesFirst({ bxLimit: 365 })).toBe(false);
    const batches: string[][] = [];
    const where = workerWhere('KH2026', { keyword: '同毫秒工' }, today, undefined);
    for await (const batch of workerBatches(t.deps.database.db, where, 2))
      batches.push(batch.map((r) => r.worker.id));
    expect(batches.flat()).toEqual(newestFirst);
    // A forged cursor is refused as bad input, never a 5xx.
    for (const forged of [
      'not-a-cursor',
      Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', ids[0]])).toString('base64url'),
      Buffer.from(JSON.stringify(['yesterday', ids[0]])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-02-01 00:00:00+00', 'x'])).toString('base64url'),
    ]) {
      const res = await t.api('POST', '/api/lwryUser/lwryList', { token: admin, body: { cursor: forged } });
      expect(res.code, forged).toBe(ErrorCode.validation);
    }
  });

  it('finds workers by a name fragment, a phone prefix, an ID-number prefix or a whole ID number', async () => {
    const idNumber = makeIdNumber('330881', '1981-07-09', 901);
    const id = await register(admin, { name: '欧阳关键词', idNumber, phone: '15857009931' });
    const found = async (keyword: string) =>
      (
        await t.api<{ list: LwryItem[] }>('POST', '/api/lwryUser/lwryList', {
          token: admin,
          body: { keyword, pageSize: 100 },
        })
      ).value.list.map((w) => w.id);
    expect(await found('阳关键')).toContain(id);
    // One or two characters (no trigram): the name's characters and pairs.
    expect(await found('阳关')).toContain(id);
    expect(await found('欧阳')).toContain(id);
    expect(await found('词')).toContain(id);
    expect(await found('阳键')).not.toContain(id);
    expect(await found('关键词')).toContain(id);
    expect(await found('158570099')).toEqual([id]);
    expect(await found(idNumber.slice(0, 14))).toEqual([id]);
    expect(await found(idNumber.toLowerCase())).toEqual([id]);
    expect(await found('关键_')).toEqual([]);
  });

  it('gives clock-in permission only to approved, insured, faced workers, saying what is missing', async () => {
    const id = await register(admin, { name: '徐土根' });
    const refused = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refused.message).toContain('未审核通过');
    expect(refused.message).toContain('未投保');
    expect(refused.message).toContain('人脸');
    // Incomplete workers cannot be approved.
    const early = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: id, examineStatus: 1 },
    });
    expect(early.code).toBe(ErrorCode.validation);
    expect(early.message).toContain('身份证人像面');
    // Complete the worker: photos and a face.
    const d = (await detail(admin, id)).value;
    const faceFile = await upload(admin, 'face', png, 'f.png', 'image/png');
    const update = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id,
        name: d.name,
        idNumber: d.idNumber,
        phone: d.phone,
        sectionCode: d.sectionCode,
        idCardFront: await upload(admin, 'idCard', png, 'a.png', 'image/png'),
        idCardBack: await upload(admin, 'idCard', png, 'b.png', 'image/png'),
        faceFileIds: [faceFile],
      },
    });
    expect(update.code, update.message).toBe(0);
    const approved = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [id], examineStatus: 1 },
    });
    expect(approved.value).toMatchObject({ approved: 1, rejected: 0, skipped: [] });
    const uninsured = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(uninsured.message).toContain('未投保');
    expect(uninsured.message).not.toContain('未审核通过');
    const insured = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id,
        name: d.name,
        idNumber: d.idNumber,
        phone: d.phone,
        sectionCode: d.sectionCode,
        ifToubao: 1,
        insurer: '中国人寿',
        policyNo: 'P-1',
        bxStart: addDays(today, -1),
        bxEnd: addDays(today, 100),
        idCardFront: (await detail(admin, id)).value.idCardFront,
        idCardBack: (await detail(admin, id)).value.idCardBack,
      },
    });
    expect(insured.code, insured.message).toBe(0);
    const allowed = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(allowed.code, allowed.message).toBe(0);
    expect((await detail(admin, id)).value.allowCard).toBe(1);
  });

  it('reviews many at once, rejects with a reason, skips those not pending', async () => {
    const a = await complete({ name: '批量甲' });
    const b = await complete({ name: '批量乙' });
    const noReason = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 2 },
    });
    expect(noReason.code).toBe(ErrorCode.validation);
    expect(noReason.message).toContain('原因');
    const rejected = await t.api<{ rejected: number }>('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 2, reason: '照片不清晰' },
    });
    expect(rejected.value.rejected).toBe(2);
    expect((await detail(admin, a)).value).toMatchObject({ examineStatus: 2, examineReason: '照片不清晰' });
    const again = await t.api<{ approved: number; skipped: unknown[] }>('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 1 },
    });
    expect(again.value).toMatchObject({ approved: 0, skipped: [{ id: a }, { id: b }] });
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

  it('turns clock-in off when insurance ends (fixed clock), with history and a notice to the section manager', async () => {
    const id = await complete({
      name: '到期工',
      ifToubao: 1,
      bxStart: addDays(today, -30),
      bxEnd: addDays(today, 2),
    });
    await t.api('POST', '/api/lwryUser/examine', { token: jianli, body: { userId: id, examineStatus: 1 } });
    expect(
      (await t.api('POST', '/api/lwryUser/updateAllowCard', { token: admin, body: { id, allowCard: 1 } }))
        .code,
    ).toBe(0);
    // The last insured day keeps clock-in; the day after turns it off.
    await expireInsurance(t.deps, addDays(today, 2));
    expect((await detail(admin, id)).value.allowCard).toBe(1);
    expect(await expireInsurance(t.deps, addDays(today, 3))).toBeGreaterThanOrEqual(1);
    expect(await expireInsurance(t.deps, addDays(today, 3))).toBe(0);
    const d = (await detail(admin, id)).value;
    expect(d.allowCard).toBe(0);
    expect(d.history.at(-1)).toMatchObject({ action: 'clockIn', actor: null });
    const [manager] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_bd'));
    const mine = await t.deps.database.db.select().from(notices).where(eq(notices.recipientId, manager!.id));
    expect(mine.some((n) => n.text.includes('到期工') && n.link.includes(id))).toBe(true);
    const rows = await t.deps.database.db.select().from(workerHistory).where(eq(workerHistory.workerId, id));
    expect(rows.filter((h) => h.action === 'clockIn')).toHaveLength(2);
  });

  it('shows full ID numbers only with workers.idNumber; exports a streamed workbook', async () => {
    const id = await register(admin, { name: '导出工' });
    const masked = (await detail(gov, id)).value;
    expect(masked.idNumberMasked).toBe(true);
    expect(masked.idNumber).toContain('********');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lwryUser/lwryListExcelExport',
      headers: { token: admin },
      payload: { keyword: '导出工' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(decodeURIComponent(String(res.headers.filename))).toMatch(/^劳务人员_KH2026_\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出工');
    expect(String(sheet.getRow(2).getCell(2).value)).toMatch(/^\d{17}[\dX]$/);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/lwryUser/lwryListExcelExport',
      headers: { token: gov },
      payload: {},
    });
    expect(refused.json().code).toBe(ErrorCode.forbidden);
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
