// The bench and e2e programs import this file without apps/server/src in their includes.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./shpjs.d.ts" />
import { inflateRawSync } from 'node:zlib';
import { boundaryLimits, type MessageKey } from '@pineguard/contract';
import { lazy } from '../../platform/lazy.ts';
import { AppError } from '../../platform/errors.ts';
import { ErrorCode } from '@pineguard/contract';

/**
 * Reading a section-boundary file: a shapefile ZIP (.shp with its .dbf, .prj and maybe .cpg) or
 * GeoJSON, into WGS 84 MultiPolygon coordinates per feature. No I/O and no SQL: the service
 * decides which section each feature goes to. Every refusal names the file's problem in words
 * GIS staff use (docs/decisions/0164-boundary-reading.md).
 */

export type BoundaryFeature = {
  index: number;
  properties: Record<string, string>;
  polygons: number[][][][];
  vertices: number;
};

export type BoundaryFile = {
  format: 'shapefile' | 'geojson';
  crs: string;
  fields: string[];
  features: BoundaryFeature[];
  bbox: [number, number, number, number];
};

const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.validation, key, params);

const maxFields = 20;

/** Reads and checks the file; `countyBox` ([w, s, e, n]) is where every feature must lie, when known. */
export async function readBoundaryFile(
  fileName: string,
  bytes: Buffer,
  countyBox: [number, number, number, number] | undefined,
  countyName: string,
): Promise<BoundaryFile> {
  if (bytes.length > boundaryLimits.maxBytes) {
    throw refuse('boundaryTooBig', { what: '文件大小', count: bytes.length, max: boundaryLimits.maxBytes });
  }
  const lower = fileName.toLowerCase();
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  let read: Omit<BoundaryFile, 'bbox'>;
  if (isZip) read = await readShapefileZip(fileName, bytes);
  else if (
    /\.(geo)?json$/.test(lower) ||
    bytes.subarray(0, 64).toString('utf8').trimStart().startsWith('{')
  ) {
    read = readGeoJson(fileName, bytes);
  } else throw refuse('boundaryFileType', { file: fileName });
  if (read.features.length === 0) throw refuse('boundaryEmpty', { file: fileName });
  const total = read.features.reduce((n, f) => n + f.vertices, 0);
  if (total > boundaryLimits.maxVertices) {
    throw refuse('boundaryTooBig', { what: '顶点数', count: total, max: boundaryLimits.maxVertices });
  }
  const bbox: [number, number, number, number] = [180, 90, -180, -90];
  for (const feature of read.features) {
    const box = boxOf(feature.polygons);
    const [x, y] = [box[0], box[1]];
    if (box[0] < -180 || box[2] > 180 || box[1] < -90 || box[3] > 90) {
      throw refuse('boundaryNotLngLat', { index: feature.index, x: round(x), y: round(y) });
    }
    if (countyBox && !within(box, countyBox, countyTolerance)) {
      throw refuse('boundaryOutsideCounty', { index: feature.index, county: countyName });
    }
    bbox[0] = Math.min(bbox[0], box[0]);
    bbox[1] = Math.min(bbox[1], box[1]);
    bbox[2] = Math.max(bbox[2], box[2]);
    bbox[3] = Math.max(bbox[3], box[3]);
  }
  return { ...read, bbox };
}

/** Degrees a boundary may reach past the county's box (about 1 km: lines drawn along the county border). */
const countyTolerance = 0.01;

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function within(box: number[], outer: number[], tolerance: number) {
  return (
    box[0]! >= outer[0]! - tolerance &&
    box[1]! >= outer[1]! - tolerance &&
    box[2]! <= outer[2]! + tolerance &&
    box[3]! <= outer[3]! + tolerance
  );
}

function boxOf(polygons: number[][][][]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const [x, y] of ring) {
        box[0] = Math.min(box[0], x!);
        box[1] = Math.min(box[1], y!);
        box[2] = Math.max(box[2], x!);
        box[3] = Math.max(box[3], y!);
      }
    }
  }
  return box;
}

// ---------------------------------------------------------------- shapefile ZIP

const wanted = /\.(shp|dbf|prj|cpg)$/i;

/** The shapefile readers (~15 MB resident), loaded by the first boundary import. */
const loadReaders = lazy(async () => {
  const [unzip, proj, shp] = await Promise.all([import('but-unzip'), import('proj4'), import('shpjs')]);
  return { iter: unzip.iter, proj4: proj.default, parseDbf: shp.parseDbf, parseShp: shp.parseShp };
});

async function readShapefileZip(fileName: string, bytes: Buffer): Promise<Omit<BoundaryFile, 'bbox'>> {
  const { iter, proj4, parseDbf, parseShp } = await loadReaders();
  const entries = new Map<string, Uint8Array>();
  const names: string[] = [];
  let unpacked = 0;
  // Inflating with a ceiling: a small ZIP cannot unpack into gigabytes (a "zip bomb").
  const inflate = (raw: Uint8Array) => {
    const left = boundaryLimits.maxUnpackedBytes - unpacked;
    try {
      return new Uint8Array(inflateRawSync(raw, { maxOutputLength: Math.max(1, left) }));
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw refuse('boundaryTooBig', {
          what: '解压后大小',
          count: `> ${boundaryLimits.maxUnpackedBytes}`,
          max: boundaryLimits.maxUnpackedBytes,
        });
      }
      throw error;
    }
  };
  try {
    for (const entry of iter(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), inflate)) {
      if (entry.filename.includes('__MACOSX') || entry.filename.endsWith('/')) continue;
      names.push(entry.filename);
      if (!wanted.test(entry.filename)) continue;
      const data = await entry.read();
      unpacked += data.length;
      if (unpacked > boundaryLimits.maxUnpackedBytes) {
        throw refuse('boundaryTooBig', {
          what: '解压后大小',
          count: unpacked,
          max: boundaryLimits.maxUnpackedBytes,
        });
      }
      entries.set(entry.filename.toLowerCase(), data);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('boundaryFileUnreadable', { file: fileName, reason: 'ZIP' });
  }
  const layers = [...entries.keys()].filter((n) => n.endsWith('.shp')).map((n) => n.slice(0, -4));
  if (layers.length === 0) {
    throw refuse('boundaryNoShp', { file: fileName, names: names.slice(0, 10).join('、') || '—' });
  }
  if (layers.length > 1) throw refuse('boundaryManyLayers', { names: layers.join('、') });
  const layer = layers[0]!;
  const label = layer.split('/').pop()!;
  const shp = entries.get(`${layer}.shp`)!;
  const dbf = entries.get(`${layer}.dbf`);
  const prjText = entries.has(`${layer}.prj`) ? new TextDecoder().decode(entries.get(`${layer}.prj`)) : null;
  let crs = 'WGS 84（无 .prj，按经纬度读取）';
  if (prjText) {
    try {
      proj4(prjText);
    } catch {
      throw refuse('boundaryBadPrj', { name: label });
    }
    crs = /^\s*\w+\["([^"]+)"/.exec(prjText)?.[1] ?? 'PRJ';
  }
  let geometries: ({ type: string; coordinates: unknown } | null)[];
  let rows: Record<string, unknown>[] = [];
  try {
    geometries = parseShp(shp, prjText ?? undefined) as typeof geometries;
    if (dbf) rows = parseDbf(dbf, dbfEncoding(dbf, entries.get(`${layer}.cpg`))) as typeof rows;
  } catch {
    throw refuse('boundaryFileUnreadable', { file: fileName, reason: `${label}.shp` });
  }
  if (geometries.length > boundaryLimits.maxFeatures) {
    throw refuse('boundaryTooBig', {
      what: '要素数',
      count: geometries.length,
      max: boundaryLimits.maxFeatures,
    });
  }
  const features = geometries.map((geometry, i) => toFeature(i + 1, geometry, rows[i] ?? {}));
  if (!prjText) {
    // Without a .prj only longitude/latitude can be read; projected metres cannot be placed.
    const projected = features.find((f) =>
      f.polygons.flat(2).some(([x, y]) => Math.abs(x!) > 180 || Math.abs(y!) > 90),
    );
    if (projected) throw refuse('boundaryNoPrj', { name: label });
  }
  return { format: 'shapefile', crs, fields: fieldsOf(features), features };
}

/** The .cpg's encoding; without one, UTF-8 when the table reads as UTF-8, else GBK (older Chinese exports). */
function dbfEncoding(dbf: Uint8Array, cpg: Uint8Array | undefined): string {
  if (cpg) return new TextDecoder().decode(cpg).trim() || 'UTF-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(dbf);
    return 'UTF-8';
  } catch {
    return 'gbk';
  }
}

// ---------------------------------------------------------------- GeoJSON

const lngLatCrs = /(CRS84|EPSG:+4326|EPSG:+4490)$/i;

function readGeoJson(fileName: string, bytes: Buffer): Omit<BoundaryFile, 'bbox'> {
  let doc: {
    type?: string;
    crs?: { properties?: { name?: string } };
    features?: unknown[];
    geometry?: unknown;
    properties?: unknown;
    coordinates?: unknown;
  };
  try {
    doc = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw refuse('boundaryFileUnreadable', { file: fileName, reason: 'JSON' });
  }
  if (!doc || typeof doc !== 'object') throw refuse('boundaryFileType', { file: fileName });
  const crsName = doc.crs?.properties?.name;
  if (crsName && !lngLatCrs.test(crsName)) throw refuse('boundaryCrsUnsupported', { crs: crsName });
  let items: { geometry?: unknown; properties?: unknown }[];
  if (doc.type === 'FeatureCollection' && Array.isArray(doc.features)) items = doc.features as typeof items;
  else if (doc.type === 'Feature') items = [doc];
  else if (doc.type === 'Polygon' || doc.type === 'MultiPolygon') items = [{ geometry: doc, properties: {} }];
  else throw refuse('boundaryFileType', { file: fileName });
  if (items.length > boundaryLimits.maxFeatures) {
    throw refuse('boundaryTooBig', { what: '要素数', count: items.length, max: boundaryLimits.maxFeatures });
  }
  const features = items.map((item, i) =>
    toFeature(
      i + 1,
      (item?.geometry ?? null) as { type: string; coordinates: unknown } | null,
      (item?.properties && typeof item.properties === 'object' ? item.properties : {}) as Record<
        string,
        unknown
      >,
    ),
  );
  return { format: 'geojson', crs: crsName ?? 'WGS 84', fields: fieldsOf(features), features };
}

// ---------------------------------------------------------------- shared checks

const typeNames: Record<string, string> = {
  Point: '点（Point）',
  MultiPoint: '点（MultiPoint）',
  LineString: '线（LineString）',
  MultiLineString: '线（MultiLineString）',
  GeometryCollection: '几何集合（GeometryCollection）',
};

function toFeature(
  index: number,
  geometry: { type: string; coordinates: unknown } | null,
  properties: Record<string, unknown>,
): BoundaryFeature {
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
    const type = geometry ? (typeNames[geometry.type] ?? geometry.type) : '空几何';
    throw refuse('boundaryNotPolygon', { index, type });
  }
  const raw = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[];
  let vertices = 0;
  const polygons = raw.map((polygon) => {
    if (!Array.isArray(polygon) || polygon.length === 0) throw refuse('boundaryBadRing', { index });
    return polygon.map((ring: unknown) => {
      if (!Array.isArray(ring)) throw refuse('boundaryBadRing', { index });
      const positions = ring.map((p: unknown) => {
        if (!Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
          throw refuse('boundaryBadRing', { index });
        }
        return [round(p[0] as number), round(p[1] as number)];
      });
      const first = positions[0];
      const last = positions[positions.length - 1];
      // Close an open ring (GeoJSON written by hand); a ring needs three distinct positions.
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push([...first]);
      if (positions.length < 4) throw refuse('boundaryBadRing', { index });
      vertices += positions.length;
      return positions;
    });
  });
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties).slice(0, maxFields)) {
    text[key] = value === null || value === undefined ? '' : String(value).trim().slice(0, 200);
  }
  return { index, properties: text, polygons, vertices };
}

function fieldsOf(features: BoundaryFeature[]): string[] {
  const fields = new Set<string>();
  for (const f of features) for (const key of Object.keys(f.properties)) fields.add(key);
  return [...fields].slice(0, maxFields);
}
