import { candidateRows, type DroneCandidateColumns, type DroneOrtho } from '@pineguard/contract';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeoTiff } from '../../../../../../bench/drone/geotiff.ts';
import { defaultSettings, type Crown, type Scene } from '../../../../../../bench/drone/scene.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { signInTo } from '../../../../test/records.ts';
import { runDueJobs } from '../../../platform/jobs.ts';
import { uploadOrtho } from '../fixture.ts';

/**
 * The near-infrared band from a real file, end to end (issue 32): the generator's 4-band GeoTIFF
 * (RGB+NIR, gdal_translate) uploaded in parts, its header read as NIR (not alpha), the detection
 * job reading the band through the server's raster path and the detector using it. Four crowns
 * of the same red-brown colour and needle texture; two reflect near-infrared like living leaves
 * (an autumn broadleaf of a dead pine's colour), two do not (dead needles). From RGB alone the
 * four look alike; with the band only the two dead ones are candidates.
 */
const deadColour: [number, number, number] = [152, 88, 58];
const crowns: [number, number, 'deadRed' | 'broadRed'][] = [
  [150, 150, 'deadRed'],
  [450, 150, 'broadRed'],
  [150, 450, 'broadRed'],
  [450, 450, 'deadRed'],
];

function lookAlikes(): Scene {
  const things: Crown[] = crowns.map(([cx, cy, material], i) => ({
    type: 'crown',
    id: i + 1,
    material,
    cx,
    cy,
    r: 44,
    rgb: deadColour,
    lobes: [],
  }));
  return {
    kind: 'mixed',
    seed: 5,
    width: 600,
    height: 600,
    settings: defaultSettings('mixed'),
    things,
    dead: things.filter((t) => t.material === 'deadRed').map((t) => t.id),
  };
}

function geoTiff(nir: boolean): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'nir-'));
  try {
    const out = join(dir, 'scene.tif');
    writeGeoTiff(lookAlikes(), out, { placement: { epsg: 4549, lon: 118.3, lat: 29.2 }, nir });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a 4-band (RGB+NIR) orthophoto through upload, job and detector', () => {
  let t: TestApp;
  let admin: string;

  const uploadAndDetect = async (bytes: Buffer, name: string) => {
    const { id, res: done } = await uploadOrtho(t, admin, bytes, { name });
    expect(done.code, done.message).toBe(0);
    const queued = await t.api<DroneOrtho>('POST', `/api/drone/orthophotos/${id}/detect`, { token: admin });
    expect(queued.code, queued.message).toBe(0);
    while ((await runDueJobs(t.deps)) > 0);
    const after = await t.api<DroneOrtho>('GET', `/api/drone/orthophotos/${id}`, { token: admin });
    expect(after.value.detectState, after.value.detectMessage).toBe('done');
    const cands = await t.api<DroneCandidateColumns>(
      'GET',
      `/api/drone/orthophotos/${id}/candidates?minScore=0.5`,
      { token: admin },
    );
    expect(cands.code, cands.message).toBe(0);
    // At the slider's default cut-off, as the map shows them.
    const shown = candidateRows(cands.value);
    const on = (kind: string) =>
      crowns.filter(([x, y, m]) => m === kind && shown.some((c) => Math.hypot(c.px - x, c.py - y) <= 40))
        .length;
    return { ortho: done.value, shown, dead: on('deadRed'), living: on('broadRed') };
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    // The demo seed takes long on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  it('reads the fourth band as near-infrared and drops the crowns that reflect it', async () => {
    const four = await uploadAndDetect(geoTiff(true), 'rgbn.tif');
    expect(four.ortho).toMatchObject({ bands: 4, hasNir: true, width: 600, height: 600, epsg: 4549 });
    expect(four.dead, JSON.stringify(four.shown)).toBe(2);
    expect(four.living, JSON.stringify(four.shown)).toBe(0);
    expect(four.shown).toHaveLength(2);
  }, 120_000);

  it('from the same scene without the band, all four look dead (the band made the difference)', async () => {
    const three = await uploadAndDetect(geoTiff(false), 'rgb.tif');
    expect(three.ortho).toMatchObject({ bands: 3, hasNir: false });
    expect(three.dead, JSON.stringify(three.shown)).toBe(2);
    expect(three.living, JSON.stringify(three.shown)).toBe(2);
  }, 120_000);
});
