import { ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { census, collect, signInTo, uploadPhoto } from '../../../test/records.ts';

/** Issue 29 "Spec gaps": what the original client sends, answered as the spec implies. */
describe('list calls as the original client sends them', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    const photo = await uploadPhoto(t, worker);
    await collect(t, worker, [
      census({ timeSubmit: '2026-11-02T09:30:00+08:00' }, { pic_tree: photo }),
      census({ timeSubmit: '2026-11-20T09:30:00+08:00' }, { pic_tree: photo }),
    ]);
  });
  afterAll(() => t.close());

  type Page = { result: { total: number } };

  it('reads begin: "" / end: "" on queryDataList as no bound, and still checks a real day', async () => {
    const body = { prjCode: 'KH2026', prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 10 };
    const open = await t.api<Page>('POST', '/api/sync/queryDataList', { token: admin, body });
    expect(open.code).toBe(0);
    const empty = await t.api<Page>('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...body, begin: '', end: '' },
    });
    expect(empty.code).toBe(0);
    expect(empty.value.result.total).toBe(open.value.result.total);
    expect(open.value.result.total).toBe(2);
    // One bound set, the other empty: only the set one narrows.
    const later = await t.api<Page>('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...body, begin: '2026-11-10', end: '' },
    });
    expect(later.code).toBe(0);
    expect(later.value.result.total).toBe(1);
    const earlier = await t.api<Page>('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...body, begin: '', end: '2026-11-10' },
    });
    expect(earlier.value.result.total).toBe(1);
    const bad = await t.api('POST', '/api/sync/queryDataList', {
      token: admin,
      body: { ...body, begin: '2026-13' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('reads empty bounds alike on the burn-report list (queryYmfsList) and the safety ledger', async () => {
    const ymfs = await t.api('POST', '/api/sync/queryYmfsList', {
      token: admin,
      body: { prjCode: 'KH2026', prjStandCode: 'gbymfs0101', begin: '', end: '', pageNum: 1, pageSize: 10 },
    });
    expect(ymfs.code).toBe(0);
    const safety = await t.api('POST', '/api/safe/list', {
      token: admin,
      body: { projectCode: 'KH2026', dateBegin: '', dateEnd: '', pageNum: 1, pageSize: 10 },
    });
    expect(safety.code).toBe(0);
    const badSafety = await t.api('POST', '/api/safe/list', {
      token: admin,
      body: { projectCode: 'KH2026', dateBegin: 'soon', pageNum: 1, pageSize: 10 },
    });
    expect(badSafety.code).toBe(ErrorCode.validation);
  });

  it('answers examineUserList with no body at all, for the selected project', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/examineUserList',
      headers: { token: admin },
    });
    const envelope = res.json<{ code: number; value: { name: string }[] }>();
    expect(envelope.code).toBe(0);
    expect(envelope.value.map((u) => u.name).sort()).toEqual(['周建国', '汪丽华'].sort());
    // The same as with an empty object.
    const withBody = await t.api<{ name: string }[]>('POST', '/api/sync/examineUserList', {
      token: admin,
      body: {},
    });
    expect(withBody.value).toEqual(envelope.value);
  });
});
