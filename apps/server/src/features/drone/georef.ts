import { ErrorCode } from '@pineguard/contract';
import { GeoTIFF, type GeoTIFFImage } from 'geotiff';
import { AppError } from '../../platform/errors.ts';
import { countyBox } from '../../platform/geo/countyBounds.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { isGeographic, projDef, toWgs84 } from './crs.ts';
import { type PartLayout, partSource, readRange } from './partSource.ts';

/** What an accepted orthophoto's header says (stored on its row). */
export type Georef = {
  width: number;
  height: number;
  bands: number;
  hasNir: boolean;
  epsg: number;
  transform: [number, number, number, number];
  bounds: { west: number; south: number; east: number; north: number };
  gsd: number;
};

const refuse = (key: Parameters<typeof badInput>[0], params: Record<string, string | number>) =>
  badInput(key, params);
function badInput(
  key:
    | 'droneNotTiff'
    | 'droneUnreadable'
    | 'droneNoGeoreference'
    | 'droneUnsupportedCrs'
    | 'droneUnsupportedBands'
    | 'droneTruncated'
    | 'droneNoData'
    | 'droneOutsideCounty',
  params: Record<string, string | number>,
) {
  return new AppError(ErrorCode.validation, key, params, { field: 'file', reason: key });
}

/** The first bytes are a TIFF's or BigTIFF's byte order and magic number (II*\0, MM\0*, II+\0, MM\0+). */
export function looksLikeTiff(head: Uint8Array): boolean {
  const s = String.fromCharCode(...head.subarray(0, 4));
  return ['II*\0', 'MM\0*', 'II+\0', 'MM\0+'].includes(s);
}

const shown = (head: Uint8Array) =>
  [...head.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ') || '(empty)';

/** Opens a stored orthophoto with geotiff.js through its parts. */
export async function openTiff(storage: Storage, layout: PartLayout): Promise<GeoTIFF> {
  return GeoTIFF.fromSource(partSource(storage, layout) as never);
}

/**
 * Reads and checks the header of a fully received upload: a TIFF, 8-bit unsigned RGB/RGBA
 * (+NIR) bands, a north-up geo-transform in a supported CRS, image data present and inside the
 * file, the scene inside the project's county. Any failure is a validation error naming what
 * was found; nothing is decoded beyond the header and the offset tables.
 */
export async function readGeoref(storage: Storage, layout: PartLayout, areaCode: string): Promise<Georef> {
  const head = await readRange(storage, layout, 0, 16);
  if (!looksLikeTiff(head)) throw refuse('droneNotTiff', { found: shown(head) });
  let tiff: GeoTIFF;
  let image: GeoTIFFImage;
  try {
    tiff = await openTiff(storage, layout);
    image = await tiff.getImage(0);
  } catch (error) {
    throw refuse('droneUnreadable', { found: String((error as Error).message ?? error).slice(0, 200) });
  }
  const bands = checkBands(image);
  const epsg = crsOf(image);
  const transform = transformOf(image);
  await checkData(image, layout.size);
  const [ox, rx, oy, ry] = transform;
  const w = image.getWidth();
  const h = image.getHeight();
  const conv = toWgs84(epsg);
  const corners = [
    [ox, oy],
    [ox + rx * w, oy],
    [ox, oy + ry * h],
    [ox + rx * w, oy + ry * h],
  ].map((p) => conv.forward(p as [number, number]));
  const lngs = corners.map((c) => c[0]);
  const lats = corners.map((c) => c[1]);
  const bounds = {
    west: Math.min(...lngs),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    north: Math.max(...lats),
  };
  if (!lngs.concat(lats).every(Number.isFinite) || bounds.south < -90 || bounds.north > 90) {
    throw refuse('droneNoGeoreference', { found: 'geo-transform out of range' });
  }
  const box = countyBox(areaCode);
  if (
    box &&
    (bounds.east < box[0] || bounds.west > box[2] || bounds.north < box[1] || bounds.south > box[3])
  ) {
    const f = (n: number) => n.toFixed(4);
    throw refuse('droneOutsideCounty', {
      found: `${f(bounds.west)},${f(bounds.south)} – ${f(bounds.east)},${f(bounds.north)}`,
    });
  }
  const gsd = isGeographic(epsg)
    ? Math.abs(rx) * 111_320 * Math.cos(((bounds.south + bounds.north) / 2) * (Math.PI / 180))
    : Math.abs(rx);
  return { width: w, height: h, bands: bands.count, hasNir: bands.nir, epsg, transform, bounds, gsd };
}

function checkBands(image: GeoTIFFImage): { count: number; nir: boolean } {
  const count = image.getSamplesPerPixel();
  const dir = image.getFileDirectory();
  const bits = [...Array(count).keys()].map((i) => image.getBitsPerSample(i));
  const format = image.getSampleFormat(0);
  if (bits.some((b) => b !== 8) || format !== 1) {
    const kind = format === 3 ? 'float' : format === 2 ? 'signed' : 'unsigned';
    throw refuse('droneUnsupportedBands', { found: `${count} × ${bits[0]}-bit ${kind}` });
  }
  const photometric = Number(dir.getValue('PhotometricInterpretation') ?? 2);
  if (count < 3 || count > 5 || (photometric !== 2 && photometric !== 1)) {
    throw refuse('droneUnsupportedBands', { found: `${count} band(s), photometric ${photometric}` });
  }
  // geotiff.js gives ExtraSamples as a typed array (Uint16Array), not an Array.
  const extra = dir.getValue('ExtraSamples') as ArrayLike<number> | number | undefined;
  const extras = extra === undefined ? [] : typeof extra === 'number' ? [extra] : Array.from(extra);
  // A fourth band marked as alpha (1 or 2) is transparency; an unspecified one (0) is near-infrared.
  const nir = count === 5 || (count === 4 && extras[0] === 0);
  return { count, nir };
}

function crsOf(image: GeoTIFFImage): number {
  const keys = image.getGeoKeys();
  if (!keys) throw refuse('droneNoGeoreference', { found: 'GeoKeyDirectory' });
  const projected = Number(keys.ProjectedCSTypeGeoKey ?? 0);
  const geographic = Number(keys.GeographicTypeGeoKey ?? 0);
  const model = Number(keys.GTModelTypeGeoKey ?? 0);
  const epsg = model === 2 || (!projected && geographic) ? geographic : projected;
  if (!epsg || epsg === 32767) {
    throw refuse('droneUnsupportedCrs', { found: epsg === 32767 ? 'user-defined (32767)' : 'none' });
  }
  if (!projDef(epsg)) throw refuse('droneUnsupportedCrs', { found: `EPSG:${epsg}` });
  return epsg;
}

function transformOf(image: GeoTIFFImage): [number, number, number, number] {
  try {
    const [ox, oy] = image.getOrigin();
    const [rx, ry] = image.getResolution();
    if (![ox, oy, rx, ry].every((n) => Number.isFinite(n)) || !rx || !ry) throw new Error('empty');
    return [ox!, rx!, oy!, ry!];
  } catch {
    throw refuse('droneNoGeoreference', { found: 'ModelTiepoint / ModelPixelScale' });
  }
}

/** Every tile or strip lies inside the file, and there is some image data at all. */
async function checkData(image: GeoTIFFImage, size: number) {
  const dir = image.getFileDirectory();
  const tiled = dir.hasTag('TileOffsets');
  const offsets = (await dir.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as
    ArrayLike<number> | number | undefined;
  const counts = (await dir.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as
    ArrayLike<number> | number | undefined;
  const list = (v: ArrayLike<number> | number | undefined) =>
    v === undefined ? [] : typeof v === 'number' ? [v] : v;
  const o = list(offsets);
  const c = list(counts);
  let need = 0;
  let data = 0;
  for (let i = 0; i < o.length; i++) {
    const n = Number(c[i] ?? 0);
    data += n;
    if (n > 0) need = Math.max(need, Number(o[i]) + n);
  }
  if (data === 0) throw refuse('droneNoData', { width: image.getWidth(), height: image.getHeight() });
  if (need > size) throw refuse('droneTruncated', { need, size });
}
