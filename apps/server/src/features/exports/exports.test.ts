import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportRecord } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { exportRecords, jobs } from '../../db/schema/index.ts';
import { enqueueJob, runDueJobs } from '../../platform/jobs.ts';
import { EXPORT_CLEANUP_JOB } from './index.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const census = (fields: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: '2026-11-20T09:30:00+08:00',
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', ...fields },
  ...over,
});

const query = 'prjCode=KH2026&prjStandCode=gbksdc0101';

describe('exports', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let adminJs: string;
  let dir: string;
  const marker = `导出测试${Date.now()}`;

  const startExport = (format: string, body: Record<string, unknown> = {}, token = admin, q = query) =>
    t.api<ExportRecord>('POST', `/python/export/${format}?${q}`, { token, body });
  const recordList = async (token = admin) =>
    (await t.api<ExportRecord[]>('GET', '/api/download/recordList', { token })).value;
  const download = async (url: string, token = admin) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token } });
    return res;
  };
  /** Starts an export, runs the queue, answers the finished record and the file on disk. */
  const exported = async (format: string, body: Record<string, unknown>, name: string) => {
    const started = await startExport(format, body);
    expect(started.code, started.message).toBe(0);
    await runDueJobs(t.deps);
    const record = (await recordList()).find((r) => r.id === started.value.id)!;
    expect(record).toMatchObject({
      status: 1,
      progress: 100,
      downloadUrl: `/api/download/file/${record.id}`,
    });
    const res = await download(record.downloadUrl);
    expect(res.statusCode).toBe(200);
    const path = join(dir, name);
    writeFileSync(path, res.rawPayload);
    return { record, path, res };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pineguard-exports-test-'));
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    const select = async (token: string, prjCode: string) => {
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    admin = await select(await t.signIn('demo_admin', 'pine2026'), 'KH2026');
    adminJs = await select(await t.signIn('demo_admin', 'pine2026'), 'JS2026');
    jianli = await select(await t.signIn('demo_jianli', 'pine2026'), 'KH2026');
    const worker = await select(await t.signIn('demo_worker', 'pine2026', 1), 'KH2026');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
    const res = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: worker, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    const photoId = (up.json() as { value: { id: string } }).value.id;
    const records = [
      census({ pic_tree: photoId, beizhu: `${marker} 松材线虫病枯死木` }),
      census({ pic_tree: photoId, beizhu: `=HYPERLINK("http://evil.example","点我") ${marker}` }),
      census(
        { pic_tree: photoId, beizhu: marker, kssl: 7 },
        { gps: { long: 118.5, lat: 29.2, alt: 310, range: 4 } },
      ),
    ];
    const collected = await t.api<{ results: { status: string }[] }>('POST', '/api/collect/records', {
      token: worker,
      body: { records },
    });
    expect(collected.value.results.map((r) => r.status)).toEqual(['created', 'created', 'created']);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers at once with the export record (status 0), then the job finishes it: Excel read back', async () => {
    const started = await startExport('excel', { keyWords: marker, pageNum: 3, pageSize: 10 });
    expect(started.code, started.message).toBe(0);
    expect(started.value).toMatchObject({ status: 0, downloadType: 2, format: 'excel', downloadUrl: '' });
    expect(started.value.recordName).toMatch(/^采集数据_gbksdc0101_\d{14}\.xlsx$/);
    // Not finished yet: the download says so.
    const early = await download(`/api/download/file/${started.value.id}`);
    expect(early.json()).toMatchObject({ code: expect.any(Number), message: '文件生成中，请稍后再试' });
    expect(early.json().code).not.toBe(0);

    await runDueJobs(t.deps);
    const record = (await recordList()).find((r) => r.id === started.value.id)!;
    expect(record).toMatchObject({ status: 1, progress: 100, rows: 3 });
    const res = await download(record.downloadUrl);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers.filename))).toBe(record.recordName);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['gbksdc0101']);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining(['提交时间', '经度', '枯死株数（株）', '树种', '枯死树照片', '备注']),
    );
    expect(sheet.rowCount).toBe(4);
    const col = (name: string) => headers.indexOf(name) + 1;
    const rows = [2, 3, 4].map((n) => sheet.getRow(n));
    // Dates as dates (the wall-clock China time), numbers as numbers, photos as links.
    expect(rows[0]!.getCell(col('提交时间')).value).toEqual(new Date(Date.UTC(2026, 10, 20, 9, 30, 0)));
    // Quantities carry their unit in the header.
    expect(rows.map((r) => r.getCell(col('枯死株数（株）')).value).sort()).toEqual([3, 3, 7]);
    // The photo: our own HYPERLINK formula to the signed media address.
    const photo = rows[0]!.getCell(col('枯死树照片')).value as { formula: string; result: string };
    expect(photo.formula).toMatch(
      /^HYPERLINK\("http:\/\/localhost(:\d+)?\/api\/media\/[0-9a-f-]+\?v=full&e=\d+&s=[^"]+","查看 \/ open"\)$/,
    );
    expect(photo.result).toBe('查看 / open');
    // The formula-looking remark is text, never a formula.
    const remarks = rows.map((r) => r.getCell(col('备注')));
    expect(remarks.some((c) => c.formula)).toBe(false);
    expect(remarks.map((c) => c.value)).toContain(`'=HYPERLINK("http://evil.example","点我") ${marker}`);
  });

  it('writes a shapefile GDAL opens: points, WGS 84, Chinese values, the field mapping', async () => {
    const { path, record } = await exported('shapefile', { keyWords: marker }, 'records.zip');
    expect(record.downloadType).toBe(1);
    const listing = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listing).toEqual(
      [
        'fields.csv',
        'gbksdc0101.cpg',
        'gbksdc0101.dbf',
        'gbksdc0101.prj',
        'gbksdc0101.shp',
        'gbksdc0101.shx',
      ].sort(),
    );
    const summary = execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${path}/gbksdc0101.shp`], {
      encoding: 'utf8',
    });
    expect(summary).toMatch(/Geometry: Point/);
    expect(summary).toMatch(/Feature Count: 3/);
    expect(summary).toMatch(/WGS[ _]84|WGS_1984/);
    expect(summary).toMatch(/Extent: \(118\.41\d*, 29\.14\d*\) - \(118\.5\d*, 29\.2\d*\)/);
    const all = execFileSync('ogrinfo', ['-ro', '-al', `/vsizip/${path}/gbksdc0101.shp`], {
      encoding: 'utf8',
    });
    expect(all).toContain(`beizhu (String) = ${marker} 松材线虫病枯死木`);
    expect(all).toContain('shuzhong (String) = 马尾松');
    expect(all).toMatch(/POINT \(118\.5 29\.2\)/);
    const mapping = execFileSync('unzip', ['-p', path, 'fields.csv'], { encoding: 'utf8' });
    expect(mapping).toContain('field,code,header');
    expect(mapping).toContain('beizhu,beizhu,备注');
    expect(mapping).toContain('kssl,kssl,枯死株数（株）');
    expect(mapping).toContain('code_proje,code_project4,标段');
  });

  it('writes GeoJSON and a media ZIP of the selection', async () => {
    const geo = await exported('geojson', { keyWords: marker }, 'records.geojson');
    const parsed = JSON.parse(geo.res.payload) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(parsed.features).toHaveLength(3);
    expect(parsed.features.map((f) => f.properties.kssl).sort()).toEqual([3, 3, 7]);
    expect(parsed.features.some((f) => f.geometry.coordinates.join() === '118.5,29.2')).toBe(true);

    const media = await exported('media', { keyWords: marker }, 'media.zip');
    expect(media.record.downloadType).toBe(3);
    const names = execFileSync('unzip', ['-Z1', media.path], { encoding: 'utf8' }).trim().split('\n');
    expect(names.filter((n) => n.endsWith('/pic_tree_1.png'))).toHaveLength(3);
    expect(names).toContain('index.csv');
    expect(
      execFileSync('unzip', ['-p', media.path, names.find((n) => n.endsWith('.png'))!]).equals(png),
    ).toBe(true);
  });

  it('exports an empty but valid file when the filter matches nothing', async () => {
    const { path, record } = await exported('shapefile', { keyWords: `${marker}不存在` }, 'empty.zip');
    expect(record.rows).toBe(0);
    const summary = execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${path}/gbksdc0101.shp`], {
      encoding: 'utf8',
    });
    expect(summary).toMatch(/Feature Count: 0/);
    const excel = await exported('excel', { keyWords: `${marker}不存在` }, 'empty.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(excel.res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });

  it("refuses another project's code, never exporting the caller's own instead", async () => {
    const before = (await recordList()).length;
    const other = await startExport('excel', {}, admin, 'prjCode=JS2026&prjStandCode=gbksdc0101');
    expect(other.code).not.toBe(0);
    expect(other.message).toBe('该数据属于其他项目，请先切换到该项目');
    const mixed = await startExport('shapefile', { prjCode: 'JS2026' });
    expect(mixed.code).not.toBe(0);
    expect((await recordList()).length).toBe(before);
    // Bad input names the field; a table the project does not use is refused.
    const bad = await t.api('POST', '/python/export/excel?prjCode=KH2026', { token: admin, body: {} });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toBe('标准表不能为空');
    const wrongTable = await startExport('excel', {}, admin, 'prjCode=KH2026&prjStandCode=gbnope0101');
    expect(wrongTable.code).not.toBe(0);
    // Another project's session exports its own project only.
    expect((await startExport('excel', {}, adminJs)).code).not.toBe(0);
  });

  it("keeps each person's exports to themselves", async () => {
    const mine = (await recordList()).find((r) => r.status === 1)!;
    expect((await recordList(jianli)).some((r) => r.id === mine.id)).toBe(false);
    const res = await download(mine.downloadUrl, jianli);
    expect(res.json()).toMatchObject({ message: '资源不存在' });
    const anonymous = await t.app.inject({ method: 'GET', url: mine.downloadUrl });
    expect(anonymous.json().code).toBe(2);
  });

  it('cancels an export: it reads failed and no file is made', async () => {
    const started = await startExport('excel', { keyWords: marker });
    const cancelled = await t.api<ExportRecord>('POST', '/api/download/cancel', {
      token: admin,
      body: { id: started.value.id },
    });
    expect(cancelled.value).toMatchObject({ status: 2 });
    await runDueJobs(t.deps);
    const row = (await recordList()).find((r) => r.id === started.value.id)!;
    expect(row).toMatchObject({ status: 2, downloadUrl: '' });
    const again = await t.api('POST', '/api/download/cancel', {
      token: admin,
      body: { id: started.value.id },
    });
    expect(again.code).not.toBe(0);
  });

  it('shows an export whose job was interrupted for good as failed, with the reason', async () => {
    const started = await startExport('excel', { keyWords: marker });
    const { db } = t.deps.database;
    const [row] = await db.select().from(exportRecords).where(eq(exportRecords.id, started.value.id));
    // As after kill -9 on the last attempt: the runner failed the job with its reason.
    await db
      .update(jobs)
      .set({ status: 'failed', error: '服务重启中断 / interrupted by a restart', progress: 40 })
      .where(eq(jobs.id, row!.jobId!));
    const listed = (await recordList()).find((r) => r.id === started.value.id)!;
    expect(listed).toMatchObject({
      status: 2,
      error: '服务重启中断 / interrupted by a restart',
      downloadUrl: '',
    });
  });

  it('a daily job deletes files older than a week and marks their records expired', async () => {
    const { record } = await exported('geojson', { keyWords: marker }, 'old.geojson');
    const { db } = t.deps.database;
    const [before] = await db.select().from(exportRecords).where(eq(exportRecords.id, record.id));
    expect(await t.deps.storage.size(before!.storageKey!)).toBeGreaterThan(0);
    await db
      .update(exportRecords)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(exportRecords.id, record.id));
    await enqueueJob(t.deps, { kind: EXPORT_CLEANUP_JOB, projectCode: null, userId: null, params: {} });
    await runDueJobs(t.deps);
    const [after] = await db.select().from(exportRecords).where(eq(exportRecords.id, record.id));
    expect(after).toMatchObject({ status: -1, storageKey: null });
    expect(await t.deps.storage.size(before!.storageKey!)).toBeNull();
    expect((await recordList()).some((r) => r.id === record.id)).toBe(false);
  });
});
