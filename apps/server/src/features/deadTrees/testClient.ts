import type { KsssUploadItem } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { censusWorkbook, type FixtureCell } from './fixture.ts';

/**
 * The census API as the tests call it (deadTrees.test.ts, importJobs.test.ts): a test app with
 * the demo, the callers' tokens, uploads with and without running their job, lists, downloads
 * and spreadsheets read back.
 */
export type Page<T> = { list: T[]; total: number };
export const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CensusApp = {
  t: TestApp;
  /** Project administrator of KH2026. */
  admin: string;
  /** Section manager: may read, may not import. */
  bd: string;
  /** Administrator working in JS2026. */
  js: string;
};

/** A test app with the demo, KH2026's census emptied (the demo seed may hold one). */
export async function openCensusApp(): Promise<CensusApp> {
  const t = await createTestApp({ demo: true });
  await t.initAdmin({ demo: true });
  const select = async (account: string, prjCode: string) => {
    const token = await t.signIn(account, 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
    return token;
  };
  const admin = await select('demo_admin', 'KH2026');
  const bd = await select('demo_bd', 'KH2026');
  const js = await select('demo_admin', 'JS2026').catch(() => '');
  await t.deps.database.db.execute(sql`delete from dead_tree_census where project_code = 'KH2026'`);
  await t.deps.database.db.execute(sql`delete from dead_trees where project_code = 'KH2026'`);
  return { t, admin, bd, js };
}

/** The calls, on the app `app()` answers once the test's beforeAll has opened it. */
export function censusClient(app: () => TestApp) {
  const send = async (token: string, content: Buffer, name: string, type: string) => {
    const t = app();
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/sync/ksssExcelUpload',
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(out.statusCode).toBe(200);
    const answer = out.json() as { code: number; message: string; value: KsssUploadItem };
    if (answer.code !== 0 || answer.value.state !== 0) return answer;
    // The upload answers at once with its waiting task; the job runner imports it.
    await runDueJobs(t.deps);
    const task = await t.api<KsssUploadItem>('GET', `/api/sync/ksssUploadTask?id=${answer.value.id}`, {
      token,
    });
    return { ...answer, value: task.value };
  };
  /** The upload alone: the task as the upload answers it, its job not run. */
  const sendOnly = async (token: string, content: Buffer) => {
    const t = app();
    const form = new FormData();
    form.append('file', new Blob([content], { type: xlsx }), 'census.xlsx');
    const res = new Response(form);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/sync/ksssExcelUpload',
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    return (out.json() as { value: KsssUploadItem }).value;
  };
  const importRows = (token: string, rows: FixtureCell[][], name = 'census.xlsx') =>
    censusWorkbook(rows).then((buf) => send(token, buf, name, xlsx));
  const list = <T>(path: string, token: string, body: object = {}) =>
    app().api<Page<T>>('POST', path, { token, body: { pageNum: 1, pageSize: 100, ...body } });
  const download = async (token: string, method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await app().app.inject({
      method,
      url,
      headers: { token },
      ...(body ? { payload: body } : {}),
    });
    return res;
  };
  const readBook = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    return book;
  };
  const sheetRows = (sheet: ExcelJS.Worksheet) => {
    const out: unknown[][] = [];
    sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };
  return { send, sendOnly, importRows, list, download, readBook, sheetRows };
}
