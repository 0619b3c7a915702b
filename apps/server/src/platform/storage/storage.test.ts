import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../../test/s3.ts';
import { localStorage } from './local.ts';
import type { Storage } from './storage.ts';

type Fixture = { storage: Storage; stop(): Promise<void> };

const drivers: [string, () => Promise<Fixture>][] = [
  [
    'local disk',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'pineguard-storage-'));
      return {
        storage: localStorage(root),
        stop: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  ['S3-compatible (s3rver)', startLocalS3],
];

describe.each(drivers)('%s storage', (_name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(() => f.stop());

  it('stores, reads whole and by range, measures and deletes', async () => {
    const key = 'KH2026/photo/2026/11/a.txt';
    await f.storage.put(
      key,
      Readable.from([Buffer.from('松材线虫'), Buffer.from('-pine-wilt')]),
      'text/plain',
    );
    expect(await text(await f.storage.get(key))).toBe('松材线虫-pine-wilt');
    expect(await f.storage.size(key)).toBe(Buffer.byteLength('松材线虫-pine-wilt'));
    expect(await text(await f.storage.get(key, { start: 13, end: 16 }))).toBe('pine');
    await f.storage.delete(key);
    expect(await f.storage.size(key)).toBeNull();
  });

  it('keeps nothing when the incoming stream fails', async () => {
    const key = 'KH2026/photo/2026/11/broken.bin';
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024, 1);
        throw new Error('client went away');
      })(),
    );
    await expect(f.storage.put(key, failing, 'application/octet-stream')).rejects.toThrow();
    expect(await f.storage.size(key)).toBeNull();
  });
});

describe('local storage keys', () => {
  it('refuses a key that escapes the root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pineguard-storage-'));
    try {
      const storage = localStorage(root);
      await expect(storage.put('../../etc/x', Readable.from(['x']), 'text/plain')).rejects.toThrow(/escapes/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
