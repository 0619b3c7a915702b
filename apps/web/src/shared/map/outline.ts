/** A county's outline as packaged (scripts/county-outlines.mjs): MultiPolygon coordinates, [lng, lat]. */
export type CountyOutline = { name: string; coordinates: number[][][][] };

// One lazily loaded chunk per province: a map loads only its own province's counties.
const provinces = import.meta.glob<Record<string, CountyOutline>>('./outlines/*.json', { import: 'default' });

/** The county's outline, or null when the packaged data has none (unknown code, municipality districts). */
export async function loadCountyOutline(areaCode: string | undefined | null): Promise<CountyOutline | null> {
  if (!areaCode || !/^\d{6}/.test(areaCode)) return null;
  const load = provinces[`./outlines/${areaCode.slice(0, 2)}.json`];
  if (!load) return null;
  const counties = await load();
  return counties[areaCode.slice(0, 6)] ?? null;
}

/** [[south, west], [north, east]] of MultiPolygon coordinates, as Leaflet wants bounds. */
export function boundsOf(coordinates: number[][][][]): [[number, number], [number, number]] | null {
  let w = 180;
  let s = 90;
  let e = -180;
  let n = -90;
  for (const polygon of coordinates)
    for (const ring of polygon)
      for (const [x, y] of ring) {
        if (x === undefined || y === undefined) continue;
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
  return w <= e
    ? [
        [s, w],
        [n, e],
      ]
    : null;
}
