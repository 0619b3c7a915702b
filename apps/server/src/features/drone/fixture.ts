import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import proj4 from 'proj4';
import sharp from 'sharp';
import type { DroneOrtho, Envelope } from '@pineguard/contract';
import type { TestApp } from '../../../test/app.ts';
import { toWgs84 } from './crs.ts';

/**
 * Small georeferenced orthophotos for tests (GDAL's gdal_translate writes the GeoTIFF): grass
 * with green crowns and red-brown dead crowns at known positions.
 */
export type OrthoFixture = {
  epsg?: number;
  /** WGS 84 of the top-left corner. */
  lng: number;
  lat: number;
  size?: number;
  gsd?: number;
  /** Dead crowns: pixel centre and radius in pixels. */
  dead?: { x: number; y: number; r: number }[];
  /** Extra gdal_translate creation options, e.g. ['-co', 'TILED=YES']. */
  options?: string[];
  bands?: 3 | 4;
};

export async function makeOrtho(f: OrthoFixture): Promise<Buffer> {
  const size = f.size ?? 400;
  const gsd = f.gsd ?? 0.05;
  const epsg = f.epsg ?? 32650;
  const dead = f.dead ?? [];
  const circles = [
    ...[...Array(6).keys()].map(
      (i) => `<circle cx="${40 + i * 60}" cy="${size - 50}" r="22" fill="rgb(40,${100 + i * 8},45)"/>`,
    ),
    ...dead.map((d) => `<circle cx="${d.x}" cy="${d.y}" r="${d.r}" fill="rgb(150,78,40)"/>`),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="rgb(78,120,52)"/>${circles}</svg>`;
  let img = sharp(Buffer.from(svg)).removeAlpha();
  if (f.bands === 4) img = img.ensureAlpha();
  const png = await img.png().toBuffer();
  const dir = mkdtempSync(join(tmpdir(), 'ortho-'));
  try {
    writeFileSync(join(dir, 'in.png'), png);
    let ulx = f.lng;
    let uly = f.lat;
    let step = gsd;
    if (epsg === 3857) [ulx, uly] = proj4('EPSG:4326', 'EPSG:3857', [f.lng, f.lat]) as [number, number];
    else if (epsg !== 4326 && epsg !== 4490) [ulx, uly] = toWgs84(epsg).inverse([f.lng, f.lat]);
    else step = gsd / 111_320;
    const ullr = [ulx, uly, ulx + size * step, uly - size * step].map(String);
    execFileSync('gdal_translate', [
      '-q',
      '-of',
      'GTiff',
      '-a_srs',
      `EPSG:${epsg}`,
      '-a_ullr',
      ...ullr,
      ...(f.options ?? []),
      join(dir, 'in.png'),
      join(dir, 'out.tif'),
    ]);
    return readFileSync(join(dir, 'out.tif'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** KH-BD01's outline for the tests' scenes near 118.3° E, 29.2° N (a closed ring, lng/lat). */
export const sceneSectionRing = [
  [118.29, 29.19],
  [118.31, 29.19],
  [118.31, 29.21],
  [118.29, 29.21],
  [118.29, 29.19],
];

/**
 * A scene from the detector's generator (bench/drone: crowns with shade and texture, grass, soil,
 * roads, autumn broadleaves) written as a GeoTIFF, with its dead crowns' pixel centres.
 */
export async function makeSceneOrtho(f: {
  seed: number;
  size: number;
  lng: number;
  lat: number;
  epsg?: number;
}) {
  const { makeScene, evalSettings } = await import('../../../../../bench/drone/scene.ts');
  const { writeGeoTiff } = await import('../../../../../bench/drone/geotiff.ts');
  const { truthOf } = await import('../../../../../bench/drone/truth.ts');
  const scene = makeScene('mixed', f.seed, f.size, f.size, evalSettings('mixed', f.seed));
  const dir = mkdtempSync(join(tmpdir(), 'scene-'));
  try {
    const out = join(dir, 'scene.tif');
    writeGeoTiff(scene, out, { placement: { epsg: f.epsg ?? 32650, lon: f.lng, lat: f.lat } });
    return { bytes: readFileSync(out), dead: truthOf(scene, null).map((c) => ({ x: c.x, y: c.y })) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Uploads a file as the web client does (start, every part as raw bytes, complete), as `token`.
 * Stops at the first part the server refuses and answers its envelope (a refused part 0 removes
 * the upload); otherwise answers complete's. `partSize` cuts the file differently from what the
 * server declared (a wrong-size part). Throws when a part's HTTP status is not 200 (never a 5xx).
 */
export async function uploadOrtho(
  t: TestApp,
  token: string,
  bytes: Buffer,
  opts: { name?: string; partSize?: number } = {},
): Promise<{ id: string; res: Envelope<DroneOrtho> }> {
  const start = await t.api<DroneOrtho>('POST', '/api/drone/orthophotos', {
    token,
    body: { name: opts.name ?? 'scene.tif', size: bytes.length },
  });
  if (start.code !== 0) throw new Error(`start refused: ${start.message}`);
  const { id } = start.value;
  const ps = opts.partSize ?? start.value.partSize;
  for (let n = 0; n < start.value.partCount; n++) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/drone/orthophotos/${id}/parts/${n}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: bytes.subarray(n * ps, (n + 1) * ps),
    });
    if (res.statusCode !== 200) throw new Error(`part ${n}: HTTP ${res.statusCode} ${res.body}`);
    const body = res.json() as Envelope<DroneOrtho>;
    if (body.code !== 0) return { id, res: body };
  }
  const done = await t.api<DroneOrtho>('POST', `/api/drone/orthophotos/${id}/complete`, { token });
  return { id, res: done };
}
