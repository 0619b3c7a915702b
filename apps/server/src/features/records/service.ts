import {
  type BurnPointFlag,
  type CollectResult,
  type ColumnDescriptor,
  collectRecord,
  ErrorCode,
  type FieldError,
  fixedColumnCodes,
  type HistoryEntry,
  type Lang,
  MAX_FIELDS_BYTES,
  MINE_DAYS,
  MAX_EXAMINE_BY_FILTER,
  MAX_PAGE_NUM,
  type QueryDataListBody,
  type QueryDataListValue,
  type RecordDetail,
  type RecordFilter,
  type RecordMedia,
  type RecordRow,
  sortableFixedColumns,
  t,
} from '@pineguard/contract';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { decodeCursor, EXACT_COUNT_LIMIT, encodeCursor, estimateRows } from '../../platform/pagination.ts';
import { Memo } from '../../platform/memo.ts';
import { describeIssues } from '../../platform/validation.ts';
import type { Executor } from '../../db/client.ts';
import * as areas from '../areas/index.ts';
import * as files from '../files/index.ts';
import { notify } from '../notices/index.ts';
import * as projects from '../projects/index.ts';
import * as standards from '../standards/index.ts';
import type { TableSummary } from '@pineguard/contract';
import * as q from './queries.ts';
import { measuresChange, measuresOf, scaled } from './rollup.ts';
import { isFieldWorker, recordableSections, sectionRefusal } from './sectionAccess.ts';

const rollupMemo = new Memo<q.RollupRow[]>(2_000, 2_000);
import { type FileFact, mediaIds, searchTextOf, searchToken, validateFields } from './validate.ts';

/* ------------------------------------------------------------------ context */

/**
 * Reads (list, detail) reuse a project's context and a table's descriptor for a few seconds
 * instead of ~10 metadata queries per request; writes (ingestion, corrections) always read fresh.
 */
const READ_CACHE_MS = 5_000;
const readCache = new Map<string, { at: number; value: Promise<unknown> }>();
function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = readCache.get(key);
  if (hit && Date.now() - hit.at < READ_CACHE_MS) return hit.value as Promise<T>;
  if (readCache.size > 1000) readCache.clear();
  const value = load();
  value.catch(() => readCache.delete(key));
  readCache.set(key, { at: Date.now(), value });
  return value;
}

type ProjectContext = {
  projectCode: string;
  areaCode: string;
  areaName: string;
  sections: Map<
    string,
    { code: string; name: string; areaCodes: string[]; areaNames: string[]; managerId: string | null }
  >;
  /** The townships of the project's county (code → name), to name a township the device sent as a code. */
  townships: Map<string, string>;
};

async function projectContext(db: Executor, projectCode: string): Promise<ProjectContext> {
  const project = await projects.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const paths = await areas.areaPaths(db, [project.areaCode]);
  const path = paths.get(project.areaCode) ?? '';
  const sections = await projects.listSections(db, projectCode);
  const townships = await areas.projectTownships(db, project.areaCode);
  return {
    projectCode,
    areaCode: project.areaCode,
    areaName: path.split(' / ').pop() ?? '',
    sections: new Map(sections.map((s) => [s.code, s])),
    townships: new Map(townships.map((a) => [a.code, a.name])),
  };
}

/** A table's descriptor, refused unless the project uses it (the super administrator may read any). */
async function tableFor(db: Executor, projectCode: string, tableCode: string) {
  const descriptor = await standards.descriptorOf(db, tableCode);
  if (!descriptor) throw fail.invalid('tableUnknown', { code: tableCode });
  const used = await standards.projectTables(db, projectCode);
  if (!used.some((u) => u.code === tableCode)) throw fail.invalid('tableNotInProject', { code: tableCode });
  return descriptor;
}

/** Section managers (current role section_manager, no review right) see only the sections they manage. */
export async function sectionScope(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
): Promise<string[] | undefined> {
  if (auth.isSuperAdmin || auth.permissions.has('records.review')) return undefined;
  if (!auth.roleCodes.includes('section_manager')) return undefined;
  return projects.managedSectionCodes(db, projectCode, auth.userId);
}

async function fileFacts(db: Executor, ids: string[]): Promise<Map<string, FileFact>> {
  const rows = await files.filesByIds(db, ids);
  return new Map(rows.map((f) => [f.id, { projectCode: f.projectCode, kind: f.kind }]));
}

/* ------------------------------------------------------------------ ingestion */

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
  const rows: q.RecordInsert[] = [];
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
    const inserted = await q.insertRecords(tx, rows);
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
    await q.insertHistory(
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
        day: q.chinaDay(row.timeSubmit),
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
  const owners = await q.projectsOfIds(db, [...notInserted, ...refusedBySection]);
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

/** A single record refused: the envelope's message names the fields, value.fields lists them. */
function rejected(errors: FieldError[]): AppError {
  return new AppError(
    ErrorCode.validation,
    'fieldErrors',
    { text: errors.map((e) => e.message).join('；') },
    { fields: errors },
  );
}

/* ------------------------------------------------------------------ list */

/** Keyword (and recycle-bin) totals per filter, reused for this long by the next pages. */
const KEYWORD_TOTAL_MS = 10_000;
const keywordTotals = new Map<string, { at: number; total: { total: number; totalExact: boolean } }>();
/**
 * After a write through this process has committed (other instances' copies age out within
 * seconds): keyword totals, and the rollup sums once more. bumpCounts forgot them inside the
 * transaction, where a dashboard call could still read the old counters and remember them under
 * the new version.
 */
const forgetTotals = () => {
  keywordTotals.clear();
  rollupMemo.forget();
};

const cursorCache = new Map<string, string>();
const CURSOR_CACHE_MAX = 20_000;
function remember(key: string, cursor: string) {
  if (cursorCache.size >= CURSOR_CACHE_MAX) cursorCache.delete(cursorCache.keys().next().value!);
  cursorCache.set(key, cursor);
}

const fixedSort: Record<string, SQL> = {
  time_submit: sql`r.time_submit`,
  time_update: sql`r.time_update`,
  code_state: sql`r.state`,
  id: sql`r.id`,
};

function sortOf(
  sortText: string,
  columns: ColumnDescriptor[],
): { code: string; expr: SQL; dir: 'asc' | 'desc' } {
  const [code = 'time_submit', rawDir = 'desc'] = sortText.trim().split(/\s+/);
  const dir = rawDir.toLowerCase() === 'asc' ? 'asc' : 'desc';
  if ((sortableFixedColumns as readonly string[]).includes(code))
    return { code, expr: fixedSort[code]!, dir };
  const column = columns.find((c) => c.code === code);
  if (!column || column.fldInput === 'photo' || column.fldInput === 'video')
    throw fail.invalid('sortUnknown', { code });
  // The code is a checked column code, and it is still bound as a parameter, never spliced.
  const expr =
    column.fldInput === 'number'
      ? sql`case when jsonb_typeof(r.fields -> ${code}) = 'number' then (r.fields ->> ${code})::numeric end`
      : sql`(r.fields ->> ${code})`;
  return { code, expr, dir };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' in China time, as the spec's lists show times. */
export function chinaTime(v: Date | string | null): string | null {
  if (v === null) return null;
  const d = new Date(new Date(v).getTime() + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const gpsText = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

function toRow(r: q.ListedRow, ctx: { projectCode: string; areaCode: string; areaName: string }): RecordRow {
  const fields = typeof r.fields === 'string' ? (JSON.parse(r.fields) as Record<string, unknown>) : r.fields;
  // The fixed columns first and the form's fields copied after (never over them): spreading each
  // record's own set of keys first gave every row a new object shape, 13× slower per row and a
  // tenth of a list call's CPU at a million records (bench/records.bench.ts).
  const row: RecordRow = {
    id: r.id,
    xmdq: ctx.areaName,
    code_project1: ctx.areaCode,
    code_project2: ctx.projectCode,
    code_project3: r.table_code,
    code_project4: r.section_code,
    code_usr_account: r.account,
    userName: r.user_name,
    time_submit: r.time_submit,
    time_update: r.time_update,
    time_edit: r.time_edit,
    user_edit: r.editor_name,
    gps_long: gpsText(Number(r.gps_long)),
    gps_lat: gpsText(Number(r.gps_lat)),
    gps_alt: gpsText(Number(r.gps_alt)),
    gps_range: gpsText(Number(r.gps_range)),
    gps_xian: r.gps_xian,
    gps_xiang: r.gps_xiang,
    gps_xzcun: r.gps_xzcun,
    gps_xiaoban: r.gps_xiaoban,
    code_state: r.state,
    state_reason: r.state_reason,
    table_code: r.table_code,
    deleted: r.deleted,
  };
  for (const key in fields) if (!Object.hasOwn(row, key)) row[key] = fields[key];
  return row;
}

/** Escapes LIKE wildcards of a keyword. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filter as SQL terms: the caller's section scope applied, the keyword reduced and escaped. */
async function listFilter(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
  body: RecordFilter & { deleted?: boolean | undefined },
): Promise<q.ListFilter> {
  const scope = await sectionScope(db, auth, projectCode);
  const keyword = body.keyWords ? searchToken(body.keyWords) : '';
  return {
    projectCode,
    tableCode: body.prjStandCode,
    deleted: body.deleted ?? false,
    sectionCode: body.biaoduan || undefined,
    sectionCodes: scope,
    state: body.codeState,
    begin: body.begin,
    end: body.end,
    keyword: keyword ? likeEscape(keyword) : undefined,
  };
}

/**
 * queryDataList. Paging: the default sort (time_submit, id) pages by keyset — from the client's
 * `cursor`, or from the cursor this process remembered for the same filter and page number —
 * and falls back to OFFSET only up to MAX_PAGE_NUM. Totals: without a keyword, an exact sum of
 * the per-day counters; with one, a capped count then the planner's estimate.
 */
export async function list(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: QueryDataListBody,
): Promise<QueryDataListValue> {
  const { db } = deps.database;
  if (body.deleted && !auth.isSuperAdmin && !auth.permissions.has('records.delete')) throw fail.forbidden();
  const [ctx, table] = await Promise.all([
    cachedRead(`ctx:${projectCode}`, () => projectContext(db, projectCode)),
    cachedRead(`table:${projectCode}:${body.prjStandCode}`, () =>
      tableFor(db, projectCode, body.prjStandCode),
    ),
  ]);
  const filter = await listFilter(db, auth, projectCode, body);
  const where = q.whereOf(filter);
  const sort = sortOf(body.sort, table.columns);
  const keysetable = sort.code === 'time_submit' || sort.code === 'time_update';
  const cacheKey = JSON.stringify([projectCode, filter, sort.code, sort.dir, body.pageSize]);

  let after: SQL | undefined;
  let offset = 0;
  let reverse = false;
  const cursorText = body.cursor ?? (keysetable ? cursorCache.get(`${cacheKey}#${body.pageNum}`) : undefined);
  if (cursorText) {
    const c = decodeCursor(cursorText, 3);
    if (
      !keysetable ||
      !c ||
      (c[0] !== 'n' && c[0] !== 'p') ||
      typeof c[1] !== 'string' ||
      typeof c[2] !== 'string'
    ) {
      throw fail.invalid('cursorInvalid');
    }
    reverse = c[0] === 'p';
    // next page: rows after the cursor in the sort order; previous page: rows before it, read backwards.
    const forward = sort.dir === 'desc' ? !reverse : reverse;
    const op = forward ? sql`<` : sql`>`;
    after = sql`(${sort.expr}, r.id) ${op} (${c[1]}::timestamptz, ${c[2]}::uuid)`;
  } else {
    if (body.pageNum > MAX_PAGE_NUM) throw fail.invalid('pageTooDeep', { max: MAX_PAGE_NUM });
    offset = (body.pageNum - 1) * body.pageSize;
  }
  const dir = reverse ? (sort.dir === 'desc' ? 'asc' : 'desc') : sort.dir;
  // Without a keyword the counters answer exactly (a sum over a few hundred rows). With one (or
  // in the recycle bin) a capped count answers, beyond which the planner's estimate does; that
  // count reads every row of the filter, so it is remembered for a few seconds per filter and
  // the next pages of the same filter do not count again. Either rides in the page's statement.
  const counted = !filter.keyword && !filter.deleted;
  const remembered = counted ? undefined : keywordTotals.get(cacheKey);
  const fresh = remembered && Date.now() - remembered.at < KEYWORD_TOTAL_MS ? remembered : undefined;
  const totalSql = counted
    ? q.counterTotal(filter)
    : fresh
      ? sql`null::bigint`
      : q.cappedTotal(where, EXACT_COUNT_LIMIT);
  const rows = await q.listPage(
    db,
    where,
    { expr: sort.expr, dir },
    { limit: body.pageSize, offset, after },
    totalSql,
  );
  const total =
    fresh?.total ??
    (await totalOf(db, rows[0]?.total_n ?? (await q.totalOnly(db, totalSql)), counted, where, cacheKey));
  if (!counted && !fresh) {
    if (keywordTotals.size >= 5_000) keywordTotals.clear();
    keywordTotals.set(cacheKey, { at: Date.now(), total });
  }
  if (reverse) rows.reverse();
  const list = rows.map((r) => toRow(r, ctx));
  await flagBurnPoints(db, projectCode, table.columns, list);
  let nextCursor: string | undefined;
  let prevCursor: string | undefined;
  if (keysetable && rows.length) {
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    if (rows.length === body.pageSize)
      nextCursor = encodeCursor(['n', last.sort_key ?? last.ts_key, last.id]);
    if (body.pageNum > 1) prevCursor = encodeCursor(['p', first.sort_key ?? first.ts_key, first.id]);
    if (nextCursor) remember(`${cacheKey}#${body.pageNum + 1}`, nextCursor);
  }
  return {
    columnList: table.columns,
    result: { list, total: total.total, totalExact: total.totalExact, nextCursor, prevCursor },
  };
}

/** An exact total, or past the cap the planner's estimate (remembered a few seconds per filter). */
async function totalOf(db: Executor, raw: string | number, counted: boolean, where: SQL, filterKey: string) {
  const n = Number(raw);
  if (counted || n <= EXACT_COUNT_LIMIT) return { total: n, totalExact: true };
  const estimate = await cachedRead(`estimate:${filterKey}`, () =>
    estimateRows(db, sql`select 1 from records r where ${where}`),
  );
  return { total: Math.max(n, estimate), totalExact: false };
}

/* ------------------------------------------------------------------ checks after a write */

/** A record as written, handed to the features that check records after each write. */
export type WrittenRecord = {
  id: string;
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: Date;
  fields: Record<string, unknown>;
  state: string;
};
export type WriteEvent = 'created' | 'corrected' | 'reviewed' | 'deleted' | 'restored';
/**
 * Runs in the write's transaction, after the rows changed: the anomalies feature's chain and value
 * checks (app.ts wires it). Records never import anomalies, which read records.
 */
export type RecordsWritten = (tx: Executor, event: WriteEvent, written: WrittenRecord[]) => Promise<void>;
let afterWrite: RecordsWritten = async () => {};
export function setAfterWrite(hook: RecordsWritten): void {
  afterWrite = hook;
}

/** The burn points among `names` to flag on a record: suspended, or not registered in the project. */
export type BurnPointFlags = (
  db: Executor,
  projectCode: string,
  names: string[],
) => Promise<Map<string, BurnPointFlag>>;

// Handed in by the burn points feature (app.ts wires it): records never import burn points,
// whose census reads records' burn totals, so the two features do not import each other.
let burnPointFlags: BurnPointFlags = async () => new Map();

/** Sets the burn point lookup behind the records' `fsd_flag` (app.ts: the burn points feature's). */
export function setBurnPointFlags(flags: BurnPointFlags): void {
  burnPointFlags = flags;
}

/**
 * Burn records (a table with an `fsd` column) naming a suspended or unregistered burn point get
 * `fsd_flag`: one query for the page's names, through the burn points feature's lookup.
 */
async function flagBurnPoints(
  db: Executor,
  projectCode: string,
  columns: { code: string }[],
  rows: RecordRow[],
): Promise<void> {
  if (!rows.length || !columns.some((c) => c.code === 'fsd')) return;
  const names = rows.map((r) => r['fsd']).filter((v): v is string => typeof v === 'string' && v !== '');
  if (!names.length) return;
  const flags = await burnPointFlags(db, projectCode, names);
  if (!flags.size) return;
  for (const row of rows) {
    const flag = typeof row['fsd'] === 'string' ? flags.get(row['fsd']) : undefined;
    if (flag) row.fsd_flag = flag;
  }
}

/* ------------------------------------------------------------------ detail */

/** A record the caller may see: same project (any for the super administrator), within their sections. */
async function visibleRecord(db: Executor, auth: AuthContext, projectCode: string, id: string) {
  const r = await q.findRecord(db, id);
  if (!r) throw fail.notFound('recordNotFound');
  if (r.project_code !== projectCode) throw fail.forbidden('otherProject');
  const scope = await sectionScope(db, auth, projectCode);
  if (scope && !scope.includes(r.section_code)) throw fail.notFound('recordNotFound');
  return r;
}

export type MediaSigner = (fileId: string, variant: 'full' | 'thumb') => { url: string; expiresAt: string };

export async function detail(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  id: string,
  sign: MediaSigner,
): Promise<RecordDetail> {
  const { db } = deps.database;
  const r = await visibleRecord(db, auth, projectCode, id);
  if (r.deleted && !auth.isSuperAdmin && !auth.permissions.has('records.delete')) {
    throw fail.notFound('recordNotFound');
  }
  const [ctx, table, history] = await Promise.all([
    cachedRead(`ctx:${projectCode}`, () => projectContext(db, projectCode)),
    cachedRead(`descriptor:${r.table_code}`, () => standards.descriptorOf(db, r.table_code)),
    q.historyOf(db, id),
  ]);
  const columns = table?.columns ?? [];
  const row = toRow(r, ctx);
  await flagBurnPoints(db, projectCode, columns, [row]);
  const refs: { field: string; id: string }[] = [];
  for (const c of columns) {
    if (c.fldInput !== 'photo' && c.fldInput !== 'video') continue;
    const v = row[c.code];
    for (const fid of Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : []) {
      refs.push({ field: c.code, id: String(fid) });
    }
  }
  const fileRows = new Map(
    (
      await files.filesByIds(
        db,
        refs.map((x) => x.id),
      )
    ).map((f) => [f.id, f]),
  );
  const media: RecordMedia[] = refs.flatMap(({ field, id: fid }) => {
    const f = fileRows.get(fid);
    if (!f || f.projectCode !== projectCode) return [];
    const full = sign(f.id, 'full');
    return [
      {
        fileId: f.id,
        field,
        kind: f.kind === 'video' ? 'video' : 'photo',
        name: f.originalName,
        contentType: f.contentType,
        url: full.url,
        thumbUrl: f.thumbKey ? sign(f.id, 'thumb').url : f.kind === 'photo' ? full.url : null,
        expiresAt: full.expiresAt,
        takenAt: f.takenAt ? f.takenAt.toISOString() : null,
        exifLong: f.exifLong,
        exifLat: f.exifLat,
        camera: f.camera,
      },
    ];
  });
  const record: HistoryEntry[] = history.map((h) => ({
    id: h.id,
    action: h.action as HistoryEntry['action'],
    at: chinaTime(h.at)!,
    actorName: h.actorName,
    reason: h.reason,
    ...(h.changes ? { changes: h.changes } : {}),
  }));
  return { ...row, media, record, columnList: columns, descriptor_version: r.descriptor_version };
}

/* ------------------------------------------------------------------ review, delete, correct */

const transitions: Record<'approve' | 'return' | 'reject', { from: string[]; to: string; history: string }> =
  {
    approve: { from: ['10', '30'], to: '20', history: 'approved' },
    return: { from: ['10', '20'], to: '30', history: 'returned' },
    reject: { from: ['10', '30'], to: '40', history: 'rejected' },
  };

async function lockVisible(db: Executor, auth: AuthContext, projectCode: string, ids: string[]) {
  const rows = await q.lockRecords(db, [...new Set(ids.map((i) => i.toLowerCase()))]);
  if (rows.some((r) => r.projectCode !== projectCode)) throw fail.forbidden('otherProject');
  if (rows.length !== new Set(ids).size) throw fail.notFound('recordNotFound');
  const scope = await sectionScope(db, auth, projectCode);
  if (scope && rows.some((r) => !scope.includes(r.sectionCode))) throw fail.notFound('recordNotFound');
  return rows;
}

export async function examine(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { ids: string[]; action: 'approve' | 'return' | 'reject'; reason?: string | undefined },
) {
  const rule = transitions[input.action];
  const result = await deps.database.db.transaction(async (tx) => {
    const rows = await lockVisible(tx, auth, projectCode, input.ids);
    const moving = rows.filter((r) => !r.deletedAt && rule.from.includes(r.state));
    if (!moving.length) throw fail.invalid('stateChangeInvalid');
    const ids = moving.map((r) => r.id);
    await q.setState(tx, ids, rule.to, input.action === 'approve' ? null : (input.reason ?? null));
    await q.insertHistory(
      tx,
      moving.map((r) => ({
        recordId: r.id,
        actorId: auth.userId,
        action: rule.history,
        reason: input.reason ?? null,
      })),
    );
    await bumpCounts(
      tx,
      moving.flatMap((r) => {
        const key = {
          projectCode,
          tableCode: r.tableCode,
          sectionCode: r.sectionCode,
          day: q.chinaDay(r.timeSubmit),
          township: r.township,
          long: r.long,
          lat: r.lat,
        };
        const m = measuresOf(r.tableCode, r.fields);
        return [
          { ...key, state: r.state, n: -1, ...scaled(m, -1) },
          { ...key, state: rule.to, n: 1, ...m },
        ];
      }),
    );
    await afterWrite(
      tx,
      'reviewed',
      moving.map((r) => ({ ...r, state: rule.to })),
    );
    if (input.action !== 'approve') await tellCollectors(deps, tx, projectCode, moving, input);
    return { changed: ids.length, ids };
  });
  forgetTotals();
  return result;
}

/**
 * Records sent back or rejected: each collector hears of it, one notice per collector and table
 * (a review of a whole filter does not flood anyone), linking to the record when there is one.
 */
async function tellCollectors(
  deps: AppDeps,
  tx: Executor,
  projectCode: string,
  moved: q.Lockable[],
  input: { action: 'approve' | 'return' | 'reject'; reason?: string | undefined },
) {
  const groups = new Map<string, q.Lockable[]>();
  for (const r of moved) {
    const key = `${r.collectorId}:${r.tableCode}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const names = new Map<string, string>();
  for (const rows of groups.values()) {
    const { collectorId, tableCode } = rows[0]!;
    if (!names.has(tableCode)) {
      names.set(tableCode, (await standards.descriptorOf(tx, tableCode))?.name ?? tableCode);
    }
    const one = rows.length === 1 ? `?id=${rows[0]!.id}` : '';
    await notify(
      deps,
      {
        recipientId: collectorId,
        projectCode,
        kind: input.action === 'return' ? 'recordReturned' : 'recordRejected',
        key: input.action === 'return' ? 'noticeRecordReturned' : 'noticeRecordRejected',
        params: { table: names.get(tableCode)!, count: rows.length, reason: input.reason?.trim() || '-' },
        link: `/dataView/${encodeURIComponent(tableCode)}${one}`,
      },
      tx,
    );
  }
}

/**
 * "Every record of the filter": the reviewer saw the list's total and confirmed it (`expected`).
 * The filter is read again (the caller's sections only); more than MAX_EXAMINE_BY_FILTER or a
 * count that moved since is refused with the new count; then the records that can make the move
 * are moved like a selection of ids (locked, history, counters), the others are left as they are.
 */
export async function examineByFilter(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: {
    filter: RecordFilter;
    expected: number;
    action: 'approve' | 'return' | 'reject';
    reason?: string | undefined;
  },
) {
  const { db } = deps.database;
  await cachedRead(`table:${projectCode}:${input.filter.prjStandCode}`, () =>
    tableFor(db, projectCode, input.filter.prjStandCode),
  );
  const filter = await listFilter(db, auth, projectCode, input.filter);
  const ids = await q.idsOf(db, q.whereOf(filter), MAX_EXAMINE_BY_FILTER + 1);
  if (ids.length > MAX_EXAMINE_BY_FILTER)
    throw fail.invalid('examineTooMany', { max: MAX_EXAMINE_BY_FILTER });
  if (ids.length !== input.expected) throw fail.invalid('examineCountChanged', { count: ids.length });
  return examine(deps, auth, projectCode, { ids, action: input.action, reason: input.reason });
}

export async function setDeleted(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  ids: string[],
  deleted: boolean,
  reason?: string,
) {
  const result = await deps.database.db.transaction(async (tx) => {
    const rows = await lockVisible(tx, auth, projectCode, ids);
    const moving = rows.filter((r) => (r.deletedAt !== null) !== deleted);
    const changed = moving.map((r) => r.id);
    await q.setDeleted(tx, changed, deleted);
    await q.insertHistory(
      tx,
      moving.map((r) => ({
        recordId: r.id,
        actorId: auth.userId,
        action: deleted ? 'deleted' : 'restored',
        reason: reason ?? null,
      })),
    );
    await bumpCounts(
      tx,
      moving.map((r) => ({
        projectCode,
        tableCode: r.tableCode,
        sectionCode: r.sectionCode,
        state: r.state,
        day: q.chinaDay(r.timeSubmit),
        township: r.township,
        long: r.long,
        lat: r.lat,
        n: deleted ? -1 : 1,
        ...scaled(measuresOf(r.tableCode, r.fields), deleted ? -1 : 1),
      })),
    );
    await afterWrite(tx, deleted ? 'deleted' : 'restored', moving);
    return { changed: changed.length, ids: changed };
  });
  forgetTotals();
  return result;
}

/** The approval save: corrects dynamic fields (not fixed, pic_ or vdo_), keeping before/after per field. */
export async function correct(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { id: string; fields: Record<string, unknown>; reason?: string | undefined },
  lang: Lang,
) {
  const result = await deps.database.db.transaction(async (tx) => {
    const [row] = await lockVisible(tx, auth, projectCode, [input.id]);
    if (!row) throw fail.notFound('recordNotFound');
    if (row.deletedAt) throw fail.invalid('recordDeleted');
    const table = await standards.descriptorOf(tx, row.tableCode);
    if (!table) throw fail.invalid('tableUnknown', { code: row.tableCode });
    for (const key of Object.keys(input.fields)) {
      const c = table.columns.find((x) => x.code === key);
      if (
        (fixedColumnCodes as readonly string[]).includes(key) ||
        (c && (c.fldInput === 'photo' || c.fldInput === 'video'))
      ) {
        throw rejected([{ field: key, message: t(lang, 'fieldNotEditable', { code: key }) }]);
      }
    }
    const checked = validateFields(table.columns, input.fields, {
      lang,
      projectCode,
      files: new Map(),
      partial: true,
      current: row.fields,
    });
    if (checked.errors.length) throw rejected(checked.errors);
    const changes = Object.entries(checked.values)
      .filter(([k, v]) => JSON.stringify(row.fields[k] ?? null) !== JSON.stringify(v))
      .map(([k, v]) => ({
        field: k,
        label: table.columns.find((c) => c.code === k)?.value ?? k,
        before: row.fields[k] ?? null,
        after: v,
      }));
    // Cleared optional fields: present in the request as empty.
    for (const [k, v] of Object.entries(input.fields)) {
      if ((v === '' || v === null) && row.fields[k] !== undefined && !(k in checked.values)) {
        changes.push({
          field: k,
          label: table.columns.find((c) => c.code === k)?.value ?? k,
          before: row.fields[k],
          after: null,
        });
      }
    }
    if (!changes.length) return { changed: 0, ids: [] as string[] };
    const fields = { ...row.fields };
    for (const ch of changes) {
      if (ch.after === null) delete fields[ch.field];
      else fields[ch.field] = ch.after;
    }
    const current = await q.findRecord(tx, row.id);
    await q.updateFields(tx, row.id, {
      fields,
      searchText: searchTextOf(table.columns, fields, [
        current?.gps_xiang ?? '',
        current?.gps_xzcun ?? '',
        current?.gps_xiaoban ?? '',
      ]),
      editorId: auth.userId,
      descriptorVersion: table.version,
    });
    await q.insertHistory(tx, [
      { recordId: row.id, actorId: auth.userId, action: 'corrected', reason: input.reason ?? null, changes },
    ]);
    await afterWrite(tx, 'corrected', [{ ...row, fields }]);
    // A corrected quantity (trees, tons, m³, tags, stump) moves the rollup's sums (the count stays).
    const change = measuresChange(row.tableCode, row.fields, fields);
    if (Object.values(change).some((v) => v !== 0)) {
      await bumpCounts(tx, [
        {
          projectCode,
          tableCode: row.tableCode,
          sectionCode: row.sectionCode,
          state: row.state,
          day: q.chinaDay(row.timeSubmit),
          township: row.township,
          long: row.long,
          lat: row.lat,
          n: 0,
          ...change,
        },
      ]);
    }
    return { changed: 1, ids: [row.id] };
  });
  forgetTotals();
  return result;
}

/* ------------------------------------------------------------------ columns, users, holders */

export async function columnList(
  deps: AppDeps,
  projectCode: string,
  tableCode: string,
  withRetired: boolean,
) {
  const table = await tableFor(deps.database.db, projectCode, tableCode);
  return withRetired ? table.columns : table.columns.filter((c) => !c.retired);
}

export async function uploadColumns(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  tbName: string | undefined,
  fzcs: string | undefined,
) {
  const { db } = deps.database;
  const tables = await standards.projectTables(db, projectCode);
  let code = tbName;
  if (!code && fzcs) {
    // A prevention measure's code names its table (ksdc → gbksdc0101); accept either.
    code = tables.find((x) => x.code === fzcs || x.code === `gb${fzcs}0101`)?.code ?? fzcs;
  }
  code ??= tables[0]?.code ?? 'gbymfs0101';
  const columns = await columnList(deps, projectCode, code, false);
  const scope = await sectionScope(db, auth, projectCode);
  const sections = (await projects.listSections(db, projectCode)).filter(
    (s) => !scope || scope.includes(s.code),
  );
  return {
    tbName: code,
    columnList: columns,
    sections: sections.map((s) => ({ code: s.code, name: s.name })),
  };
}

export function examineUsers(deps: AppDeps, projectCode: string) {
  return q.usersWithPermission(deps.database.db, projectCode, 'records.review');
}

/** For the projects feature: live records holding a project or one of its sections. */
export function liveRecordCount(db: Executor, projectCode: string, sectionCode?: string) {
  return q.liveRecordCount(db, projectCode, sectionCode);
}

/** For the standards feature: how many records (deleted ones too) a standard table holds. */
export function tableRecordCount(db: Executor, tableCode: string) {
  return q.tableRecordCount(db, tableCode);
}

/** For the standards feature: whether records hold a value for a column. */
export function columnHasValues(db: Executor, tableCode: string, code: string) {
  return q.columnHasValues(db, tableCode, code);
}

/** Felling and burn records of a project naming any of the QR tag codes (for the qrTags feature). */
/** Where a record lives (project and section), or undefined: for features that answer about a record. */
export async function recordPlace(db: Executor, id: string) {
  const row = await q.findRecord(db, id.toLowerCase());
  return row ? { projectCode: row.project_code, sectionCode: row.section_code } : undefined;
}

export function recordsNamingTags(db: Executor, projectCode: string, codes: string[]) {
  return q.recordsNamingTags(db, projectCode, codes);
}

/** Adds to the per-day rollup and forgets the remembered sums (see rollupSums). */
async function bumpCounts(db: Executor, deltas: q.CountDelta[]) {
  await q.bumpCounts(db, deltas);
  rollupMemo.forget();
}

/**
 * Sums of the per-day rollup (the overview's figures): see queries.rollupSums. Every dashboard and
 * progress call asks for the same few sums, so they are remembered for 2 s per database (and given
 * 2 s more while one call reloads them); a change of the counters in this process forgets them at
 * once, another instance's shows within 4 s.
 */
export function rollupSums(db: Executor, filter: q.RollupFilter, by: q.RollupKey[]) {
  return rollupMemo.get(db, JSON.stringify([filter, by]), () => q.rollupSums(db, filter, by));
}

/** Changes whenever this process changes the rollup: figures computed from it can be keyed by it. */
export const rollupVersion = () => rollupMemo.version;
export type { RollupFilter, RollupKey, RollupRow } from './queries.ts';

/**
 * The data centre's overview: every standard table of the project, live records by state, last
 * day. A section manager's figures are their sections' only, like their list and dashboard.
 */
export async function tableSummary(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
): Promise<TableSummary> {
  const { db } = deps.database;
  const tables = await standards.projectTables(db, projectCode);
  const codes = tables.map((tb) => tb.code);
  const scope = await sectionScope(db, auth, projectCode);
  const filter = { projectCodes: [projectCode], tableCodes: codes, sectionCodes: scope };
  let sums: q.RollupRow[];
  let last: Map<string, string>;
  if (scope) {
    // Per day too, for the last day within the sections (the project-wide lastDays would tell
    // a section manager when other sections last recorded).
    sums = await q.rollupSums(db, filter, ['table', 'state', 'day']);
    last = new Map();
    for (const r of sums) {
      if (r.n > 0 && r.table && r.day && r.day > (last.get(r.table) ?? '')) last.set(r.table, r.day);
    }
  } else {
    [sums, last] = await Promise.all([
      q.rollupSums(db, filter, ['table', 'state']),
      q.lastDays(db, projectCode),
    ]);
  }
  return tables.map((tb) => {
    const states = { '10': 0, '20': 0, '30': 0, '40': 0 };
    for (const r of sums) {
      if (r.table === tb.code && r.state && r.state in states) states[r.state as keyof typeof states] += r.n;
    }
    return {
      tableCode: tb.code,
      tableName: tb.name,
      states,
      total: states['10'] + states['20'] + states['30'] + states['40'],
      lastDay: last.get(tb.code) ?? null,
    };
  });
}

/** Burn records of a table summed per named burn point and unit (the burn-point census reads it). */
export function burnTotals(db: Executor, projectCode: string, tableCode: string) {
  return q.burnTotals(db, projectCode, tableCode);
}

/** Burn records per submit day, point and unit between two China days (the fire reports read it). */
export function burnDayTotals(
  db: Executor,
  projectCode: string,
  tableCode: string,
  from: string,
  to: string,
  sections?: string[],
) {
  return q.burnDayTotals(db, projectCode, tableCode, from, to, sections);
}

/** The sections a caller may see records of in a project (undefined = all): section managers' scope. */
export function recordSectionScope(db: Executor, auth: AuthContext, projectCode: string) {
  return sectionScope(db, auth, projectCode);
}

/* ---- The field app ---- */

/**
 * What the field app needs for the selected project: its name, the sections the caller may
 * record in (a field worker's assigned ones) and its standard tables.
 */
export async function fieldSetup(deps: AppDeps, auth: AuthContext, projectCode: string) {
  const { db } = deps.database;
  const [name, sections, tables, allowed] = await Promise.all([
    projects.projectName(db, projectCode),
    projects.listSections(db, projectCode),
    standards.projectTables(db, projectCode),
    recordableSections(db, auth, projectCode),
  ]);
  return {
    project: { code: projectCode, name: name ?? projectCode },
    sections: sections
      .filter((s) => !allowed || allowed.has(s.code))
      .map((s) => ({ code: s.code, name: s.name })),
    assignedOnly: isFieldWorker(auth),
    tables: tables.filter((t) => !t.retired),
  };
}

/** The caller's own records among `ids`, with their state and the reason of a send-back. */
export async function ownStates(deps: AppDeps, auth: AuthContext, projectCode: string, ids: string[]) {
  const rows = await q.statesOfOwn(deps.database.db, auth.userId, projectCode, ids);
  return rows.map((r) => ({ id: r.id, state: r.state, reason: r.reason, deleted: r.deletedAt !== null }));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's own records of the last 30 days in the selected project (sent from any phone),
 * newest first, one keyset page at a time: the cursor names the last row of the previous page.
 */
export async function ownRecent(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: { cursor?: string; pageSize: number },
  now = new Date(),
) {
  let afterId: string | undefined;
  if (body.cursor) {
    const c = decodeCursor(body.cursor, 1);
    if (!c || typeof c[0] !== 'string' || !UUID_RE.test(c[0])) throw fail.invalid('cursorInvalid');
    afterId = c[0];
  }
  const since = new Date(now.getTime() - MINE_DAYS * 24 * 3600_000);
  const rows = await q.ownRecentPage(
    deps.database.db,
    auth.userId,
    projectCode,
    since,
    afterId,
    body.pageSize,
  );
  const last = rows[rows.length - 1];
  return {
    list: rows.map((r) => ({ ...r, timeSubmit: r.timeSubmit.toISOString() })),
    nextCursor: last && rows.length === body.pageSize ? encodeCursor([last.id]) : null,
  };
}
