import { type QueryDataListValue, queryDataListValue, recordDetail } from '@pineguard/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, onChange } from '../../platform/changes.ts';
import type { TestApp } from '../../../test/app.ts';
import { census, type RecordsBed, recordsBed } from '../../../test/records.ts';

/**
 * Resolves once every change notification committed so far has reached this instance: the
 * database delivers notifications in commit order, so a marker notified now arrives after them.
 */
async function changesDelivered(t: TestApp): Promise<void> {
  const code = `settle-${randomUUID()}`;
  const seen = new Promise<void>((resolve) =>
    onChange((_db, change) => {
      if (change.kind === 'project' && change.code === code) resolve();
    }),
  );
  await t.deps.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`p:${code}`})`);
  await seen;
}

describe('records: the data list', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let bd: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];
  let list: RecordsBed['list'];

  beforeAll(async () => {
    ({ t, admin, jianli, bd, worker, photoId, collect, list } = await recordsBed());
  });
  afterAll(() => t.close());

  it('lists with filters, checked sort, keyset cursors and counter totals', async () => {
    const batch = Array.from({ length: 25 }, (_, i) =>
      census(
        {
          sectionCode: i % 2 ? 'KH-BD02' : 'KH-BD01',
          timeSubmit: new Date(Date.UTC(2026, 9, 1 + i, 2)).toISOString(),
        },
        { pic_tree: photoId, kssl: i, beizhu: i === 7 ? '松林边缘 KH26-0881917' : '' },
      ),
    );
    expect((await collect(worker, batch)).value.results.every((r) => r.status === 'created')).toBe(true);
    const oct = { begin: '2026-10-01', end: '2026-10-31' };
    const first = await list(admin, { ...oct });
    expect(first.code).toBe(0);
    expect(first.value.result.total).toBe(25);
    expect(first.value.result.totalExact).toBe(true);
    expect(first.value.columnList.map((c) => c.code)).toContain('kssl');
    const p1 = first.value.result.list;
    expect(p1).toHaveLength(10);
    expect(p1[0]!.time_submit >= p1[9]!.time_submit).toBe(true);
    const second = await list(admin, { ...oct, pageNum: 2, cursor: first.value.result.nextCursor });
    const byOffset = await list(admin, { ...oct, pageNum: 2 });
    expect(second.value.result.list.map((r) => r.id)).toEqual(byOffset.value.result.list.map((r) => r.id));
    const back = await list(admin, { ...oct, pageNum: 1, cursor: second.value.result.prevCursor });
    expect(back.value.result.list.map((r) => r.id)).toEqual(p1.map((r) => r.id));
    const section = await list(admin, { ...oct, biaoduan: 'KH-BD02', codeState: '10' });
    expect(section.value.result.total).toBe(12);
    const keyword = await list(admin, { keyWords: 'KH26-0881917' });
    expect(keyword.value.result.list.map((r) => r.kssl)).toEqual([7]);
    const byNumber = await list(admin, { ...oct, sort: 'kssl asc' });
    expect(byNumber.value.result.list.map((r) => r.kssl)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const injected = await list(admin, { sort: 'kssl; drop table records' });
    expect(injected.code).not.toBe(0);
    const unknown = await list(admin, { sort: 'nosuch desc' });
    expect(unknown.code).not.toBe(0);
    expect(unknown.message).toContain('nosuch');
    const deep = await list(admin, { pageNum: 5000 });
    expect(deep.code).not.toBe(0);
    // The section manager of KH-BD01 sees that section only.
    const mine = await list(bd, { ...oct });
    expect(mine.value.result.total).toBe(13);
    expect(mine.value.result.list.every((r) => r.code_project4 === 'KH-BD01')).toBe(true);
  });

  it('answers a page in one statement, exactly as the contract says; keyword totals follow writes', async () => {
    const census2 = Array.from({ length: 3 }, (_, i) =>
      census(
        { timeSubmit: new Date(Date.UTC(2026, 8, 1 + i, 2)).toISOString() },
        { pic_tree: photoId, beizhu: '红松岭样地' },
      ),
    );
    await collect(worker, census2);
    // The write's own change notification comes back to this instance too and forgets the totals:
    // let it arrive first, or it may land between the two calls below (a second statement).
    await changesDelivered(t);
    // Every statement the driver is asked to run during one list call.
    const client = (t.deps.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      sent.push(typeof first === 'string' ? first : first.text);
      return original.apply(this, args);
    };
    let res: Awaited<ReturnType<typeof list>>;
    try {
      t.forgetSessions();
      await list(admin, {}); // the session, descriptors and project context are read once, then reused
      sent.length = 0;
      res = await list(admin, { pageSize: 20 });
    } finally {
      client.query = original;
    }
    expect(res.code).toBe(0);
    // The page alone: the session, the total, names and metadata are remembered from the first call.
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(sent[0]).toMatch(/from records r/);
    expect(sent[0]).not.toMatch(/record_counts|join users/);
    // The list is serialised without zod (plainJson): prove nothing would be stripped or refused.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/sync/queryDataList',
      headers: { token: admin },
      payload: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 5 },
    });
    const body = raw.json() as { value: unknown };
    expect(queryDataListValue.parse(body.value)).toEqual(body.value);
    const detailRaw = await t.app.inject({
      method: 'POST',
      url: '/api/sync/queryDataDetail',
      headers: { token: admin },
      payload: { id: census2[0]!.uuid },
    });
    const detailBody = detailRaw.json() as { value: { data: unknown } };
    expect(recordDetail.parse(detailBody.value.data)).toEqual(detailBody.value.data);
    // Times leave as China time text.
    expect((body.value as QueryDataListValue).result.list[0]!.time_submit).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    // A keyword total is remembered for the next pages, and forgotten by a write.
    const before = await list(admin, { keyWords: '红松岭' });
    expect(before.value.result.total).toBe(3);
    const approved = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [census2[0]!.uuid], action: 'approve' },
    });
    expect(approved.code).toBe(0);
    const pending = await list(admin, { keyWords: '红松岭', codeState: '10' });
    expect(pending.value.result.total).toBe(2);
    await t.api('POST', '/api/data/del', { token: admin, body: { ids: [census2[1]!.uuid] } });
    const after = await list(admin, { keyWords: '红松岭' });
    expect(after.value.result.total).toBe(2);
    // Two characters have no trigram: searched among the filter's newest records, total a lower bound.
    const short = await list(admin, { keyWords: '松岭' });
    expect(short.value.result.list.map((r) => r.id).sort()).toEqual(
      after.value.result.list.map((r) => r.id).sort(),
    );
    expect(short.value.result).toMatchObject({ total: 2, totalExact: false });
    expect((await list(admin, { keyWords: '岭样' })).value.result.total).toBe(2);
    expect((await list(admin, { keyWords: '岭x' })).value.result.total).toBe(0);
  });
});
