import { type AcceptanceItem, type AcceptanceSample, chinaDateTime } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import * as files from '../files/index.ts';
import type { CheckRow, ItemRow, SampleRow } from './queries.ts';

/** Rows of queries.ts as the contract's answers (JSON columns arrive parsed or as text by driver). */

export type Signer = (fileId: string) => string;

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const pgArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((x) => x.replace(/^"|"$/g, ''));

export function toSample(r: SampleRow): AcceptanceSample & {
  strataAtDraw: { sectionCode: string; population: number; drawn: number }[];
} {
  const checked = Number(r.checked);
  const passed = Number(r.passed);
  return {
    id: r.id,
    projectCode: r.project_code,
    name: r.name,
    seed: r.seed,
    sharePct: Number(r.share_pct),
    begin: r.begin,
    end: r.end,
    tableCodes: pgArray(r.table_codes),
    sectionCodes: pgArray(r.section_codes),
    createdBy: r.created_by_name ?? '',
    createdAt: chinaDateTime(new Date(r.created_at)),
    population: Number(r.population),
    drawn: Number(r.drawn),
    checked,
    passed,
    failed: Number(r.failed),
    passRate: checked ? passed / checked : null,
    strataAtDraw: parsed(r.strata),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's photo file ids: the values of its pic_* fields (one id or a comma list). */
function photoIds(fields: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(fields)) {
    if (!key.startsWith('pic')) continue;
    const list = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
    out.push(...list.map((x) => x.trim()).filter((x) => UUID.test(x)));
  }
  return out;
}

/**
 * Items with signed links to the record's photos and the check's (only files of the project are
 * signed: an id of another project's file, sent in a check, is left out).
 */
export async function itemOf(
  deps: AppDeps,
  projectCode: string,
  rows: ItemRow[],
  sign: Signer,
): Promise<AcceptanceItem[]> {
  const shaped = rows.map((r) => ({
    r,
    fields: parsed(r.fields),
    check: r.check ? parsed<CheckRow>(r.check) : null,
  }));
  const ids = shaped.flatMap((s) => [
    ...photoIds(s.fields),
    ...(s.check?.photos ?? []).filter((x) => UUID.test(x)),
  ]);
  const known = new Set(
    (await files.filesByIds(deps.database.db, [...new Set(ids)]))
      .filter((f) => f.projectCode === projectCode)
      .map((f) => f.id),
  );
  const links = (list: string[]) => list.filter((id) => known.has(id)).map(sign);
  return shaped.map(({ r, fields, check }) => ({
    recordId: r.record_id,
    tableCode: r.table_code,
    sectionCode: r.section_code,
    recordAt: chinaDateTime(new Date(r.time_submit)),
    long: Number(r.gps_long),
    lat: Number(r.gps_lat),
    place: r.place ?? '',
    qrcode: typeof fields.qrcode === 'string' ? fields.qrcode : '',
    recordStumpCm: typeof fields.dungao === 'number' ? fields.dungao : null,
    recordPhotos: links(photoIds(fields)),
    state: r.passed === null ? 'unchecked' : r.passed ? 'passed' : 'failed',
    check: check && {
      found: check.found,
      stumpCm: check.stump_cm,
      covered: check.covered,
      branches: check.branches,
      disposal: check.disposal,
      photos: links(check.photos),
      gps:
        check.gps_long === null || check.gps_lat === null
          ? null
          : { long: check.gps_long, lat: check.gps_lat, range: check.gps_range ?? 0 },
      remark: check.remark,
      passed: check.passed,
      reasons: check.reasons,
      checkedBy: check.checked_by_name ?? '',
      checkedAt: check.checked_at,
    },
  }));
}
