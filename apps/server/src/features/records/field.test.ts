import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type CollectSetupValue,
  type CollectMineValue,
  type CollectStateItem,
  ErrorCode,
} from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { assignSections } from '../../../test/records.ts';

const census = (fields: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: new Date().toISOString(),
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', ...fields } as Record<string, unknown>,
});

/** The field app's own doors: its setup and the states of its own records. */
describe('field app setup and states', () => {
  let t: TestApp;
  let worker: string;
  let jianli: string;
  let adminJs: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string, client = 2) => {
      const token = await t.signIn(account, 'pine2026', client);
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    worker = await select('demo_worker', 'KH2026', 1);
    // The demo's field worker records in KH-BD01 only (issue 26), whatever the demo seeds.
    await assignSections(t, 'demo_worker', 'KH2026', ['KH-BD01']);
    jianli = await select('demo_jianli', 'KH2026');
    adminJs = await select('demo_admin', 'JS2026');
  });
  afterAll(() => t.close());

  const uploadPhoto = async (): Promise<string> => {
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
    return (up.json() as { value: { id: string } }).value.id;
  };

  it('lets the demo’s field login clock in on a fresh demo (seeded worker: approved, insured, face, permission on)', async () => {
    const res = await t.api<{ status: string; workerName: string }>('POST', '/api/collect/clockIn', {
      token: worker,
      body: {
        uuid: randomUUID(),
        sectionCode: 'KH-BD01',
        time: new Date().toISOString(),
        gps: { long: 118.41, lat: 29.14, range: 8 },
        faceFileId: await uploadPhoto(),
      },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value).toMatchObject({ status: 'created', workerName: '徐长根' });
  });

  it('gives a field account its project, its assigned sections and the tables of the project’s measures', async () => {
    const res = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: worker });
    expect(res.code, res.message).toBe(0);
    expect(res.value.project).toEqual({ code: 'KH2026', name: expect.any(String) });
    expect(res.value.sections.map((s) => s.code)).toEqual(['KH-BD01']);
    expect(res.value.assignedOnly).toBe(true);
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

  it('lists the caller’s own records of the last 30 days, newest first, page by page', async () => {
    const day = 24 * 3600_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    // Sent "from another phone": straight through the API, nothing on this device.
    const recent = [census({ beizhu: 'mine-1' }), census({ beizhu: 'mine-2' }), census({ beizhu: 'mine-3' })];
    recent.forEach((r, i) => (r.timeSubmit = at(3 - i)));
    const old = { ...census({ beizhu: 'mine-old' }), timeSubmit: at(31) };
    for (const r of [...recent, old]) r.fields.pic_tree = await uploadPhoto();
    const sent = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: worker,
      body: { records: [...recent, old] },
    });
    expect(
      sent.value.results.map((r) => r.status),
      JSON.stringify(sent.value.results),
    ).toEqual(['created', 'created', 'created', 'created']);
    const deleted = await t.api('POST', '/api/data/del', { token: jianli, body: { ids: [recent[0]!.uuid] } });
    const removed = deleted.code === 0;

    const all = await t.api<CollectMineValue>('POST', '/api/collect/mine', {
      token: worker,
      body: { pageSize: 100 },
    });
    expect(all.code, all.message).toBe(0);
    const ids = all.value.list.map((r) => r.id);
    expect(ids).toContain(recent[2]!.uuid);
    expect(ids).toContain(recent[1]!.uuid);
    expect(ids).not.toContain(old.uuid);
    expect(ids.includes(recent[0]!.uuid)).toBe(!removed);
    expect(all.value.nextCursor).toBeNull();
    const times = all.value.list.map((r) => r.timeSubmit);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.value.list.find((r) => r.id === recent[2]!.uuid)).toEqual({
      id: recent[2]!.uuid,
      tableCode: 'gbksdc0101',
      sectionCode: 'KH-BD01',
      timeSubmit: recent[2]!.timeSubmit,
      state: '10',
      reason: null,
    });

    // Page by page with a cursor: the same rows, once each, in the same order.
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const page: { code: number; message: string; value: CollectMineValue } = await t.api<CollectMineValue>(
        'POST',
        '/api/collect/mine',
        { token: worker, body: { pageSize: 1, ...(cursor ? { cursor } : {}) } },
      );
      expect(page.code, page.message).toBe(0);
      paged.push(...page.value.list.map((r) => r.id));
      if (!page.value.nextCursor) break;
      cursor = page.value.nextCursor;
    }
    expect(paged).toEqual(ids);

    // Someone else's list does not show them.
    const theirs = await t.api<CollectMineValue>('POST', '/api/collect/mine', { token: jianli, body: {} });
    expect(theirs.value.list.map((r) => r.id)).not.toContain(recent[2]!.uuid);
    // A cursor that is not one is refused with a message, not a fault.
    for (const bad of [
      'x',
      Buffer.from('["nope"]').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const res = await t.api('POST', '/api/collect/mine', { token: worker, body: { cursor: bad } });
      expect(res.code, bad).toBe(ErrorCode.validation);
    }
    const big = await t.api('POST', '/api/collect/mine', { token: worker, body: { pageSize: 101 } });
    expect(big.code).toBe(ErrorCode.validation);
  });
});
