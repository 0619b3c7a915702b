import proj4 from 'proj4';

/**
 * The coordinate systems an orthophoto may come in (issue 32): WGS 84 and CGCS2000 geographic,
 * CGCS2000 3-degree Gauss-Krüger zones without the zone prefix (EPSG:4534–4554, central meridians
 * 75°E–135°E) and WGS 84 / UTM north zones (EPSG:32601–32660). Anything else is refused by name.
 */
export function projDef(epsg: number): string | undefined {
  if (epsg === 4326) return '+proj=longlat +datum=WGS84 +no_defs';
  // CGCS2000 and WGS 84 differ by centimetres: the GRS80 ellipsoid without a datum shift.
  if (epsg === 4490) return '+proj=longlat +ellps=GRS80 +no_defs';
  if (epsg >= 4534 && epsg <= 4554) {
    const lon0 = 75 + 3 * (epsg - 4534);
    return `+proj=tmerc +lat_0=0 +lon_0=${lon0} +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs`;
  }
  if (epsg >= 32601 && epsg <= 32660) return `+proj=utm +zone=${epsg - 32600} +datum=WGS84 +units=m +no_defs`;
  return undefined;
}

export const isGeographic = (epsg: number) => epsg === 4326 || epsg === 4490;

type Converter = {
  forward(p: [number, number]): [number, number];
  inverse(p: [number, number]): [number, number];
};
const converters = new Map<number, Converter>();

/** CRS ↔ WGS 84 [lng, lat] for a supported EPSG code. */
export function toWgs84(epsg: number): Converter {
  let c = converters.get(epsg);
  if (!c) {
    const def = projDef(epsg);
    if (!def) throw new Error(`unsupported EPSG:${epsg}`);
    const p = proj4(def, 'WGS84');
    c = {
      forward: (xy) => p.forward(xy) as [number, number],
      inverse: (ll) => p.inverse(ll) as [number, number],
    };
    converters.set(epsg, c);
  }
  return c;
}

/** CGCS2000 3-degree Gauss-Krüger coordinates of a point (what a Chinese forestry map reads). */
export function cgcs2000(lng: number, lat: number): { epsg: number; x: number; y: number } {
  const zone = Math.min(4554, Math.max(4534, 4534 + Math.round((lng - 75) / 3)));
  const [x, y] = toWgs84(zone).inverse([lng, lat]);
  return { epsg: zone, x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}
