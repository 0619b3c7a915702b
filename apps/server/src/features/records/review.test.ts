import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { census, type RecordsBed, recordsBed } from '../../../test/records.ts';

describe('records: review of a whole filter', () => {
  let t: TestApp;
  let jianli: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];
  let list: RecordsBed['list'];

  beforeAll(async () => {
    ({ t, jianli, worker, photoId, collect, list } = await recordsBed());
  });
  afterAll(() => t.close());

  it('reviews every record of a filter after the count is confirmed, refusing a moved count', async () => {
    const marked = Array.from({ length: 4 }, () => census({}, { pic_tree: photoId, beizhu: '全选批审样本' }));
    await collect(worker, marked);
    const filter = { prjStandCode: 'gbksdc0101', keyWords: '全选批审样本', codeState: '10' as const };
    const listed = await list(jianli, filter);
    expect(listed.value.result.total).toBe(4);
    const stale = await t.api<{ changed: number }>('POST', '/api/data/examine', {
      token: jianli,
      body: { filter, expected: 3, action: 'approve' },
    });
    expect(stale.code).not.toBe(0);
    expect(stale.message).toContain('4');
    const neither = await t.api('POST', '/api/data/examine', { token: jianli, body: { action: 'approve' } });
    expect(neither.code).not.toBe(0);
    const foreign = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { filter: { ...filter, prjCode: 'JS2026' }, expected: 4, action: 'approve' },
    });
    expect(foreign.code).not.toBe(0);
    const done = await t.api<{ changed: number; ids: string[] }>('POST', '/api/data/examine', {
      token: jianli,
      body: { filter, expected: 4, action: 'return', reason: '照片不清晰' },
    });
    expect(done.code).toBe(0);
    expect(done.value.changed).toBe(4);
    expect(done.value.ids.sort()).toEqual(marked.map((m) => m.uuid).sort());
    expect((await list(jianli, filter)).value.result.total).toBe(0);
    const back = await list(jianli, { ...filter, codeState: '30' });
    expect(back.value.result.list.every((r) => r.state_reason === '照片不清晰')).toBe(true);
  });
});
