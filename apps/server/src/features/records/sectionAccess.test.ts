import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type CollectSetupValue,
  ErrorCode,
  type FieldError,
  type TableSummary,
} from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { uploadPhoto } from '../../../test/records.ts';

const BD1 = '第一标段（华埠镇、池淮镇）';
const BD2 = '第二标段（马金镇、村头镇）';

/**
 * Who records and sees what (issue 26): a field worker records only in their assigned sections,
 * a section manager's data-centre figures are their sections', a rejection tells its collector.
 */
describe('section access', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let bd: string;
  let worker: string;
  let workerId: string;
  let photo: string;

  const census = (sectionCode: string, timeSubmit = '2026-11-20T09:30:00+08:00') => ({
    uuid: randomUUID(),
    tableCode: 'gbksdc0101',
    sectionCode,
    timeSubmit,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo },
  });
  const collect = (token: string, records: unknown[], lang?: string) =>
    t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token,
      body: { records },
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });
  const assign = async (sectionCodes: string[]) => {
    const res = await t.api('POST', '/api/project/setMemberSections', {
      token: admin,
      body: { userId: workerId, sectionCodes },
    });
    expect(res.code, res.message).toBe(0);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const res = await t.deps.database.db.execute(query);
    return ((res as { rows?: T[] }).rows ?? (res as unknown as T[])) as T[];
  };
  const stored = async (ids: string[]) =>
    (
      await rows<{ id: string }>(
        sql`select id from records where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
    ).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    const select = async (account: string, client = 2) => {
      const token = await t.signIn(account, 'pine2026', client);
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    admin = await select('demo_admin');
    jianli = await select('demo_jianli');
    bd = await select('demo_bd');
    worker = await select('demo_worker', 1);
    const [w] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_worker'));
    workerId = w!.id;
    photo = await uploadPhoto(t, worker);
    // The demo's field worker records in the first section of KH2026 (as seed/demo.ts assigns).
    await assign(['KH-BD01']);
  });
  afterAll(() => t.close());

  it('refuses a field worker’s record in a section they are not assigned to, naming it, and stores the rest', async () => {
    const ok1 = census('KH-BD01');
    const other = census('KH-BD02');
    const ok2 = census('KH-BD01');
    const unknown = census('JS-BD01');
    const res = await collect(worker, [ok1, other, ok2, unknown]);
    expect(res.code, res.message).toBe(0);
    expect(res.value.results.map((r) => r.status)).toEqual(['created', 'rejected', 'created', 'rejected']);
    expect(res.value.results[1]?.errors).toEqual([
      {
        field: 'sectionCode',
        message: `您未被分配到标段「${BD2}」，不能在该标段采集；您可采集的标段：${BD1}`,
      },
    ]);
    // A section the project does not have is still said as such.
    expect(res.value.results[3]?.errors?.[0]?.field).toBe('sectionCode');
    expect(res.value.results[3]?.errors?.[0]?.message).toContain('JS-BD01');
    expect((await stored([ok1.uuid, other.uuid, ok2.uuid])).sort()).toEqual([ok1.uuid, ok2.uuid].sort());
    const en = await collect(worker, [census('KH-BD03')], 'en');
    expect(en.value.results[0]?.errors?.[0]?.message).toBe(
      'You are not assigned to the section "第三标段（齐溪镇、何田乡）" and cannot record there; your sections: ' +
        BD1,
    );
  });

  it('refuses the PC upload of a field worker too; supervisors and administrators record in any section', async () => {
    const pc = (token: string, section: string) =>
      t.api<{ id: string; fields?: FieldError[] }>('POST', '/api/sync/uploadData4PC', {
        token,
        body: {
          tbName: 'gbksdc0101',
          data: {
            code_project4: section,
            time_submit: '2026-11-20 09:30:00',
            kssl: 2,
            shuzhong: '马尾松',
            dcfs: '无人机',
            pic_tree: photo,
          },
        },
      });
    const refused = await pc(worker, 'KH-BD02');
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refused.message).toContain(`您未被分配到标段「${BD2}」`);
    expect(refused.value.fields?.[0]?.field).toBe('sectionCode');
    expect((await pc(worker, 'KH-BD01')).code).toBe(0);
    expect((await pc(admin, 'KH-BD03')).code).toBe(0);
    const byJianli = await collect(jianli, [census('KH-BD02'), census('KH-BD03')]);
    expect(byJianli.value.results.map((r) => r.status)).toEqual(['created', 'created']);
  });

  it('tells a worker without a section to ask the project administrator; a resend of a stored record stays a duplicate', async () => {
    const first = census('KH-BD01');
    expect((await collect(worker, [first])).value.results[0]?.status).toBe('created');
    await assign(['KH-BD02']);
    // The phone resends what was stored before its sections changed: stored once, answered so.
    const again = await collect(worker, [first, census('KH-BD01')]);
    expect(again.value.results.map((r) => r.status)).toEqual(['duplicate', 'rejected']);
    await assign([]);
    const none = await collect(worker, [census('KH-BD01')]);
    expect(none.value.results[0]?.errors).toEqual([
      { field: 'sectionCode', message: '您还没有被分配标段，暂不能采集数据，请联系项目管理员为您分配标段' },
    ]);
    const setup = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: worker });
    expect(setup.value).toMatchObject({ sections: [], assignedOnly: true });
    await assign(['KH-BD01']);
  });

  it('offers a field worker only their sections in the field app’s setup, others every section', async () => {
    const mine = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: worker });
    expect(mine.code, mine.message).toBe(0);
    expect(mine.value.sections).toEqual([{ code: 'KH-BD01', name: BD1 }]);
    expect(mine.value.assignedOnly).toBe(true);
    const theirs = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: jianli });
    expect(theirs.value.sections.map((s) => s.code)).toEqual(['KH-BD01', 'KH-BD02', 'KH-BD03']);
    expect(theirs.value.assignedOnly).toBe(false);
  });

  it('counts a section manager’s sections only in 各标准表数据概况 (demo_bd manages KH-BD01)', async () => {
    // A later day in another section: the section manager's last day must not show it.
    expect((await collect(jianli, [census('KH-BD02', '2026-11-24T10:00:00+08:00')])).code).toBe(0);
    const counts = async (sections?: string[]) => {
      const where = sections
        ? sql`and section_code in (${sql.join(
            sections.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql``;
      const list = await rows<{ table_code: string; state: string; n: number; day: string }>(sql`
        select table_code, state, count(*)::int as n,
          max((time_submit at time zone 'Asia/Shanghai')::date)::text as day
        from records where project_code = 'KH2026' and deleted_at is null ${where} group by 1, 2`);
      const by = new Map<string, { states: Record<string, number>; lastDay: string | null }>();
      for (const r of list) {
        const e = by.get(r.table_code) ?? { states: { '10': 0, '20': 0, '30': 0, '40': 0 }, lastDay: null };
        e.states[r.state] = Number(r.n);
        if (!e.lastDay || r.day > e.lastDay) e.lastDay = r.day;
        by.set(r.table_code, e);
      }
      return by;
    };
    const summary = async (token: string) => {
      const res = await t.api<TableSummary>('GET', '/api/data/tableSummary?prjCode=KH2026', { token });
      expect(res.code, res.message).toBe(0);
      return res.value;
    };
    const check = (value: TableSummary, expected: Awaited<ReturnType<typeof counts>>) => {
      for (const row of value) {
        const e = expected.get(row.tableCode);
        expect(row.states, row.tableCode).toEqual(e?.states ?? { '10': 0, '20': 0, '30': 0, '40': 0 });
        expect(row.lastDay, row.tableCode).toBe(e?.lastDay ?? null);
      }
    };
    const own = await summary(bd);
    check(own, await counts(['KH-BD01']));
    const whole = await summary(admin);
    check(whole, await counts());
    const census1 = own.find((r) => r.tableCode === 'gbksdc0101')!;
    const censusAll = whole.find((r) => r.tableCode === 'gbksdc0101')!;
    expect(census1.total).toBeGreaterThan(0);
    expect(census1.total).toBeLessThan(censusAll.total);
    expect(censusAll.lastDay).toBe('2026-11-24');
    expect(census1.lastDay).not.toBe('2026-11-24');
  });

  it('tells only the collector that their record was rejected or sent back', async () => {
    const mine = census('KH-BD01');
    const his = census('KH-BD01');
    expect((await collect(worker, [mine])).value.results[0]?.status).toBe('created');
    expect((await collect(jianli, [his])).value.results[0]?.status).toBe('created');
    const reject = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [mine.uuid, his.uuid], action: 'reject', reason: '重复上报' },
    });
    expect(reject.code, reject.message).toBe(0);
    const recipients = async (id: string) =>
      (
        await rows<{ account: string; kind: string }>(sql`select u.account, n.kind from notices n
          join users u on u.id = n.recipient_id where n.link = ${`/dataView/gbksdc0101?id=${id}`}`)
      ).map((r) => `${r.account} ${r.kind}`);
    expect(await recipients(mine.uuid)).toEqual(['demo_worker recordRejected']);
    expect(await recipients(his.uuid)).toEqual(['demo_jianli recordRejected']);
    // Nobody else in the project heard of either: not the administrator, the viewer or the manager.
    const others = await rows<{ n: number }>(sql`select count(*)::int as n from notices n
      join users u on u.id = n.recipient_id
      where n.kind in ('recordRejected', 'recordReturned')
        and u.account in ('demo_admin', 'demo_gov', 'demo_bd')`);
    expect(Number(others[0]?.n)).toBe(0);
  });
});
