import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Outline, outsideByM } from './outline.ts';
import { countyBox } from './countyBounds.ts';

/**
 * County outlines for the server's checks: the same offline files the web maps draw
 * (apps/web/src/shared/map/outlines/<province>.json, from scripts/county-outlines.mjs), read from
 * disk on first use per province, never bundled (5 MB). They are simplified to ~500 m, so a
 * check against them adds SIMPLIFIED_M to its tolerance. Without the files (a server deployed
 * without the web sources) the county's bounding box answers instead, as before issue 30.
 */
export const SIMPLIFIED_M = 500;

const candidates = [
  '../../../../web/src/shared/map/outlines/', // apps/server/src/platform/geo (tests, tsx)
  '../../web/src/shared/map/outlines/', // apps/server/dist/main.mjs (the bundle)
].map((p) => fileURLToPath(new URL(p, import.meta.url)));
const folder = candidates.find((d) => existsSync(d));

const provinces = new Map<string, Promise<Record<string, { name: string; coordinates: Outline }>>>();

async function province(code: string) {
  let p = provinces.get(code);
  if (!p) {
    p = folder
      ? readFile(`${folder}${code}.json`, 'utf8')
          .then((text) => JSON.parse(text) as Record<string, { name: string; coordinates: Outline }>)
          .catch(() => ({}))
      : Promise.resolve({});
    provinces.set(code, p);
  }
  return p;
}

/** The outline of the county an area code (county or finer) lies in; undefined when none is known. */
export async function countyOutline(
  areaCode: string,
): Promise<{ name: string; coordinates: Outline } | undefined> {
  const county = areaCode.slice(0, 6);
  if (!/^\d{6}$/.test(county)) return undefined;
  return (await province(county.slice(0, 2)))[county];
}

/**
 * Metres outside the county (0 inside, within the outline's simplification counted as inside);
 * undefined when neither an outline nor a box is known. Falls back to the box without an outline.
 */
export async function outsideCountyM(
  areaCode: string,
  lng: number,
  lat: number,
): Promise<number | undefined> {
  const outline = await countyOutline(areaCode);
  if (outline) return Math.max(0, outsideByM(outline.coordinates, { lng, lat }) - SIMPLIFIED_M);
  const box = countyBox(areaCode);
  if (!box) return undefined;
  const inBox = lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];
  return inBox
    ? 0
    : outsideByM(
        [
          [
            [
              [box[0], box[1]],
              [box[2], box[1]],
              [box[2], box[3]],
              [box[0], box[3]],
              [box[0], box[1]],
            ],
          ],
        ],
        { lng, lat },
      );
}

/** Whether a point lies in the county (by its outline, the box without one); true when nothing is known. */
export async function insideCountyOutline(areaCode: string, lng: number, lat: number): Promise<boolean> {
  return ((await outsideCountyM(areaCode, lng, lat)) ?? 0) === 0;
}
