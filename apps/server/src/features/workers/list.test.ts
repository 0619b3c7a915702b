/** Finding workers: the §3 filters, keyset pages, keyword search, and the Excel export of the same. */
import { addDays, ErrorCode, type LwryItem, makeIdNumber, lwryListValue } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { users, workers } from '../../db/schema/index.ts';
import { matchesFirst, workerBatches, workerWhere } from './queries.ts';
import { newId, today, workersTestApp } from './testKit.ts';

describe('workers (lwry): list and export', () => {
  const kit = workersTestApp();
  const { register, complete, detail } = kit;
  let t: TestApp;
  let admin: string;
  let gov: string;
  beforeAll(() => void ({ t, admin, gov } = kit));

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
});
