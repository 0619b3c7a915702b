import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type CollectSetupValue,
  type CollectStateItem,
  ErrorCode,
} from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const census = (fields: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: new Date().toISOString(),
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', ...fields },
});

/** The field app's own doors: its setup and the states of its own records. */
describe('field app setup and states', () => {
  let t: TestApp;
  let worker: string;
  let jianli: string;
  let adminJs: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string, client = 2) => {
      const token = await t.signIn(account, 'pine2026', client);
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    worker = await select('demo_worker', 'KH2026', 1);
    jianli = await select('demo_jianli', 'KH2026');
    adminJs = await select('demo_admin', 'JS2026');
  });
  afterAll(() => t.close());

  it('gives a field account its project, sections and the tables of the project’s measures', async () => {
    const res = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: worker });
    expect(res.code, res.message).toBe(0);
    expect(res.value.project).toEqual({ code: 'KH2026', name: expect.any(String) });
    expect(res.value.sections.map((s) => s.code)).toEqual(expect.arrayContaining(['KH-BD01', 'KH-BD02']));
    const census = res.value.tables.find((x) => x.code === 'gbksdc0101');
    expect(census?.columns.map((c) => c.code)).toEqual(expect.arrayContaining(['kssl', 'shuzhong']));
    expect(res.value.tables.every((x) => !x.retired && x.columns.every((c) => !c.retired))).toBe(true);
  });

  it('answers the state of the caller’s own records only, with the reason of a send-back', async () => {
    const form = new FormData();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
    const body = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: worker, 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    const mine = census({ pic_tree: (up.json() as { value: { id: string } }).value.id });
    const sent = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: worker,
      body: { records: [mine] },
    });
    expect(sent.value.results[0], JSON.stringify(sent.value.results[0]?.errors)).toMatchObject({
      status: 'created',
    });
    const back = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [mine.uuid], action: 'return', reason: '照片不清楚' },
    });
    expect(back.code, back.message).toBe(0);
    const unknown = randomUUID();
    const res = await t.api<{ list: CollectStateItem[] }>('POST', '/api/collect/states', {
      token: worker,
      body: { ids: [mine.uuid, unknown] },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value.list).toEqual([{ id: mine.uuid, state: '30', reason: '照片不清楚', deleted: false }]);
    // Someone else (another project) learns nothing about it.
    const other = await t.api<{ list: CollectStateItem[] }>('POST', '/api/collect/states', {
      token: adminJs,
      body: { ids: [mine.uuid] },
    });
    expect(other.value.list).toEqual([]);
    const bad = await t.api('POST', '/api/collect/states', { token: worker, body: { ids: ['x'] } });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});
