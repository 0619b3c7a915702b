import {
  type CollectResult,
  collectRecord,
  type FieldError,
  fixedColumnCodes,
  type Lang,
  MAX_FIELDS_BYTES,
  chinaDay,
  t,
} from '@pineguard/contract';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { describeIssues } from '../../platform/validation.ts';
import * as standards from '../standards/index.ts';
import { fileFacts, type ProjectContext, projectContext } from './context.ts';
import { bumpCounts, forgetTotals } from './counters.ts';
import { afterWrite } from './ports.ts';
import { measuresOf } from './rollup.ts';
import { recordableSections, sectionRefusal } from './sectionAccess.ts';
import { mediaIds, rejected, searchTextOf, validateFields } from './validate.ts';
import * as w from './writeQueries.ts';

/**
 * The write path from the field: a batch from the phone (POST /api/collect/records) and one record
 * typed in on a PC (uploadData4PC, which goes through the same batch). Each record is checked on its
 * own; the batch is stored in one transaction with its history, counters and after-write checks.
 */

export type IncomingRecord = {
  id: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: Date;
  gps: { long: number; lat: number; alt: number; range: number };
  place: {
    xian?: string | undefined;
    xiang?: string | undefined;
    xzcun?: string | undefined;
    xiaoban?: string | undefined;
  };
  fields: Record<string, unknown>;
};

/**
 * Validates and stores a batch of records of one project in one transaction. Each record is
 * answered on its own (created / duplicate / rejected with per-field errors); a resend of the
 * same ids, even concurrently, stores each once (INSERT … ON CONFLICT DO NOTHING, then re-read).
 */
export async function ingest(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  incoming: (IncomingRecord | { id: string; errors: FieldError[] })[],
  lang: Lang,
): Promise<CollectResult[]> {
  const { db } = deps.database;
  const ctx = await projectContext(db, projectCode);
  const used = new Set((await standards.projectTables(db, projectCode)).map((x) => x.code));
  const descriptors = new Map<string, standards.TableDescriptor | undefined>();
  for (const r of incoming) {
    if ('tableCode' in r && !descriptors.has(r.tableCode)) {
      descriptors.set(
        r.tableCode,
        used.has(r.tableCode) ? await standards.descriptorOf(db, r.tableCode) : undefined,
      );
    }
  }
  const ids = incoming.flatMap((r) => {
    if (!('tableCode' in r)) return [];
    const d = descriptors.get(r.tableCode);
    return d ? mediaIds(d.columns, r.fields) : [];
  });
  const facts = await fileFacts(db, ids);
  // A field worker records only in their assigned sections (one lookup for the whole batch).
  const allowed = await recordableSections(db, auth, projectCode);
  const sectionName = (code: string) => ctx.sections.get(code)?.name ?? code;
  const refusedBySection = new Set<string>();

  const results: CollectResult[] = [];
  const rows: w.RecordInsert[] = [];
  const seen = new Set<string>();
  for (const r of incoming) {
    if (!('tableCode' in r)) {
      results.push({ uuid: r.id, status: 'rejected', errors: r.errors });
      continue;
    }
    const errors: FieldError[] = [];
    const d = descriptors.get(r.tableCode);
    if (!d)
      errors.push({
        field: 'tableCode',
        message: t(lang, used.has(r.tableCode) ? 'tableUnknown' : 'tableNotInProject', { code: r.tableCode }),
      });
    const section = ctx.sections.get(r.sectionCode);
    if (!section)
      errors.push({ field: 'sectionCode', message: t(lang, 'sectionUnknown', { code: r.sectionCode }) });
    const refusal = section && sectionRefusal(lang, allowed, section, sectionName);
    if (refusal) {
      errors.push(refusal);
      if (errors.length === 1) refusedBySection.add(r.id);
    }
    if (JSON.stringify(r.fields).length > MAX_FIELDS_BYTES) {
      errors.push({
        field: 'fields',
        message: t(lang, 'fieldsTooLarge', { max: `${MAX_FIELDS_BYTES / 1024} KB` }),
      });
    }
    let values: Record<string, unknown> = {};
    if (d && !errors.length) {
      const checked = validateFields(d.columns, r.fields, { lang, projectCode, files: facts });
      errors.push(...checked.errors);
      values = checked.values;
    }
    if (errors.length || !d || !section) {
      results.push({ uuid: r.id, status: 'rejected', errors });
      continue;
    }
    results.push({ uuid: r.id, status: 'created', id: r.id });
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const place = placeNames(ctx, section, r.place);
    rows.push({
      id: r.id,
      projectCode,
      tableCode: r.tableCode,
      sectionCode: r.sectionCode,
      collectorId: auth.userId,
      timeSubmit: r.timeSubmit,
      gpsLong: r.gps.long,
      gpsLat: r.gps.lat,
      gpsAlt: r.gps.alt,
      gpsRange: r.gps.range,
      ...place,
      state: '10',
      fields: values,
      descriptorVersion: d.version,
      searchText: searchTextOf(d.columns, values, [place.gpsXiang, place.gpsXzcun, place.gpsXiaoban]),
    });
  }

  const stored = await db.transaction(async (tx) => {
    const inserted = await w.insertRecords(tx, rows);
    const created = rows.filter((row) => inserted.has(row.id!));
    await afterWrite(
      tx,
      'created',
      created.map((row) => ({
        id: row.id!,
        projectCode,
        tableCode: row.tableCode,
        sectionCode: row.sectionCode,
        timeSubmit: row.timeSubmit,
        fields: row.fields ?? {},
        state: '10',
      })),
    );
    await w.insertHistory(
      tx,
      created.map((row) => ({ recordId: row.id!, actorId: auth.userId, action: 'created' })),
    );
    await bumpCounts(
      tx,
      created.map((row) => ({
        projectCode,
        tableCode: row.tableCode,
        sectionCode: row.sectionCode,
        state: '10',
        day: chinaDay(row.timeSubmit),
        township: row.gpsXiang ?? '',
        long: row.gpsLong ?? 0,
        lat: row.gpsLat ?? 0,
        n: 1,
        ...measuresOf(row.tableCode, row.fields ?? {}),
      })),
    );
    return inserted;
  });
  forgetTotals();
  const notInserted = rows.filter((row) => !stored.has(row.id!)).map((row) => row.id!);
  // A resend of what was stored before the worker's sections changed is still "stored once".
  const owners = await w.projectsOfIds(db, [...notInserted, ...refusedBySection]);
  const firstSeen = new Set<string>();
  return results.map((res) => {
    if (res.status === 'rejected' && refusedBySection.has(res.uuid) && owners.get(res.uuid) === projectCode) {
      return { uuid: res.uuid, status: 'duplicate', id: res.uuid };
    }
    if (res.status !== 'created') return res;
    const again = firstSeen.has(res.uuid);
    firstSeen.add(res.uuid);
    if (stored.has(res.uuid) && !again) return res;
    const owner = stored.has(res.uuid) ? projectCode : owners.get(res.uuid);
    if (owner !== projectCode) {
      return {
        uuid: res.uuid,
        status: 'rejected',
        errors: [{ field: 'uuid', message: t(lang, 'uuidOtherProject') }],
      };
    }
    return { uuid: res.uuid, status: 'duplicate', id: res.uuid };
  });
}

/**
 * Location names (docs/decisions/0063-field-door.md): what the device sent wins, a GB/T 2260 township
 * code (9 digits) or village code (12 digits) is named from the county's area tree; an empty
 * county is the project's county; an empty township is the village code's township, else the
 * section's township when the section covers exactly one. Nothing is guessed from the point: we
 * hold no township or village boundaries, and a wrong township in a report is worse than none.
 */
function placeNames(ctx: ProjectContext, section: { areaNames: string[] }, device: IncomingRecord['place']) {
  const xzcun = device.xzcun ?? '';
  const xiang = device.xiang ?? '';
  const villageTownship = /^\d{12}$/.test(xzcun) ? ctx.townships.get(xzcun.slice(0, 9)) : undefined;
  const named = /^\d{9}$/.test(xiang) ? ctx.townships.get(xiang) : undefined;
  return {
    gpsXian: device.xian || ctx.areaName,
    gpsXiang:
      named ?? (xiang || villageTownship || (section.areaNames.length === 1 ? section.areaNames[0]! : '')),
    gpsXzcun: xzcun,
    gpsXiaoban: device.xiaoban || '',
  };
}

/** Parses the raw records of POST /api/collect/records one by one: one bad record never fails the batch. */
export function parseCollect(
  raw: unknown[],
  lang: Lang,
): (IncomingRecord | { id: string; errors: FieldError[] })[] {
  return raw.map((item) => {
    const parsed = collectRecord.safeParse(item);
    if (!parsed.success) {
      const id =
        typeof (item as { uuid?: unknown })?.uuid === 'string' ? (item as { uuid: string }).uuid : '';
      return { id, errors: describeIssues(parsed.error.issues, lang) };
    }
    const r = parsed.data;
    return {
      id: r.uuid.toLowerCase(),
      tableCode: r.tableCode,
      sectionCode: r.sectionCode,
      timeSubmit: new Date(r.timeSubmit),
      gps: r.gps,
      place: r.place ?? {},
      fields: r.fields,
    };
  });
}

/** uploadData4PC: one record typed in on a PC; §9's defaults for the location fields. */
export async function uploadFromPc(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  tbName: string,
  data: Record<string, unknown>,
  lang: Lang,
): Promise<string> {
  const fixed = new Set<string>([...fixedColumnCodes, 'biaoduan', 'sectionCode']);
  const fields = Object.fromEntries(Object.entries(data).filter(([k]) => !fixed.has(k)));
  const str = (k: string) =>
    typeof data[k] === 'string' || typeof data[k] === 'number' ? String(data[k]) : '';
  const num = (k: string) => {
    const n = Number(str(k) || '0.0');
    return Number.isFinite(n) ? n : 0;
  };
  const sectionCode = str('code_project4') || str('biaoduan') || str('sectionCode');
  const when = str('time_submit')
    ? new Date(str('time_submit').replace(' ', 'T') + (/[zZ+]/.test(str('time_submit')) ? '' : '+08:00'))
    : new Date();
  const id = randomUUID();
  const [result] = await ingest(
    deps,
    auth,
    projectCode,
    [
      {
        id,
        tableCode: tbName,
        sectionCode,
        timeSubmit: Number.isNaN(when.getTime()) ? new Date() : when,
        gps: { long: num('gps_long'), lat: num('gps_lat'), alt: num('gps_alt'), range: num('gps_range') },
        place: {
          xian: str('gps_xian'),
          xiang: str('gps_xiang'),
          xzcun: str('gps_xzcun') || '0.0',
          xiaoban: str('gps_xiaoban') || '0.0',
        },
        fields,
      },
    ],
    lang,
  );
  if (result?.status !== 'created') throw rejected(result?.errors ?? []);
  return id;
}
