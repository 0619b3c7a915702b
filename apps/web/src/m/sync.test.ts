import { ErrorCode } from '@pineguard/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from './api.ts';
import type { QueueItem } from './queue.ts';

// The phone's store and server, in memory: what the sync loop saves, and what the server says.
const items = new Map<string, QueueItem>();
vi.mock('./store.ts', () => ({
  allItems: async () => [...items.values()],
  putItems: async (list: QueueItem[]) => list.forEach((i) => items.set(i.uuid, i)),
  deleteItems: async (uuids: string[]) => uuids.forEach((u) => items.delete(u)),
  getBlob: async () => new Blob(['x']),
  deleteBlobs: async () => {},
}));
const answer = vi.fn<(url: string) => unknown>();
vi.mock('./api.ts', async (original) => {
  const real = await original<typeof Api>();
  const reply = async (url: string) => {
    const v = answer(url);
    if (v instanceof Error) throw v;
    return v;
  };
  return { ...real, call: (_m: string, url: string) => reply(url), upload: () => reply('/api/file/upload') };
});
const { Refused } = await import('./api.ts');
const { syncNow } = await import('./sync.ts');

const waiting = (uuid: string, media: QueueItem['media'] = []): QueueItem => ({
  uuid,
  kind: 'record',
  payload: { tableCode: 'gbksdc0101', sectionCode: 'KH-BD01', fields: { kssl: 3 } },
  media,
  state: 'waiting',
  savedAt: 1,
  attempts: 0,
  nextAt: 0,
});

beforeEach(() => {
  items.clear();
  answer.mockReset();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('sync before a project is chosen', () => {
  it('leaves every item waiting, untouched, when the server asks for a project first (40301)', async () => {
    const a = waiting('a', [{ field: 'pic_tree', key: 'k1', kind: 'photo' }]);
    const b = waiting('b');
    items.set(a.uuid, a);
    items.set(b.uuid, b);
    answer.mockImplementation(() => new Refused(ErrorCode.projectRequired, '请先选择项目', null));
    await expect(syncNow()).resolves.toBeUndefined();
    expect(items.get('a')).toEqual(a);
    expect(items.get('b')).toEqual(b);
  });

  it('still marks a record the server refuses for itself (another section) as refused', async () => {
    const c = waiting('c');
    items.set(c.uuid, c);
    const errors = [{ field: 'sectionCode', message: '您未被分配到标段「第二标段」' }];
    answer.mockImplementation((url) =>
      url === '/api/collect/records'
        ? { results: [{ uuid: 'c', status: 'rejected', errors }] }
        : { list: [] },
    );
    await syncNow();
    expect(items.get('c')).toMatchObject({ state: 'refused', errors });
  });
});
