import countyBounds from './countyBounds.json' with { type: 'json' };

/** County bounding boxes ([west, south, east, north], WGS 84) from scripts/county-outlines.mjs. */
const bounds = countyBounds as unknown as Record<string, [number, number, number, number]>;

/** The bounding box of the county an area code (county or finer) lies in; undefined when the data has none. */
export function countyBox(areaCode: string): [number, number, number, number] | undefined {
  return bounds[areaCode.slice(0, 6)];
}

/** Whether a point lies in the county's box; true when the data has no box for it (nothing to check). */
export function insideCounty(areaCode: string, lng: number, lat: number): boolean {
  const box = countyBox(areaCode);
  if (!box) return true;
  return lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];
}
