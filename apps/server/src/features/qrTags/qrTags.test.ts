import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type FlagNode,
  type QrItem,
  type QrScanValue,
  tagCheckChar,
  tagCodeWellFormed,
} from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { newTagBody } from './service.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('tag codes', () => {
  it('are 10 random base32 characters and a check character that catches a wrong character', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newTagBody();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{11}$/);
      expect(tagCodeWellFormed(code)).toBe(true);
      seen.add(code);
      const wrong = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
      expect(tagCodeWellFormed(wrong)).toBe(false);
    }
    expect(seen.size).toBe(2000);
    expect(tagCheckChar('0000000000')).toBe('0');
  });
});

describe('QR tags (qrInfo)', () => {
  let t: TestApp;
  let admin: string; // project administrator of KH2026
  let jianli: string; // supervisor of KH2026 (qrTags.manage, records.read)
  let bd: string; // section manager: no qrTags.manage
  let worker: string;
  let js: string; // project administrator working in JS2026
  let photoId: string;
  let bigFlag: number;

  const list = (token: string, body: Record<string, unknown>) =>
    t.api<{ rows: QrItem[]; total: number }>('POST', '/api/qrInfo/list', {
      token,
      body: { pageNum: 1, pageSize: 10, ...body },
    });
  const add = (token: string, body: Record<string, unknown>) =>
    t.api<{ flagId: number; count: number; first: string }>('POST', '/api/qrInfo/add', { token, body });
  const scan = (code: string, token?: string) =>
    t.api<QrScanValue>('GET', `/api/qrInfo/scan?qrcode=${encodeURIComponent(code)}`, token ? { token } : {});
  const exportFile = (token: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/qrInfo/export', headers: { token }, payload: body });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string, client?: number) => {
      const token = await t.signIn(account, 'pine2026', client);
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    admin = await select('demo_admin', 'KH2026');
    jianli = await select('demo_jianli', 'KH2026');
    bd = await select('demo_bd', 'KH2026');
    worker = await select('demo_worker', 'KH2026', 1);
    js = await select('demo_admin', 'JS2026');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'stump.png');
    const res = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: worker, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    photoId = (up.json() as { value: { id: string } }).value.id;
  });
  afterAll(() => t.close());

  it('generates 10,000 tags in one call under a new batch, and shows the batch in the tree', async () => {
    const start = performance.now();
    const made = await add(admin, {
      prjCode: 'KH2026',
      flagName: 'KH-BD01 2026-11',
      count: 10_000,
      prefix: 'kh',
    });
    const ms = performance.now() - start;
    expect(made.code, made.message).toBe(0);
    expect(made.value.count).toBe(10_000);
    expect(made.message).toBe('已生成 10000 个二维码');
    expect(made.value.first).toMatch(/^KH-[0-9A-Z]{11}$/);
    expect(tagCodeWellFormed(made.value.first)).toBe(true);
    bigFlag = made.value.flagId;
    console.log(`10,000 tags generated in ${Math.round(ms)} ms`);

    const tree = await t.api<FlagNode[]>('GET', '/api/qrInfo/getFlagList?prjCode=KH2026', { token: admin });
    expect(tree.code).toBe(0);
    expect(tree.value).toEqual([
      expect.objectContaining({ id: bigFlag, name: 'KH-BD01 2026-11', count: 10_000 }),
    ]);

    const page = await list(admin, { prjCode: 'KH2026', flagId: bigFlag, pageNum: 3 });
    expect(page.value.total).toBe(10_000);
    expect(page.value.rows.map((r) => r.seq)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(new Set(page.value.rows.map((r) => r.code)).size).toBe(10);
    expect(page.value.rows.every((r) => r.state === 'unused' && r.flagName === 'KH-BD01 2026-11')).toBe(true);
  });

  it('refuses a batch of 10,001, a missing batch name, a full batch and an unknown section, naming the field', async () => {
    const big = await add(admin, { prjCode: 'KH2026', flagName: 'too many', count: 10_001 });
    expect(big.code).not.toBe(0);
    expect(big.message).toContain('生成数量');
    expect(big.message).toContain('10000');
    const neither = await add(admin, { prjCode: 'KH2026', count: 5 });
    expect(neither.code).not.toBe(0);
    expect(neither.message).toContain('批次');
    const full = await add(admin, { prjCode: 'KH2026', flagId: bigFlag, count: 1 });
    expect(full.code).not.toBe(0);
    expect(full.message).toBe('批次最多 10000 个二维码，已有 10000 个');
    const section = await add(admin, { prjCode: 'KH2026', flagName: 'x', count: 1, sectionCode: 'JS-BD01' });
    expect(section.code).not.toBe(0);
    expect(section.message).toContain('JS-BD01');
    const taken = await add(admin, { prjCode: 'KH2026', flagName: 'KH-BD01 2026-11', count: 1 });
    expect(taken.code).not.toBe(0);
    const unknown = await add(admin, { prjCode: 'KH2026', flagId: 999_999, count: 1 });
    expect(unknown.code).not.toBe(0);
    expect(unknown.message).toBe('二维码批次不存在');
  });

  it('refuses another project, a page size of 1,000,000 and callers without the permission', async () => {
    const other = await list(admin, { prjCode: 'JS2026' });
    expect(other.code).not.toBe(0);
    expect((await add(admin, { prjCode: 'JS2026', flagName: 'x', count: 1 })).code).not.toBe(0);
    expect((await t.api('GET', '/api/qrInfo/getFlagList?prjCode=JS2026', { token: admin })).code).not.toBe(0);
    const otherExport = await exportFile(admin, { prjCode: 'JS2026', flagId: bigFlag });
    expect(otherExport.json().code).not.toBe(0);
    // JS2026's own view does not see KH2026's batch.
    expect((await exportFile(js, { prjCode: 'JS2026', flagId: bigFlag })).json().message).toBe(
      '二维码批次不存在',
    );
    expect((await list(js, { prjCode: 'JS2026', flagId: bigFlag })).message).toBe('二维码批次不存在');
    const huge = await list(admin, { prjCode: 'KH2026', pageSize: 1_000_000 });
    expect(huge.code).not.toBe(0);
    expect(huge.message).toMatch(/pageSize|每页/);
    expect((await list(bd, { prjCode: 'KH2026' })).code).not.toBe(0);
    expect((await t.api('POST', '/api/qrInfo/list', { body: { prjCode: 'KH2026' } })).code).toBe(2);
  });

  it('adds to an existing batch, under a parent, and finds a tag by part of its code typed loosely', async () => {
    const month = await add(jianli, {
      prjCode: 'KH2026',
      flagName: '2026-12',
      count: 3,
      sectionCode: 'KH-BD02',
    });
    expect(month.code, month.message).toBe(0);
    const child = await add(jianli, { flagName: '2026-12 补打', parentId: month.value.flagId, count: 2 });
    expect(child.code, child.message).toBe(0);
    const more = await add(jianli, { prjCode: 'KH2026', flagId: month.value.flagId, count: 2 });
    expect(more.value.count).toBe(2);
    const tree = await t.api<FlagNode[]>('GET', '/api/qrInfo/getFlagList?prjCode=KH2026', { token: jianli });
    const node = tree.value.find((n) => n.id === month.value.flagId)!;
    expect(node).toMatchObject({ count: 5, sectionCode: 'KH-BD02' });
    expect(node.children.map((c) => c.name)).toEqual(['2026-12 补打']);
    const rows = (await list(jianli, { flagId: month.value.flagId })).value.rows;
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    const part = rows[3]!.code.slice(2, 8).toLowerCase();
    const found = await list(jianli, { keyWords: ` ${part} ` });
    expect(found.value.rows.map((r) => r.code)).toContain(rows[3]!.code);
    expect(found.value.total).toBeLessThan(10);
  });

  it('exports a batch as a streamed A4 label PDF and as a spreadsheet, the name in filenamevue', async () => {
    const made = await add(admin, {
      prjCode: 'KH2026',
      flagName: '导出测试',
      count: 30,
      sectionCode: 'KH-BD01',
    });
    const pdf = await exportFile(admin, { prjCode: 'KH2026', flagId: made.value.flagId });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(pdf.headers['filenamevue']))).toBe('二维码_KH2026_导出测试.pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2); // 30 labels at 24 a page
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const xlsx = await exportFile(admin, { prjCode: 'KH2026', flagId: made.value.flagId, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(decodeURIComponent(String(xlsx.headers['filenamevue']))).toBe('二维码_KH2026_导出测试.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(31);
    expect(sheet.getRow(1).getCell(2).value).toBe('二维码编号');
    expect(String(sheet.getRow(2).getCell(2).value)).toBe(made.value.first);
    expect(sheet.getRow(2).getCell(4).value).toBe('KH-BD01');
    expect(String(sheet.getRow(2).getCell(7).value)).toMatch(new RegExp(`/q/${made.value.first}$`));

    const bad = await exportFile(admin, { prjCode: 'KH2026', flagId: made.value.flagId, format: 'doc' });
    expect(bad.json().code).not.toBe(0);

    // Generating and printing a batch are audited: who made and who printed which tags.
    const log = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'qrFlag'), eq(auditLog.entityId, String(made.value.flagId))))
      .orderBy(auditLog.id);
    expect(log.map((e) => [e.action, e.params])).toEqual([
      ['create', { name: '导出测试', count: 30 }],
      ['export', { name: '导出测试', format: 'PDF' }],
      ['export', { name: '导出测试', format: 'XLSX' }],
    ]);
  });

  it('follows the records naming a tag: unused → felled → burned; the scan page shows the chain to members only', async () => {
    const made = await add(admin, { prjCode: 'KH2026', flagName: '状态测试', count: 3 });
    const codes = (await list(admin, { flagId: made.value.flagId })).value.rows.map((r) => r.code);
    const felling = (code: string) => ({
      uuid: randomUUID(),
      tableCode: 'gbcfcz0101',
      sectionCode: 'KH-BD01',
      timeSubmit: '2026-11-20T09:30:00+08:00',
      gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
      fields: {
        qrcode: code,
        shuzhong: '马尾松',
        xiongjing: 18,
        dungao: 3,
        multi_fzcl: '剥皮,投药',
        pic_before: photoId,
        pic_stump: photoId,
        pic_treated: photoId,
      },
    });
    const burn = {
      uuid: randomUUID(),
      tableCode: 'gbymfs0101',
      sectionCode: 'KH-BD01',
      timeSubmit: '2026-11-22T15:00:00+08:00',
      gps: { long: 118.4, lat: 29.1, alt: 200, range: 5 },
      fields: {
        fsd: '华埠镇焚烧点',
        yimushuliang: 1,
        jldw: '株',
        fssj: '2026-11-22',
        pic_before: photoId,
        pic_burning: photoId,
        multi_qrcode: `${codes[0]}`,
      },
    };
    const sent = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: worker,
      body: { records: [felling(codes[0]!), felling(codes[2]!), burn] },
    });
    expect(sent.value.results.map((r) => r.status)).toEqual(['created', 'created', 'created']);

    const rows = (await list(admin, { flagId: made.value.flagId })).value.rows;
    expect(rows.map((r) => r.state)).toEqual(['burned', 'unused', 'felled']);
    expect(rows[0]!.felledAt).toBe('2026-11-20 09:30:00');
    expect(rows[0]!.burnedAt).toBe('2026-11-22 15:00:00');

    // Not signed in: valid and state only.
    const anon = await scan(codes[0]!.toLowerCase());
    expect(anon.code).toBe(0);
    expect(anon.value).toMatchObject({ code: codes[0], valid: true, state: 'burned', detailed: false });
    expect(anon.value.felling).toEqual([]);
    expect(anon.value.projectName).toBeNull();
    expect(JSON.stringify(anon.value)).not.toContain('华埠');
    // Another project's member sees no more than anyone.
    expect((await scan(codes[0]!, js)).value.detailed).toBe(false);
    // A member: the felling record with photos, the burn record and its burn point.
    const chain = await scan(codes[0]!, jianli);
    expect(chain.value).toMatchObject({
      valid: true,
      state: 'burned',
      detailed: true,
      projectName: expect.any(String),
    });
    expect(chain.value.felling).toHaveLength(1);
    expect(chain.value.felling[0]).toMatchObject({ tableCode: 'gbcfcz0101', sectionCode: 'KH-BD01' });
    expect(chain.value.felling[0]!.photos).toHaveLength(3);
    expect(chain.value.felling[0]!.fields).toContainEqual({ label: '胸径', value: '18 cm' });
    const photo = await t.app.inject({ method: 'GET', url: chain.value.felling[0]!.photos[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect(chain.value.burning).toHaveLength(1);
    expect(chain.value.burning[0]).toMatchObject({
      burnPoint: '华埠镇焚烧点',
      timeSubmit: '2026-11-22 15:00:00',
    });

    const unknown = await scan('ZZZZZZZZZZZ');
    expect(unknown.value).toMatchObject({ valid: false, state: null, detailed: false });
    expect((await scan('')).code).not.toBe(0);
  });
});
