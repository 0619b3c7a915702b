import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { census, recordsBed } from '../../test/records.ts';
import { onStatement } from '../db/client.ts';

/**
 * The read routes' statement budgets (issue 28): how many statements a call sends once what it
 * may remember (the session, names, totals, a project's context) is remembered. A change that
 * adds a round trip to a read fails here, not months later in a benchmark.
 */
type Call = { method: 'GET' | 'POST'; url: string; body?: unknown; budget: number };

describe('statements per read call', () => {
  let t: TestApp;
  let admin: string;
  let recordId: string;

  beforeAll(async () => {
    const bed = await recordsBed();
    t = bed.t;
    admin = bed.admin;
    const sent = await bed.collect(bed.worker, [
      census({}, { pic_tree: bed.photoId, beizhu: '马尾松林边' }),
      census({}, { pic_tree: bed.photoId }),
    ]);
    expect(sent.code).toBe(0);
    recordId = (await bed.list(admin, {})).value.result.list[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const calls = (): Call[] => [
    // Who the user is, the project, roles and menus: one call per page load, not per list page.
    { method: 'GET', url: '/api/user/self', budget: 5 },
    {
      method: 'POST',
      url: '/api/sync/queryDataList',
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20 },
      budget: 1,
    },
    {
      method: 'POST',
      url: '/api/sync/queryDataList',
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20, biaoduan: 'KH-BD01', codeState: '10' },
      budget: 1,
    },
    {
      method: 'POST',
      url: '/api/sync/queryDataList',
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20, keyWords: '马尾松' },
      budget: 1,
    },
    { method: 'POST', url: '/api/sync/queryDataDetail', body: { id: '' }, budget: 2 },
    { method: 'POST', url: '/api/lwryUser/lwryList', body: { pageNum: 1, pageSize: 10 }, budget: 1 },
    {
      method: 'POST',
      url: '/api/lwryUser/lwryList',
      body: { pageNum: 1, pageSize: 10, sectionCode: 'KH-BD01', examineStatus: 1 },
      budget: 1,
    },
    { method: 'GET', url: '/api/home/data', budget: 1 },
    { method: 'GET', url: '/api/reconcile/summary', budget: 0 },
    { method: 'POST', url: '/api/anomaly/list', body: { pageNum: 1, pageSize: 20 }, budget: 0 },
  ];

  async function statementsOf(call: Call): Promise<string[]> {
    const body = call.url === '/api/sync/queryDataDetail' ? { id: recordId } : call.body;
    const send = () =>
      t.app.inject({
        method: call.method,
        url: call.url,
        headers: { token: admin },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
    t.forgetSessions();
    const first = await send();
    expect(first.json().code, `${call.url} answers`).toBe(0);
    const sent: string[] = [];
    onStatement((text) => void sent.push(text));
    try {
      await send();
    } finally {
      onStatement(undefined);
    }
    return sent;
  }

  it('keeps every read route within its budget once warm', async () => {
    const over: string[] = [];
    for (const call of calls()) {
      const sent = await statementsOf(call);
      if (sent.length > call.budget) {
        over.push(
          `${call.url} ${JSON.stringify(call.body ?? {})}: ${sent.length} > ${call.budget}\n  ${sent.join('\n  ')}`,
        );
      }
    }
    expect(over, over.join('\n')).toEqual([]);
  });
});
