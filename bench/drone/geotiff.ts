// Writes a scene as a georeferenced GeoTIFF without holding it: strips of rows rendered into a raw
// file (ENVI header beside it), then GDAL's gdal_translate tiles it and stamps the CRS and corners.
// The labels go beside it as GeoJSON (WGS 84 points, RFC 7946).
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import proj4 from 'proj4';
import { renderWindow, thingsIn } from './render.ts';
import type { Scene } from './scene.ts';
import type { TruthCrown } from './truth.ts';

export const GSD_M = 0.05;

/** proj4 text for the CRSs the generator writes: WGS 84, CGCS2000, its 3° Gauss-Krüger zones, UTM N. */
export function projOf(epsg: number): string {
  if (epsg === 4326 || epsg === 4490) return '+proj=longlat +ellps=GRS80 +no_defs';
  if (epsg >= 4534 && epsg <= 4554)
    return `+proj=tmerc +lat_0=0 +lon_0=${(epsg - 4509) * 3} +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs`;
  if (epsg >= 32601 && epsg <= 32660) return `+proj=utm +zone=${epsg - 32600} +datum=WGS84 +units=m +no_defs`;
  throw new Error(`EPSG:${epsg} is not one the generator writes`);
}

export interface Placement {
  epsg: number;
  /** Upper-left corner, WGS 84 degrees (default inside the demo county KH2026). */
  lon: number;
  lat: number;
}

/** Geo-transform pieces: upper-left corner and pixel size in the CRS's units. */
export function georef(p: Placement) {
  if (p.epsg === 4326 || p.epsg === 4490) {
    const dx = GSD_M / (111_320 * Math.cos((p.lat * Math.PI) / 180));
    const dy = GSD_M / 110_574;
    return { ulx: p.lon, uly: p.lat, dx, dy };
  }
  const [ulx, uly] = proj4('WGS84', projOf(p.epsg), [p.lon, p.lat]) as [number, number];
  return { ulx, uly, dx: GSD_M, dy: GSD_M };
}

export function pixelToLonLat(p: Placement, x: number, y: number): [number, number] {
  const g = georef(p);
  const at: [number, number] = [g.ulx + x * g.dx, g.uly - y * g.dy];
  if (p.epsg === 4326 || p.epsg === 4490) return at;
  return proj4(projOf(p.epsg), 'WGS84', at) as [number, number];
}

export interface WriteOptions {
  placement: Placement;
  /** Rows rendered at a time (memory: ~16 B a pixel of a strip while rendering). */
  stripRows?: number;
  compress?: 'NONE' | 'DEFLATE' | 'LZW';
  /**
   * A fourth band, near-infrared (RGB+NIR, as a multispectral drone's mosaic): interleaved after
   * blue, its TIFF ExtraSamples 0 (unspecified, so no reader takes it for alpha), named "NIR".
   */
  nir?: boolean;
  onStrip?: (rowsDone: number) => void;
}

/** A strip's RGB and NIR interleaved per pixel (R, G, B, NIR). */
export function interleaveNir(rgb: Uint8Array, nir: Uint8Array): Uint8Array {
  const out = new Uint8Array(nir.length * 4);
  for (let p = 0, q = 0; p < nir.length; p++, q += 3) {
    out[p * 4] = rgb[q]!;
    out[p * 4 + 1] = rgb[q + 1]!;
    out[p * 4 + 2] = rgb[q + 2]!;
    out[p * 4 + 3] = nir[p]!;
  }
  return out;
}

export function writeGeoTiff(scene: Scene, out: string, opts: WriteOptions): void {
  const { width, height } = scene;
  const base = out.replace(/\.tiff?$/, '');
  const raw = `${base}.raw`;
  const hdr = `${base}.hdr`;
  const bands = opts.nir ? 4 : 3;
  const names = opts.nir ? 'Red, Green, Blue, NIR' : 'Red, Green, Blue';
  writeFileSync(
    hdr,
    `ENVI\nsamples = ${width}\nlines = ${height}\nbands = ${bands}\nheader offset = 0\nfile type = ENVI Standard\ndata type = 1\ninterleave = bip\nbyte order = 0\nband names = { ${names} }\n`,
  );
  const fd = openSync(raw, 'w');
  const rows = opts.stripRows ?? 256;
  try {
    for (let y = 0; y < height; y += rows) {
      const h = Math.min(rows, height - y);
      const things = thingsIn(scene, 0, y, width, h);
      const r = renderWindow(scene, 0, y, width, h, false, things);
      writeSync(fd, opts.nir ? interleaveNir(r.rgb, r.nir) : r.rgb);
      opts.onStrip?.(y + h);
    }
  } finally {
    closeSync(fd);
  }
  const g = georef(opts.placement);
  const lrx = g.ulx + width * g.dx;
  const lry = g.uly - height * g.dy;
  execFileSync(
    'gdal_translate',
    [
      '-q',
      '-of',
      'GTiff',
      '-a_srs',
      `EPSG:${opts.placement.epsg}`,
      '-a_ullr',
      String(g.ulx),
      String(g.uly),
      String(lrx),
      String(lry),
      '-co',
      'TILED=YES',
      '-co',
      'BLOCKXSIZE=512',
      '-co',
      'BLOCKYSIZE=512',
      '-co',
      `COMPRESS=${opts.compress ?? 'NONE'}`,
      '-co',
      'PHOTOMETRIC=RGB',
      // Band interpretation: the fourth band is not alpha (GDAL 3.6 has no 'nir' here; undefined
      // writes ExtraSamples 0, which the upload path reads as near-infrared).
      ...(opts.nir ? ['-colorinterp', 'red,green,blue,undefined', '-co', 'ALPHA=UNSPECIFIED'] : []),
      '-co',
      'BIGTIFF=IF_SAFER',
      raw,
      out,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  rmSync(raw, { force: true });
  rmSync(hdr, { force: true });
  rmSync(`${raw}.aux.xml`, { force: true });
}

export function truthGeoJson(truths: TruthCrown[], placement: Placement): string {
  const features = truths.map((t) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: pixelToLonLat(placement, t.x, t.y) },
    properties: {
      id: t.id,
      kind: t.kind,
      radiusM: Math.round(t.radiusM * 100) / 100,
      visible: t.visible === null ? null : Math.round(t.visible * 100) / 100,
      px: Math.round(t.x * 10) / 10,
      py: Math.round(t.y * 10) / 10,
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features }, null, 1);
}
