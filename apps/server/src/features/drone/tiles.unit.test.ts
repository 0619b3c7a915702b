import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../platform/deps.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { makeOrtho, makeSceneOrtho } from './fixture.ts';
import { readGeoref } from './georef.ts';
import { partKey } from './partSource.ts';
import { buildPyramid, halve, pyramidOf, readLevel } from './pyramid.ts';
import { forgetOrtho, openOrtho, readRgb } from './raster.ts';
import { tile } from './tiles.ts';
import type { OrthoRow } from './upload.ts';

/**
 * Map tiles without a database: orthophotos stored in parts on a local storage, overviews built,
 * tiles drawn. Neighbouring tiles must meet with no gap (issue 32 saw 1–2 px transparent seams).
 */
const dir = mkdtempSync(join(tmpdir(), 'drone-tiles-test-'));
const storage = createStorage({ driver: 'local', root: dir } as never);
const deps = { storage } as unknown as AppDeps;
let n = 0;

async function store(bytes: Buffer): Promise<OrthoRow> {
  const partSize = 1 << 20;
  const row = {
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    projectCode: 'T',
    size: bytes.length,
    partSize,
    partCount: Math.ceil(bytes.length / partSize),
  } as OrthoRow;
  for (let i = 0; i < row.partCount; i++) {
    const part = bytes.subarray(i * partSize, (i + 1) * partSize);
    await storage.put(
      partKey('T', row.id, i),
      Readable.from([Buffer.from(part)]),
      'application/octet-stream',
    );
  }
  const geo = await readGeoref(storage, row, '');
  return Object.assign(row, {
    ...geo,
    ...geo.bounds,
    hasNir: geo.hasNir ? 1 : 0,
    state: 'ready',
  }) as OrthoRow;
}

const tx = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const ty = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};
const raw = async (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

let scene: OrthoRow;
beforeAll(async () => {
  // 150 m square at 5 cm in UTM 50N, east of the zone's meridian (the grid turns ≈ 0.6° against the map).
  const { bytes } = await makeSceneOrtho({ seed: 11, size: 3000, lng: 118.3, lat: 29.2 });
  scene = await store(bytes);
  await buildPyramid(deps, scene, async () => {});
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('orthophoto map tiles', () => {
  it('halves a band by an alpha-weighted mean, edge pixels from what exists', () => {
    // 3 × 2 RGBA: a transparent pixel does not darken its neighbours; the odd column stands alone.
    const src = Uint8Array.from([
      ...[100, 0, 0, 255],
      ...[0, 0, 0, 0],
      ...[10, 20, 30, 255],
      ...[200, 0, 0, 255],
      ...[0, 0, 0, 0],
      ...[30, 40, 50, 255],
    ]);
    expect([...halve(src, 3, 2, 4)]).toEqual([150, 0, 0, 128, 20, 30, 40, 255]);
  });

  it('reads windows row by row exactly as geotiff.js does, tiled and striped, RGB and RGBA', async () => {
    for (const options of [['-co', 'TILED=YES', '-co', 'BLOCKXSIZE=128', '-co', 'BLOCKYSIZE=128'], []]) {
      for (const bands of [3, 4] as const) {
        const row = await store(await makeOrtho({ lng: 118.3, lat: 29.2, size: 500, bands, options }));
        const { levels } = await openOrtho(deps, row);
        const win = { x: 37, y: 101, w: 300, h: 213 };
        const fast = await readRgb(row, levels[0]!, win, { deps });
        const slow = await readRgb(row, levels[0]!, win);
        expect(fast.channels).toBe(bands);
        expect(Buffer.from(fast.data).equals(Buffer.from(slow.data))).toBe(true);
        forgetOrtho(row.id);
      }
    }
  });

  it('stores overviews whose level 1 is the halved full resolution', async () => {
    const pyr = await pyramidOf(deps, scene);
    expect(pyr?.levels.map((l) => l.width)).toEqual([1500, 750, 375, 188]);
    const { levels } = await openOrtho(deps, scene);
    const full = await readRgb(scene, levels[0]!, { x: 600, y: 400, w: 512, h: 512 }, { deps });
    const level1 = await readLevel(deps, scene, pyr!, 1, { x: 300, y: 200, w: 256, h: 256 });
    expect(Buffer.from(level1).equals(Buffer.from(halve(full.data, 512, 512, full.channels)))).toBe(true);
  });

  it('draws neighbouring tiles with no gap between them at every zoom, far out from the overviews', async () => {
    for (const z of [16, 19, 20, 21, 22]) {
      // Tiles around the scene's centre; at z16 the whole scene is in a tile or two.
      const cx = tx((scene.west + scene.east) / 2, z);
      const cy = ty((scene.north + scene.south) / 2, z);
      const tiles = new Map<string, { data: Buffer; width: number }>();
      for (const [i, j] of [
        [cx, cy],
        [cx + 1, cy],
        [cx, cy + 1],
        [cx + 1, cy + 1],
      ] as const) {
        const { data, info } = await raw(await tile(deps, scene, z, i, j));
        tiles.set(`${i},${j}`, { data, width: info.width });
      }
      let opaque = 0;
      for (const { data } of tiles.values())
        for (let k = 3; k < data.length; k += 4) if (data[k] === 255) opaque++;
      // Some of the scene is drawn at every zoom (z16 too: from the overviews).
      expect(opaque, `z${z}`).toBeGreaterThan(1000);
      if (z < 20) continue;
      // Tiles inside the 150 m scene (z20 and in): every pixel is drawn, edges included.
      for (const [k, { data }] of tiles) {
        let holes = 0;
        for (let p = 3; p < data.length; p += 4) if (data[p] !== 255) holes++;
        expect(holes, `z${z} tile ${k}`).toBe(0);
      }
    }
  });

  it('places tiles at the scene edge where their neighbours expect them (no step across the edge)', async () => {
    const cols = (p: Buffer, c1: number, q: Buffer, c2: number) => {
      let s = 0;
      let k = 0;
      for (let r = 0; r < 256; r++) {
        const i = (r * 256 + c1) * 4;
        const j = (r * 256 + c2) * 4;
        if (p[i + 3] !== 255 || q[j + 3] !== 255) continue;
        for (let c = 0; c < 3; c++) s += Math.abs(p[i + c]! - q[j + c]!);
        k += 3;
      }
      return s / Math.max(1, k);
    };
    for (const z of [20, 21, 22]) {
      // The tile holding the scene's west edge half-way down, and the one east of it.
      const x = tx(scene.west, z);
      const y = ty((scene.north + scene.south) / 2, z);
      const a = (await raw(await tile(deps, scene, z, x, y))).data;
      const b = (await raw(await tile(deps, scene, z, x + 1, y))).data;
      let within = 0;
      for (let c = 0; c < 40; c++) within += cols(b, c, b, c + 1) / 40;
      const across = cols(a, 255, b, 0);
      expect(across, `z${z}`).toBeLessThan(1.5 * within + 0.5);
    }
  });
});
