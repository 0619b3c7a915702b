import {
  chinaToday,
  ErrorCode,
  type FileInfo,
  type SafetyDetail,
  type SafetyItem,
  type SafetyPrintValue,
} from '@pineguard/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog, workers } from '../../db/schema/index.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const today = chinaToday();

/** 安全台账 (issue #17): safety briefings with attendees and photos, per project and section. */
describe('safety ledger', () => {
  let t: TestApp;
  let admin: string; // project administrator in KH2026
  let jianli: string; // supervisor: reads
  let bd: string; // section manager of KH-BD01
  let gov: string; // government viewer: no safety permission
  let js: string; // project administrator working in JS2026
  const kh1: string[] = []; // workers of KH-BD01
  let kh2Worker: string; // a worker of KH-BD02
  let jsWorker: string;

  const upload = async (token: string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), name);
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    return (out.json() as { value: FileInfo }).value.id;
  };
  const save = (token: string, body: object) =>
    t.api<SafetyDetail>('POST', '/api/safe/save', { token, body });
  const list = (token: string, body: object = {}) =>
    t.api<{ list: SafetyItem[]; total: number }>('POST', '/api/safe/list', { token, body });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
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
    const { db } = t.deps.database;
    const live = (project: string, section: string) =>
      db
        .select({ id: workers.id })
        .from(workers)
        .where(
          and(eq(workers.projectCode, project), eq(workers.sectionCode, section), isNull(workers.deletedAt)),
        )
        .limit(3);
    kh1.push(...(await live('KH2026', 'KH-BD01')).map((w) => w.id));
    kh2Worker = (await live('KH2026', 'KH-BD02'))[0]!.id;
    const [j] = await db
      .select({ id: workers.id })
      .from(workers)
      .where(eq(workers.projectCode, 'JS2026'))
      .limit(1);
    jsWorker = j!.id;
    expect(kh1.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => t.close());

  it('records a briefing with attendees and photos; lists, details, audits and prints it', async () => {
    const photo = await upload(admin, 'briefing.png');
    const created = await save(admin, {
      kind: 'briefing',
      topic: '班前安全交底：油锯伐木作业',
      heldOn: today,
      place: '华埠镇下溪村作业点',
      host: '余志强',
      sectionCode: 'KH-BD01',
      content: '讲解油锯操作规程、倒树方向和安全距离',
      attendeeIds: [kh1[0], kh1[1], kh1[0]],
      photoIds: [photo],
    });
    expect(created.code, created.message).toBe(0);
    expect(created.message).toBe('保存成功');
    expect(created.value).toMatchObject({
      kind: 'briefing',
      topic: '班前安全交底：油锯伐木作业',
      sectionName: expect.stringContaining('第一标段'),
      attendeeCount: 2,
      photoIds: [photo],
      createdByName: '周建国',
    });
    expect(created.value.attendees.map((a) => a.id).sort()).toEqual([kh1[0], kh1[1]].sort());
    expect(created.value.attendees.every((a) => a.name && a.sectionName.includes('第一标段'))).toBe(true);

    const listed = await list(jianli, { keyWords: '油锯' });
    expect(listed.code).toBe(0);
    expect(listed.value.total).toBe(1);
    expect(listed.value.list[0]).toMatchObject({ id: created.value.id, attendeeCount: 2 });
    expect((await list(admin, { kind: 'training', keyWords: '油锯' })).value.total).toBe(0);

    const detail = await t.api<SafetyDetail>('GET', `/api/safe/detail?id=${created.value.id}`, {
      token: jianli,
    });
    expect(detail.value.attendees).toHaveLength(2);

    const rows = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'safetyRecord'), eq(auditLog.entityId, created.value.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', projectCode: 'KH2026' });

    const print = await t.api<SafetyPrintValue>(
      'GET',
      `/api/safe/print?dateBegin=${today}&dateEnd=${today}`,
      { token: admin },
    );
    expect(print.code).toBe(0);
    expect(print.value.projectName).toContain('开化县');
    expect(print.value.records.map((r) => r.id)).toContain(created.value.id);
    expect(print.value.records.find((r) => r.id === created.value.id)!.attendees).toHaveLength(2);
    expect(print.value.truncated).toBe(false);
    expect(print.value.insuranceEndingCount).toBeGreaterThanOrEqual(print.value.insuranceEnding.length);
  });

  it('refuses bad input with a message naming the field, never a 5xx', async () => {
    const base = { kind: 'training', topic: '安全培训', heldOn: today };
    const missing = await save(admin, { kind: 'training', heldOn: today });
    expect(missing.code).toBe(ErrorCode.validation);
    expect(missing.message).toContain('主题');
    const badDate = await save(admin, { ...base, heldOn: '2026-13-45x' });
    expect(badDate.code).toBe(ErrorCode.validation);
    expect(badDate.message).toContain('日期');
    const badKind = await save(admin, { ...base, kind: 'party' });
    expect(badKind.code).toBe(ErrorCode.validation);
    const section = await save(admin, { ...base, sectionCode: 'JS-BD01' });
    expect(section.code).toBe(ErrorCode.validation);
    expect(section.message).toContain('JS-BD01');
    // Another project's worker, or another section's worker in a section's record.
    const other = await save(admin, { ...base, attendeeIds: [kh1[0], jsWorker] });
    expect(other.code).toBe(ErrorCode.validation);
    expect(other.message).toContain('1');
    const wrongSection = await save(admin, { ...base, sectionCode: 'KH-BD01', attendeeIds: [kh2Worker] });
    expect(wrongSection.code).toBe(ErrorCode.validation);
    // Another project's photo.
    const jsPhoto = await upload(js, 'other.png');
    const photo = await save(admin, { ...base, photoIds: [jsPhoto] });
    expect(photo.code).toBe(ErrorCode.validation);
    expect(photo.message).toContain(jsPhoto);
    const tooMany = await save(admin, { ...base, photoIds: Array.from({ length: 10 }, () => jsPhoto) });
    expect(tooMany.code).toBe(ErrorCode.validation);
    const range = await t.api('GET', `/api/safe/print?dateBegin=${today}&dateEnd=2020-01-01`, {
      token: admin,
    });
    expect(range.code).toBe(ErrorCode.validation);
    const wide = await t.api('GET', '/api/safe/print?dateBegin=2024-01-01&dateEnd=2026-01-01', {
      token: admin,
    });
    expect(wide.code).toBe(ErrorCode.validation);
    const page = await list(admin, { pageSize: 1000 });
    expect(page.code).toBe(ErrorCode.validation);
    expect((await list(admin, { dateBegin: 'yesterday' })).code).toBe(ErrorCode.validation);
  });

  it('keeps a section manager to their sections; supervisors read only; others have no access', async () => {
    const wide = await save(admin, { kind: 'drill', topic: '全项目森林防火应急演练', heldOn: today });
    expect(wide.code).toBe(0);
    const bd2 = await save(admin, {
      kind: 'training',
      topic: '第二标段高处作业培训',
      heldOn: today,
      sectionCode: 'KH-BD02',
      attendeeIds: [kh2Worker],
    });
    expect(bd2.code).toBe(0);

    expect((await save(bd, { kind: 'briefing', topic: '无标段', heldOn: today })).code).toBe(
      ErrorCode.validation,
    );
    expect(
      (await save(bd, { kind: 'briefing', topic: '他人标段', heldOn: today, sectionCode: 'KH-BD02' })).code,
    ).toBe(ErrorCode.forbidden);
    const own = await save(bd, {
      kind: 'briefing',
      topic: '本标段交底',
      heldOn: today,
      sectionCode: 'KH-BD01',
      attendeeIds: [kh1[0]],
    });
    expect(own.code, own.message).toBe(0);

    const seen = (await list(bd, { pageSize: 100 })).value.list.map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([wide.value.id, own.value.id]));
    expect(seen).not.toContain(bd2.value.id);
    expect((await t.api('GET', `/api/safe/detail?id=${bd2.value.id}`, { token: bd })).code).toBe(
      ErrorCode.forbidden,
    );
    const printed = await t.api<SafetyPrintValue>(
      'GET',
      `/api/safe/print?dateBegin=${today}&dateEnd=${today}`,
      {
        token: bd,
      },
    );
    expect(printed.value.records.map((r) => r.id)).not.toContain(bd2.value.id);

    expect((await save(jianli, { kind: 'briefing', topic: '监理', heldOn: today })).code).toBe(
      ErrorCode.forbidden,
    );
    expect((await list(gov)).code).toBe(ErrorCode.forbidden);
    expect(
      (await t.api('GET', `/api/safe/print?dateBegin=${today}&dateEnd=${today}`, { token: gov })).code,
    ).toBe(ErrorCode.forbidden);
  });

  it('refuses another project: its records are not found, naming its code is forbidden', async () => {
    const mine = await save(admin, { kind: 'incident', topic: '轻微划伤处置', heldOn: today });
    expect((await t.api('GET', `/api/safe/detail?id=${mine.value.id}`, { token: js })).code).toBe(
      ErrorCode.notFound,
    );
    expect((await list(js, { keyWords: '轻微划伤' })).value.total).toBe(0);
    expect((await list(js, { projectCode: 'KH2026' })).code).toBe(ErrorCode.forbidden);
    expect(
      (await save(js, { projectCode: 'KH2026', kind: 'briefing', topic: 'x', heldOn: today })).code,
    ).toBe(ErrorCode.forbidden);
    expect(
      (await save(js, { kind: 'briefing', topic: 'x', heldOn: today, attendeeIds: [kh1[0]] })).code,
    ).toBe(ErrorCode.validation);
  });
});
