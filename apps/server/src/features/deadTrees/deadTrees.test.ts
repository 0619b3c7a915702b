import {
  ErrorCode,
  type KsssDetailItem,
  type KsssItem,
  type KsssUploadItem,
  ksssTemplateColumns,
} from '@pineguard/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { deadTrees } from '../../db/schema/index.ts';
import { censusRow, censusWorkbook } from './fixture.ts';
import { censusClient, openCensusApp, xlsx } from './testClient.ts';

/** The census through its API: template, import and error report, lists, exports, projects apart. */
describe('dead-tree census (ksss)', () => {
  let t: TestApp;
  let admin: string; // project administrator of KH2026
  let bd: string; // section manager: may read, may not import
  let js: string; // administrator working in JS2026
  const { send, importRows, list, download, readBook, sheetRows } = censusClient(() => t);

  beforeAll(async () => {
    ({ t, admin, bd, js } = await openCensusApp());
  }, 120_000);
  afterAll(() => t?.close());

  it('hands out the template: the census columns in order, and a sheet of notes', async () => {
    const res = await download(admin, 'GET', '/api/sync/ksssTemplate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(xlsx);
    expect(decodeURIComponent(String(res.headers.filename))).toBe('枯死松树普查导入模板.xlsx');
    const book = await readBook(res.rawPayload);
    expect(sheetRows(book.worksheets[0]!)[0]).toEqual(ksssTemplateColumns.map((c) => c.zh));
    expect(book.worksheets[1]!.rowCount).toBe(ksssTemplateColumns.length + 1);
  });

  let first: KsssUploadItem;
  let firstBytes: Buffer;
  it('imports a census with two bad rows: the good rows land, the bad ones are in the error report', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => censusRow(i));
    rows[10]![6] = '粗'; // dbh not a number (spreadsheet row 12)
    rows[50]![10] = '砍了'; // bad state (row 52)
    firstBytes = await censusWorkbook(rows);
    const res = await send(admin, firstBytes, '华埠镇普查.xlsx', xlsx);
    expect(res.code, res.message).toBe(0);
    first = res.value;
    expect(first).toMatchObject({
      fileName: '华埠镇普查.xlsx',
      state: 2,
      rows: 120,
      accepted: 118,
      rejected: 2,
      progress: 100,
    });
    expect(first.userName).toBeTruthy();
    expect(first.message).toBe('已导入 118 行，2 行有误');
    expect(first.errorUrl).toMatch(/^\/api\/file\//);

    const report = await download(admin, 'GET', first.errorUrl);
    expect(report.statusCode).toBe(200);
    const lines = sheetRows((await readBook(report.rawPayload)).worksheets[0]!);
    expect(lines).toEqual([
      ['行号', '列', '说明'],
      [12, '胸径(cm)', '胸径(cm)应为 1 到 200 之间的数字'],
      [52, '状态', '状态应为“未伐”或“已伐”'],
    ]);
  });

  it('lists the census per sub-compartment with counted, felled and remaining, and filters by xiaobanCode', async () => {
    const census = await list<KsssItem>('/api/sync/ksssList', admin);
    expect(census.code).toBe(0);
    expect(census.value.total).toBe(3); // trees 0–49, 50–99, 100–119
    const [a, b, c] = census.value.list;
    // KH-0101: 50 trees less row 12's; felled are those with i % 4 != 0
    expect(a).toMatchObject({ xiaobanCode: 'KH-0101', deadCount: 49, felledCount: 36, remainingCount: 13 });
    expect(a!.sectionName).not.toBe('');
    expect(a).toMatchObject({ township: '华埠镇', surveyDate: '2026-10-12' });
    expect(b).toMatchObject({ xiaobanCode: 'KH-0102', deadCount: 49 });
    expect(c).toMatchObject({ xiaobanCode: 'KH-0103', deadCount: 20, felledCount: 15, remainingCount: 5 });

    const one = await list<KsssItem>('/api/sync/ksssList', admin, { xiaobanCode: 'KH-0103' });
    expect(one.value.list.map((r) => r.xiaobanCode)).toEqual(['KH-0103']);
    const trees = await list<KsssDetailItem>('/api/sync/ksssDetailList', admin, {
      xiaobanCode: 'KH-0103',
      pageSize: 5,
    });
    expect(trees.value.total).toBe(20);
    expect(trees.value.list).toHaveLength(5);
    expect(trees.value.list[0]).toMatchObject({
      xiaobanCode: 'KH-0103',
      treeNo: 'T00101',
      species: '马尾松',
      state: 0,
      felledDate: '',
    });
    const tasks = await list<KsssUploadItem>('/api/sync/ksssExcelUploadList', admin);
    expect(tasks.value.list[0]!.id).toBe(first.id);
    // the section manager reads the same lists
    expect((await list<KsssItem>('/api/sync/ksssList', bd)).value.total).toBe(3);
  });

  it('re-importing the same file changes nothing and answers the earlier task', async () => {
    const before = await t.deps.database.db
      .select()
      .from(deadTrees)
      .where(eq(deadTrees.projectCode, 'KH2026'));
    const again = await send(admin, firstBytes, '再次上传.xlsx', xlsx);
    expect(again.code).toBe(0);
    expect(again.value.id).toBe(first.id);
    expect(again.message).toContain('该文件已于');
    const after = await t.deps.database.db
      .select()
      .from(deadTrees)
      .where(eq(deadTrees.projectCode, 'KH2026'));
    expect(after).toEqual(before);
    const tasks = await list<KsssUploadItem>('/api/sync/ksssExcelUploadList', admin);
    expect(tasks.value.total).toBe(1);
  });

  it('a later file updates its trees and the census follows (a standing tree felled)', async () => {
    const tree = censusRow(100);
    tree[10] = '已伐';
    // Within the fixture's own dates: a felled date after the clock's today is refused, and CI's
    // clock need not be the day this test was written.
    tree[12] = '2026-10-18';
    const res = await importRows(admin, [tree]);
    expect(res.value, JSON.stringify(res.value)).toMatchObject({
      state: 2,
      accepted: 1,
      rejected: 0,
      errorUrl: '',
    });
    const c = await list<KsssItem>('/api/sync/ksssList', admin, { xiaobanCode: 'KH-0103' });
    expect(c.value.list[0]).toMatchObject({ deadCount: 20, felledCount: 16, remainingCount: 4 });
  });

  it('refuses wrong headers, a file that is no spreadsheet and an empty census, writing nothing', async () => {
    const count = async () =>
      (await t.deps.database.db.select().from(deadTrees).where(eq(deadTrees.projectCode, 'KH2026'))).length;
    const n = await count();
    const wrong = await send(
      admin,
      await censusWorkbook([censusRow(1)], ['姓名', '身份证号']),
      'workers.xlsx',
      xlsx,
    );
    expect(wrong.code).toBe(0);
    expect(wrong.value).toMatchObject({ state: 3, accepted: 0 });
    expect(wrong.value.message).toBe('表头与导入模板不一致：第 1 列应为“标段编号”，实际为“姓名”');

    const text = await send(admin, Buffer.from('小班号,树号\nKH-1,1\n'), 'census.csv', 'text/csv');
    expect(text.code).toBe(ErrorCode.unsupportedMediaType);
    expect(text.message).toContain('不是 Excel 表格');
    const fake = await send(admin, Buffer.from('not a spreadsheet at all'), 'census.xlsx', xlsx);
    expect(fake.code).not.toBe(0);
    const zip = await send(admin, Buffer.from('504b0304140000000800', 'hex'), 'broken.xlsx', xlsx);
    expect(zip.code === 0 ? zip.value.state : zip.code).not.toBe(2);

    const empty = await send(admin, await censusWorkbook([]), 'empty.xlsx', xlsx);
    expect(empty.value).toMatchObject({ state: 3, message: '表格中没有数据行' });
    expect(await count()).toBe(n);
  });

  it('bounds the error report, refuses a 1 MB cell and formulas, and exports formula-like text as text', async () => {
    const bad = Array.from({ length: 1_100 }, (_, i) => {
      const row = censusRow(5_000 + i);
      row[6] = 'x';
      return row;
    });
    const huge = censusRow(7_000);
    huge[13] = '长'.repeat(1024 * 1024);
    const formula = censusRow(7_001);
    formula[6] = { formula: '10*2' };
    const injected = censusRow(7_002);
    injected[13] = '=HYPERLINK("http://evil.example","点我")';
    const res = await importRows(admin, [...bad, huge, formula, injected]);
    expect(res.value).toMatchObject({ state: 2, rows: 1_103, accepted: 1, rejected: 1_102 });
    const lines = sheetRows(
      (await readBook((await download(admin, 'GET', res.value.errorUrl)).rawPayload)).worksheets[0]!,
    );
    expect(lines).toHaveLength(1 + 1_000 + 1);
    expect(lines.at(-1)![2]).toBe('另有 102 行错误未列出');

    const exported = await download(admin, 'POST', '/api/sync/exportKsssDetail', { xiaobanCode: 'KH-0241' });
    expect(exported.statusCode).toBe(200);
    expect(decodeURIComponent(String(exported.headers.filename))).toMatch(
      /^枯死松树明细_KH2026_\d{8}\.xlsx$/,
    );
    const sheet = (await readBook(exported.rawPayload)).worksheets[0]!;
    const cell = sheet.getRow(2).getCell(14);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","点我")');
    expect(String(exported.rawPayload)).not.toContain('<f>');
  });

  it('exports the census and the trees as streamed Excel, with the filter and an empty file for no match', async () => {
    const res = await download(admin, 'POST', '/api/sync/exportKsssList', {});
    expect(res.statusCode).toBe(200);
    const rows = sheetRows((await readBook(res.rawPayload)).worksheets[0]!);
    expect(rows[0]!.slice(0, 7)).toEqual([
      '小班号',
      '标段',
      '乡镇',
      '村',
      '枯死松树(株)',
      '已伐(株)',
      '剩余(株)',
    ]);
    expect(rows.find((r) => r[0] === 'KH-0103')!.slice(4, 7)).toEqual([20, 16, 4]);
    const none = await download(admin, 'POST', '/api/sync/exportKsssList', { xiaobanCode: 'NOPE' });
    expect(sheetRows((await readBook(none.rawPayload)).worksheets[0]!)).toHaveLength(1);
    const trees = await download(admin, 'POST', '/api/sync/exportKsssDetail', { xiaobanCode: 'KH-0101' });
    const treeRows = sheetRows((await readBook(trees.rawPayload)).worksheets[0]!);
    expect(treeRows[0]).toEqual(ksssTemplateColumns.map((c) => c.zh));
    expect(treeRows).toHaveLength(50);
    // bad input: a field too long is a validation envelope, not a 5xx
    const bad = await t.api('POST', '/api/sync/exportKsssList', {
      token: admin,
      body: { xiaobanCode: 'x'.repeat(100) },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('keeps projects apart and refuses the import to a role without records.edit', async () => {
    const refused = await importRows(bd, [censusRow(1)]);
    expect(refused.code).toBe(ErrorCode.forbidden);
    if (js) {
      expect(
        (await list<KsssItem>('/api/sync/ksssList', js)).value.list.some((r) => r.xiaobanCode === 'KH-0101'),
      ).toBe(false);
      const other = await t.api('GET', `/api/sync/ksssUploadTask?id=${first.id}`, { token: js });
      expect(other.code).toBe(ErrorCode.notFound);
      const report = await download(js, 'GET', first.errorUrl);
      expect(report.statusCode).toBe(403);
    }
    const mine = await t.api<KsssUploadItem>('GET', `/api/sync/ksssUploadTask?id=${first.id}`, {
      token: admin,
    });
    expect(mine.value.id).toBe(first.id);
  });
});
