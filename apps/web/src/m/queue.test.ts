import { describe, expect, it } from 'vitest';
import {
  applyAnswers,
  applyStates,
  backoff,
  BACKOFF_MAX_MS,
  corrected,
  due,
  failBatch,
  kept,
  KEEP_MS,
  mergeMine,
  type MineRow,
  nextBatch,
  type QueueItem,
  toCollectRecord,
} from './queue.ts';

const item = (uuid: string, savedAt: number, over: Partial<QueueItem> = {}): QueueItem => ({
  uuid,
  kind: 'record',
  payload: { tableCode: 'gbksdc0101', sectionCode: 'KH-BD01', fields: { kssl: 3 } },
  media: [],
  state: 'waiting',
  savedAt,
  attempts: 0,
  nextAt: savedAt,
  ...over,
});

describe('field app queue', () => {
  it('sends due records oldest first, holding back those whose media are not uploaded yet', () => {
    const items = [
      item('c', 30),
      item('a', 10),
      item('b', 20, { media: [{ field: 'pic_tree', key: 'k', kind: 'photo' }] }),
      item('d', 5, { state: 'sent' }),
      item('e', 1, { nextAt: 1_000 }),
    ];
    expect(due(items, 100).map((i) => i.uuid)).toEqual(['a', 'b', 'c']);
    expect(nextBatch(items, 100).map((i) => i.uuid)).toEqual(['a', 'c']);
    expect(nextBatch(items, 100, 1).map((i) => i.uuid)).toEqual(['a']);
    expect(nextBatch(items, 2_000).map((i) => i.uuid)).toEqual(['e', 'a', 'c']);
  });

  it('puts uploaded file ids into the media fields', () => {
    const rec = toCollectRecord(
      item('a', 1, {
        media: [
          { field: 'pic_tree', key: 'k1', kind: 'photo', fileId: 'f1' },
          { field: 'pic_tree', key: 'k2', kind: 'photo', fileId: 'f2' },
          { field: 'vdo_a', key: 'k3', kind: 'video', fileId: 'v1' },
        ],
      }),
    );
    expect(rec).toEqual({
      uuid: 'a',
      tableCode: 'gbksdc0101',
      sectionCode: 'KH-BD01',
      fields: { kssl: 3, pic_tree: ['f1', 'f2'], vdo_a: ['v1'] },
    });
  });

  it('applies a partial batch answer: answered items sent or refused, the unanswered one waits and backs off', () => {
    const items = [item('a', 1), item('b', 2), item('c', 3), item('x', 4)];
    const out = applyAnswers(
      items,
      ['a', 'b', 'c'],
      [
        { uuid: 'a', status: 'created', id: 'a' },
        {
          uuid: 'b',
          status: 'rejected',
          errors: [{ field: 'kssl', message: '枯死数量 应在 0 到 100 之间' }],
        },
      ],
      1_000,
    );
    expect(out[0]).toMatchObject({ uuid: 'a', state: 'sent', serverId: 'a', sentAt: 1_000 });
    expect(out[1]).toMatchObject({ uuid: 'b', state: 'refused', errors: [{ field: 'kssl' }] });
    expect(out[2]).toMatchObject({ uuid: 'c', state: 'waiting', attempts: 1, nextAt: 1_000 + backoff(1) });
    expect(out[3]).toBe(items[3]);
    // A duplicate (resent after a lost answer) is sent, not twice.
    const again = applyAnswers([out[2]!], ['c'], [{ uuid: 'c', status: 'duplicate', id: 'c' }], 9_000);
    expect(again[0]).toMatchObject({ state: 'sent', attempts: 0 });
  });

  it('retries with exponential backoff up to a ceiling', () => {
    expect([1, 2, 3, 4].map(backoff)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoff(30)).toBe(BACKOFF_MAX_MS);
    let items = [item('a', 1)];
    for (let n = 1; n <= 3; n++) items = failBatch(items, ['a'], 100);
    expect(items[0]).toMatchObject({ state: 'waiting', attempts: 3, nextAt: 100 + 8_000 });
    expect(due(items, 100)).toEqual([]);
    expect(due(items, 8_100).map((i) => i.uuid)).toEqual(['a']);
  });

  it('sends a corrected refused record again at once, without its old messages', () => {
    const refused = item('a', 1, {
      state: 'refused',
      errors: [{ field: 'kssl', message: 'x' }],
      attempts: 0,
    });
    const fixed = corrected(refused, { ...refused.payload, fields: { kssl: 4 } }, 500);
    expect(fixed).toMatchObject({ state: 'waiting', nextAt: 500, payload: { fields: { kssl: 4 } } });
    expect(fixed.errors).toBeUndefined();
    expect(nextBatch([fixed], 500).map((i) => i.uuid)).toEqual(['a']);
  });

  it('shows a supervisor’s send-back with its reason, and keeps sent items 30 days', () => {
    const sent = item('a', 1, { state: 'sent', serverId: 'a', sentAt: 10 });
    const [back] = applyStates([sent, item('b', 2)], [{ id: 'a', state: '30', reason: '照片不清楚' }]);
    expect(back).toMatchObject({ state: 'sentBack', reason: '照片不清楚' });
    const [ok] = applyStates([back!], [{ id: 'a', state: '20', reason: null }]);
    expect(ok).toMatchObject({ state: 'sent' });
    expect(kept([sent, item('b', 2)], 10 + KEEP_MS).length).toBe(2);
    expect(kept([sent, item('b', 2)], 11 + KEEP_MS).map((i) => i.uuid)).toEqual(['b']);
  });

  it('merges the server’s list of my records with this phone’s queue, one line per record, newest first', () => {
    const row = (id: string, at: number, state = '10'): MineRow => ({
      id,
      tableCode: 'gbksdc0101',
      sectionCode: 'KH-BD01',
      timeSubmit: new Date(at).toISOString(),
      state,
      reason: state === '30' ? '照片不清楚' : null,
    });
    const items = [
      item('a', 1_000, { state: 'sent', serverId: 'a' }),
      item('b', 4_000),
      item('c', 2_000, { state: 'refused' }),
    ];
    const merged = mergeMine(items, [row('a', 1_000, '20'), row('x', 3_000, '30'), row('y', 500)]);
    expect(merged.map((m) => m.key)).toEqual(['b', 'x', 'c', 'a', 'y']);
    // The phone's sent record and the server's row of it are one line, with the server's state.
    expect(merged[3]).toMatchObject({ item: { uuid: 'a' }, server: { id: 'a', state: '20' } });
    // Sent from another phone: only the server knows it.
    expect(merged[1]).toMatchObject({ server: { id: 'x', reason: '照片不清楚' } });
    expect(merged[1]!.item).toBeUndefined();
    expect(mergeMine(items, []).map((m) => m.key)).toEqual(['b', 'c', 'a']);
  });
});
