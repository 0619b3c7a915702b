import { type DroneOrtho, ErrorCode } from '@pineguard/contract';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signInTo } from '../../../test/records.ts';
import { onStatement } from '../../db/client.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { makeOrtho, uploadOrtho } from './fixture.ts';

/**
 * Orthophotos as a list and as things to delete (issue 32): a page of the list costs the same
 * statements whatever its length; deleting one leaves nothing of it in storage (parts, overviews,
 * rendered tiles) and its tile URLs answer 404. The scene lies in 开化县 (the demo's KH2026).
 */
const at = { lng: 118.3, lat: 29.2 };
const dead = [{ x: 100, y: 100, r: 30 }];

describe('drone orthophotos: list and delete', () => {
  let t: TestApp;
  let admin: string;
  const upload = (bytes: Buffer, name = 'scene.tif') => uploadOrtho(t, admin, bytes, { name });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
  }, 60_000);
  afterAll(() => t.close());

  it('deletes an orthophoto with its parts, overviews and rendered tiles; its tiles then answer 404', async () => {
    const { id, res } = await upload(await makeOrtho({ ...at, dead, size: 1200 }), 'to-delete.tif');
    expect(res.code, res.message).toBe(0);
    while ((await runDueJobs(t.deps)) > 0);
    const tileAt = (z: number) => {
      const x = Math.floor(((at.lng + 0.0001 + 180) / 360) * 2 ** z);
      const latR = ((at.lat - 0.0001) * Math.PI) / 180;
      const y = Math.floor(((1 - Math.log(Math.tan(latR) + 1 / Math.cos(latR)) / Math.PI) / 2) * 2 ** z);
      return res.value.tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    };
    // z 15–18 from the overviews, z 21 from the file (stored), z 23 magnified (memory only).
    for (const z of [15, 18, 21, 23]) {
      const tile = await t.app.inject({ method: 'GET', url: tileAt(z) });
      expect(tile.headers['content-type'], `z${z}`).toBe('image/png');
    }
    const root = join(
      t.deps.config.storage.driver === 'local' ? t.deps.config.storage.root : '',
      'drone/KH2026',
      id,
    );
    const files = () =>
      (existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }) : [])
        .filter((e) => e.isFile())
        .map((e) => relative(root, join(e.parentPath, e.name)));
    const before = files();
    // What the test deletes is there: parts, the overviews' manifest and blocks, stored tiles.
    expect(before).toContain('part-0');
    expect(before).toContain('ov/manifest.json');
    expect(before.filter((f) => f.startsWith('ov/1/')).length).toBeGreaterThan(0);
    expect(before.filter((f) => f.startsWith('tiles/v2/21/'))).toHaveLength(1);
    expect(before.filter((f) => f.startsWith('tiles/v2/15/'))).toHaveLength(1);

    const removed = await t.api('DELETE', `/api/drone/orthophotos/${id}`, { token: admin });
    expect(removed.code, removed.message).toBe(0);
    expect(files()).toEqual([]);
    for (const z of [15, 21, 23]) {
      const gone = await t.app.inject({ method: 'GET', url: tileAt(z) });
      expect(gone.statusCode, `z${z}`).toBe(404);
      expect(gone.json()).toMatchObject({
        code: ErrorCode.notFound,
        message: '正射影像不存在（可能已被删除）',
      });
    }
    const page = await t.api('GET', `/api/drone/orthophotos/${id}`, { token: admin });
    expect(page.message).toBe('正射影像不存在（可能已被删除）');
  }, 120_000); // uploads, builds overviews and renders four zooms: 30 s was passed at load 10

  it('lists a page of orthophotos in as many statements as a page of one', async () => {
    const statements = async (pageSize: number) => {
      const url = `/api/drone/orthophotos?pageSize=${pageSize}`;
      await t.api('GET', url, { token: admin });
      const sent: string[] = [];
      onStatement((text) => void sent.push(text));
      try {
        const page = await t.api<{ list: DroneOrtho[] }>('GET', url, { token: admin });
        return { n: sent.length, rows: page.value.list.length };
      } finally {
        onStatement(undefined);
      }
    };
    // Rows of each kind the page joins things to: one ready, one still uploading (its parts).
    expect((await upload(await makeOrtho({ ...at, dead }))).res.code).toBe(0);
    const half = await t.api<DroneOrtho>('POST', '/api/drone/orthophotos', {
      token: admin,
      body: { name: 'half.tif', size: 20 * 1024 * 1024 },
    });
    expect(half.code).toBe(0);
    const one = await statements(1);
    const all = await statements(100);
    expect(all.rows).toBeGreaterThanOrEqual(2);
    expect(all.n).toBe(one.n);
  });
});
