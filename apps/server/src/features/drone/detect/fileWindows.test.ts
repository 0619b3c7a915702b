import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeoTiff } from '../../../../../../bench/drone/geotiff.ts';
import { evalSettings, makeScene } from '../../../../../../bench/drone/scene.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { localStorage } from '../../../platform/storage/local.ts';
import { localFileSource } from '../fileSource.ts';
import { partKey } from '../partSource.ts';
import { forgetOrtho, openOrtho, readRgb } from '../raster.ts';
import type { OrthoRow } from '../upload.ts';
import { closeFileSource, openFileSource, readFileWindow } from './fileWindows.ts';
import { detectScene } from './scene.ts';

/**
 * The detection workers read windows from the stored parts themselves (issue 32: the server's
 * thread no longer carries the pixels). They must see exactly what the server's reader sees, for
 * every layout the row copier takes: tiled or striped, uncompressed, Deflate, LZW with a
 * predictor, RGB+NIR, and blocks that straddle two parts.
 */
const dir = fs.mkdtempSync(join(tmpdir(), 'filewin-'));
const root = join(dir, 'store');
const storage = localStorage(root);
const deps = { storage, config: { storage: { driver: 'local', root } } } as unknown as AppDeps;
const io = { fs, require: createRequire(import.meta.url) };
// Small parts, so that blocks straddle them.
const PART = 100_000;

function file(name: string, nir: boolean, recode?: string[]): string {
  const scene = makeScene('mixed', 7, 1100, 900, evalSettings('mixed', 7));
  const out = join(dir, `${name}.tif`);
  writeGeoTiff(scene, out, { placement: { epsg: 4549, lon: 118.3, lat: 29.2 }, nir });
  if (!recode) return out;
  const again = join(dir, `${name}-re.tif`);
  execFileSync('gdal_translate', ['-q', ...recode, out, again]);
  return again;
}

async function store(path: string, id: string, nir: boolean): Promise<OrthoRow> {
  const bytes = fs.readFileSync(path);
  const row = {
    id,
    projectCode: 'T',
    size: bytes.length,
    partSize: PART,
    partCount: Math.ceil(bytes.length / PART),
    bands: nir ? 4 : 3,
    hasNir: nir ? 1 : 0,
  } as OrthoRow;
  for (let n = 0; n < row.partCount; n++)
    await storage.put(
      partKey('T', id, n),
      Readable.from([bytes.subarray(n * PART, (n + 1) * PART)]),
      'application/octet-stream',
    );
  return row;
}

const windows = [
  { x: 0, y: 0, w: 600, h: 500 },
  { x: 490, y: 300, w: 610, h: 600 },
  { x: 1000, y: 850, w: 100, h: 50 },
];

const layouts: [string, boolean, string[] | undefined][] = [
  ['tiled, uncompressed', false, undefined],
  ['tiled, Deflate', false, ['-co', 'TILED=YES', '-co', 'COMPRESS=DEFLATE']],
  [
    'striped, LZW with predictor',
    false,
    ['-co', 'COMPRESS=LZW', '-co', 'PREDICTOR=2', '-co', 'BLOCKYSIZE=37'],
  ],
  ['striped, uncompressed', false, ['-co', 'BLOCKYSIZE=64']],
  ['RGB+NIR, tiled', true, undefined],
];

describe('windows read from the stored parts in a worker', () => {
  const rows = new Map<string, OrthoRow>();
  beforeAll(async () => {
    let i = 0;
    for (const [name, nir, recode] of layouts) {
      const id = `00000000-0000-4000-8000-00000000f0${String(i++).padStart(2, '0')}`;
      rows.set(name, await store(file(`f${i}`, nir, recode), id, nir));
    }
  }, 120_000);
  afterAll(() => {
    for (const row of rows.values()) forgetOrtho(row.id);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(layouts.map(([name]) => name))('%s: the same pixels as the server reader', async (name) => {
    const row = rows.get(name)!;
    const image = (await openOrtho(deps, row)).levels[0]!;
    const src = await localFileSource(deps, row, image);
    expect(src).not.toBeNull();
    const st = openFileSource(src!);
    try {
      for (const win of windows) {
        const here = await readRgb(row, image, win, { nir: true, deps, cache: false });
        const there = await readFileWindow(io, st, win);
        expect(there.channels).toBe(here.channels);
        expect(Buffer.from(there.data).equals(Buffer.from(here.data)), `${name} ${JSON.stringify(win)}`).toBe(
          true,
        );
        expect(Boolean(there.nir)).toBe(row.hasNir === 1);
        if (here.nir) expect(Buffer.from(there.nir!).equals(Buffer.from(here.nir))).toBe(true);
      }
    } finally {
      closeFileSource(io, st);
    }
  });

  it('a scene detected by workers reading the file finds what it finds from windows read here', async () => {
    const row = rows.get('tiled, uncompressed')!;
    const image = (await openOrtho(deps, row)).levels[0]!;
    const file = (await localFileSource(deps, row, image))!;
    let readHere = 0;
    const base = {
      width: 1100,
      height: 900,
      groundResolutionM: 0.05,
      tileSize: 512,
      workers: 2,
      readWindow: async (x: number, y: number, w: number, h: number) => {
        readHere++;
        const r = await readRgb(row, image, { x, y, w, h }, { deps, cache: false });
        return { data: r.data, width: w, height: h, channels: r.channels };
      },
    };
    const fromHere = await detectScene(base);
    const before = readHere;
    const fromFile = await detectScene({ ...base, file });
    expect(readHere).toBe(before);
    expect(fromFile.threshold).toBe(fromHere.threshold);
    expect(fromFile.candidates).toEqual(fromHere.candidates);
    expect(fromHere.candidates.length).toBeGreaterThan(0);
  }, 60_000);

  it('is not used when the parts are not files of this disk, or not the sizes the row says', async () => {
    const row = rows.get('tiled, uncompressed')!;
    const image = (await openOrtho(deps, row)).levels[0]!;
    const elsewhere = {
      ...deps,
      storage: { ...storage, localPath: (key: string) => join(dir, 'other', key) },
    };
    expect(await localFileSource(elsewhere as AppDeps, row, image)).toBeNull();
    const s3 = { ...deps, storage: { ...storage, driver: 's3', localPath: undefined } };
    expect(await localFileSource(s3 as AppDeps, row, image)).toBeNull();
  });
});
