// Synthetic drone orthophoto + labels (issue 32).
//   npx tsx bench/drone/gen.ts --kind mixed --seed 101 --size 2000 --epsg 4548 --out /tmp/o.tif
//   (--eval: the evaluation settings drawn from the seed; --lon/--lat: upper-left corner;
//    --nir: a fourth band, near-infrared (RGB+NIR, ExtraSamples 0 = not alpha);
//    --compress DEFLATE; --size 20000 for the 100 ha bench scene, written strip by strip)
// Writes <out> (GeoTIFF, tiled 512², 8-bit RGB or RGB+NIR) and <out>.truth.geojson (dead crowns, WGS 84).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { truthGeoJson, writeGeoTiff, type WriteOptions } from './geotiff.ts';
import { renderWindow } from './render.ts';
import { SCENE_KINDS, evalSettings, makeScene, type SceneKind } from './scene.ts';
import { truthOf } from './truth.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string', default: 'mixed' },
    seed: { type: 'string', default: '1' },
    size: { type: 'string', default: '2000' },
    epsg: { type: 'string', default: '4548' },
    lon: { type: 'string', default: '118.40' },
    lat: { type: 'string', default: '29.20' },
    compress: { type: 'string', default: 'NONE' },
    eval: { type: 'boolean', default: false },
    nir: { type: 'boolean', default: false },
    out: { type: 'string', default: '/tmp/pineguard-ortho.tif' },
  },
});
const kind = values.kind as SceneKind;
if (!SCENE_KINDS.includes(kind)) throw new Error(`--kind: one of ${SCENE_KINDS.join(', ')}`);
const seed = Number(values.seed);
const size = Number(values.size);
const scene = makeScene(kind, seed, size, size, values.eval ? evalSettings(kind, seed) : undefined);
const placement = { epsg: Number(values.epsg), lon: Number(values.lon), lat: Number(values.lat) };
const started = Date.now();
writeGeoTiff(scene, values.out, {
  placement,
  compress: values.compress as WriteOptions['compress'],
  nir: values.nir,
  onStrip: (rows) => {
    if (size > 4000 && rows % 2560 === 0)
      console.log(`rows ${rows}/${size} ${Math.round((Date.now() - started) / 1000)} s`);
  },
});
// Visibility needs the whole owner map: measured for scenes up to 4,000 px a side.
const owner = size <= 4000 ? renderWindow(scene, 0, 0, size, size, true).owner : null;
writeFileSync(`${values.out}.truth.geojson`, truthGeoJson(truthOf(scene, owner), placement));
console.log(
  `${values.out}: ${kind} seed ${seed}, ${size}², EPSG:${placement.epsg}, ${scene.dead.length} dead crowns, ${Math.round((Date.now() - started) / 1000)} s`,
);
