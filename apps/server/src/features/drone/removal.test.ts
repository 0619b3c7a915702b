import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../../test/s3.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localStorage } from '../../platform/storage/local.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { makeOrtho } from './fixture.ts';
import { readGeoref } from './georef.ts';
import { partKey } from './partSource.ts';
import { buildPyramid } from './pyramid.ts';
import { removeStored } from './removal.ts';
import { tile } from './tiles.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Removing an orthophoto's stored bytes on local disk and on S3 (s3rver): every key the server
 * wrote for it (parts, overview blocks and manifest, tiles at every zoom drawn) is recorded as
 * it is written, and none is left after removeStored.
 */
type Fixture = { storage: Storage; stop(): Promise<void> };

const drivers: [string, () => Promise<Fixture>][] = [
  [
    'local disk',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'drone-removal-'));
      return {
        storage: localStorage(root),
        stop: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  ['S3-compatible (s3rver)', startLocalS3],
];

const at = { lng: 118.3, lat: 29.2 };

describe.each(drivers)('removing an orthophoto from %s storage', (_name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(() => f.stop());

  it('leaves none of the keys written for it, tiles at every zoom included', async () => {
    const written = new Set<string>();
    const storage: Storage = {
      ...f.storage,
      put: (key, body, type) => {
        written.add(key);
        return f.storage.put(key, body, type);
      },
      get: (key, range) => f.storage.get(key, range),
      delete: (key) => f.storage.delete(key),
      size: (key) => f.storage.size(key),
    };
    const deps = { storage } as unknown as AppDeps;
    const bytes = await makeOrtho({ ...at, size: 1500, options: ['-co', 'TILED=YES'] });
    const partSize = 1 << 20;
    const row = {
      id: '00000000-0000-4000-8000-00000000d001',
      projectCode: 'T',
      size: bytes.length,
      partSize,
      partCount: Math.ceil(bytes.length / partSize),
      state: 'ready',
    } as OrthoRow;
    for (let i = 0; i < row.partCount; i++) {
      const part = Buffer.from(bytes.subarray(i * partSize, (i + 1) * partSize));
      await storage.put(partKey('T', row.id, i), Readable.from([part]), 'application/octet-stream');
    }
    const geo = await readGeoref(storage, row, '');
    Object.assign(row, { ...geo, ...geo.bounds, hasNir: 0 });
    await buildPyramid(deps, row, async () => {});
    // Every zoom from the whole scene in one tile to far beyond the file's resolution.
    for (let z = 12; z <= 23; z++) {
      const x = Math.floor(((at.lng + 0.0003 + 180) / 360) * 2 ** z);
      const r = ((at.lat - 0.0003) * Math.PI) / 180;
      const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
      ] as const)
        await tile(deps, row, z, x + dx, y + dy);
    }
    const tiles = [...written].filter((k) => k.includes('/tiles/'));
    expect(tiles.length).toBeGreaterThan(10);
    expect([...written].filter((k) => k.includes('/ov/')).length).toBeGreaterThan(4);
    await removeStored(deps, row);
    const left: string[] = [];
    for (const key of written) if ((await f.storage.size(key)) !== null) left.push(key);
    expect(left).toEqual([]);
  }, 60_000);
});
