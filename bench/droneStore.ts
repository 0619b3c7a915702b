import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { readGeoref } from '../apps/server/src/features/drone/georef.ts';
import { partKey } from '../apps/server/src/features/drone/partSource.ts';
import { PART_SIZE, type OrthoRow } from '../apps/server/src/features/drone/upload.ts';
import type { AppDeps } from '../apps/server/src/platform/deps.ts';
import { createStorage, type Storage } from '../apps/server/src/platform/storage/index.ts';

/**
 * An orthophoto file stored under `dir` in 8 MB parts on local disk exactly as an upload leaves
 * it, its header read by the server's georef (`county` '' skips the place check): the row, the
 * storage and the deps the drone benches hand to the server's code. `into` stores it in a
 * server's own storage under its project instead.
 */
export async function storeOrtho(
  file: string,
  dir: string,
  id: string,
  county: string,
  into?: { storage: Storage; projectCode: string },
) {
  const size = statSync(file).size;
  const local = { driver: 'local', root: join(dir, 'store') } as const;
  const storage = into?.storage ?? createStorage(local as never);
  const row = {
    id,
    projectCode: into?.projectCode ?? 'BENCH',
    size,
    partSize: PART_SIZE,
    partCount: Math.ceil(size / PART_SIZE),
  } as OrthoRow;
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(PART_SIZE);
  for (let n = 0; n < row.partCount; n++) {
    const got = readSync(fd, buf, 0, PART_SIZE, n * PART_SIZE);
    await storage.put(
      partKey(row.projectCode, row.id, n),
      Readable.from([Buffer.from(buf.subarray(0, got))]),
      'application/octet-stream',
    );
  }
  closeSync(fd);
  const geo = await readGeoref(storage, row, county);
  Object.assign(row, { ...geo, ...geo.bounds, hasNir: geo.hasNir ? 1 : 0, state: 'ready' });
  return { row, storage, geo, size, deps: { storage, config: { storage: local } } as unknown as AppDeps };
}
