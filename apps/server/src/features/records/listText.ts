import {
  fixedColumnCodes,
  type QueryDataListBody,
  type QueryDataListValue,
  type RecordRow,
} from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { firstPhoto, gpsText, list, type MediaSigner, namesFor, planPage } from './list.ts';
import * as q from './listQueries.ts';
import { flagBurnPoints } from './ports.ts';
import type { UserName } from '../users/index.ts';

/*
 * The records list's answer with its rows as JSON text: each row's stored columns
 * (listQueries.ts pageTextStatement) written as JSON pieces and spliced with the filter's
 * constants, people's names, the form's fields and signed links into exactly the text
 * JSON.stringify writes for list()'s row objects (list.test.ts compares the two). A row, page
 * after page, was rebuilt as an object by toRow and stringified again: a fifth of a list call's CPU
 * in Node. A page the pieces cannot say exactly (a time outside years 0–9999, a form field named
 * like a fixed column's neighbours or like an array index) is answered by list() instead.
 */

/** A list page's rows already written as JSON: listJson.ts writes the text as it is. */
export class RowsJson {
  constructor(readonly text: string) {}
}

// The row keys toRow writes before the form's fields: a field of the same name is left out.
const FIXED = new Set<string>([...fixedColumnCodes, 'state_reason', 'table_code', 'deleted']);
// Keys written after the fields (or, __proto__, not written at all), and array-index keys (which
// an object lists first): a field named so moves a key, so such a page goes the object way.
const MOVED = new Set(['thumbUrl', 'photoUrl', 'fsd_flag', '__proto__']);
const INDEX = /^(?:0|[1-9]\d{0,9})$/;

/** `,"k":v…` of a row's form fields as toRow copies them, or undefined when only list() can say it. */
function fieldsJson(fields: unknown): string | undefined {
  if (typeof fields === 'string') fields = JSON.parse(fields);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return undefined;
  const record = fields as Record<string, unknown>;
  let shadowed = false;
  for (const key in record) {
    if (MOVED.has(key) || (INDEX.test(key) && Number(key) < 4294967295)) return undefined;
    if (FIXED.has(key)) shadowed = true;
  }
  let own = record;
  if (shadowed) {
    own = {};
    for (const key in record) if (!FIXED.has(key)) own[key] = record[key];
  }
  const text = JSON.stringify(own);
  return text.length > 2 ? `,${text.slice(1, -1)}` : '';
}

const json = (v: string | null) => JSON.stringify(v);

/**
 * A China-time timestamp's text ('YYYY-MM-DD HH:MM:SS', maybe with fractions) as the list shows
 * it, in JSON; undefined for any other form (a five-digit year, BC, infinity): list() says those.
 */
function timeJson(t: string | null): string | undefined {
  if (t === null) return 'null';
  const plain = t.length === 19 || (t.length > 20 && t.charCodeAt(19) === 46); // '.'
  return plain && t.charCodeAt(4) === 45 && t.charCodeAt(13) === 58 ? `"${t.slice(0, 19)}"` : undefined; // '-', ':'
}

/** A row's three times in toRow's order, as JSON pieces; undefined when only list() can say one. */
function timesJson(r: q.TextRow): string | undefined {
  const submit = timeJson(r.time_submit);
  const update = timeJson(r.time_update);
  const edit = timeJson(r.time_edit);
  if (submit === undefined || update === undefined || edit === undefined) return undefined;
  return `,"time_submit":${submit},"time_update":${update},"time_edit":${edit}`;
}
/** A row's place and state in toRow's order, as JSON pieces (coordinates as list() writes them). */
const placeJson = (r: q.TextRow) =>
  `,"gps_long":"${gpsText(r.gps_long)}","gps_lat":"${gpsText(r.gps_lat)}","gps_alt":"${gpsText(r.gps_alt)}"` +
  `,"gps_range":"${gpsText(r.gps_range)}","gps_xian":${json(r.gps_xian)},"gps_xiang":${json(r.gps_xiang)}` +
  `,"gps_xzcun":${json(r.gps_xzcun)},"gps_xiaoban":${json(r.gps_xiaoban)},"code_state":${json(r.state)}` +
  `,"state_reason":${json(r.state_reason)}`;

// A person's JSON pieces, made once per name object (users/names.ts hands out the same object
// until the person changes): the collector's two keys, an editor's name.
const collectorJson = new WeakMap<UserName, string>();
const editorJson = new WeakMap<UserName, string>();
function collectorOf(person: UserName | undefined): string {
  if (!person) return ',"code_usr_account":"","userName":""';
  let text = collectorJson.get(person);
  if (text === undefined) {
    text = `,"code_usr_account":${json(person.account ?? '')},"userName":${json(person.name ?? '')}`;
    collectorJson.set(person, text);
  }
  return text;
}
function editorOf(person: UserName | undefined): string {
  if (!person) return ',"user_edit":null';
  let text = editorJson.get(person);
  if (text === undefined) editorJson.set(person, (text = `,"user_edit":${json(person.name ?? null)}`));
  return text;
}

/** queryDataList's answer with its rows as JSON text (list() when a page's rows need it). */
export async function listText(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: QueryDataListBody,
  sign?: MediaSigner,
): Promise<QueryDataListValue> {
  const plan = await planPage(deps, auth, projectCode, body);
  const { db, ctx, table, filter } = plan;
  const photoColumns = table.columns.filter((c) => c.fldInput === 'photo').map((c) => c.code);
  const consts = [ctx.areaName, ctx.areaCode, projectCode, filter.tableCode];
  if (consts.some((c) => typeof c !== 'string') || photoColumns.some((c) => FIXED.has(c)))
    return list(deps, auth, projectCode, body, sign);
  const [rows, total] = await Promise.all([
    q.listPageText(db, `${plan.pageKey}#text`, () => q.pageTextStatement(...plan.parts())),
    plan.total(),
  ]);
  if (plan.reverse) rows.reverse();
  const fields: string[] = [];
  const times: string[] = [];
  for (const r of rows) {
    const f = fieldsJson(r.fields);
    const t = timesJson(r);
    if (f === undefined || t === undefined) return list(deps, auth, projectCode, body, sign);
    fields.push(f);
    times.push(t);
  }
  const names = await namesFor(db, rows);
  // Burn records: the flag of each row's burn point, found as list() finds it (flagBurnPoints).
  const flagged = rows.map((r) => ({ fsd: (r.fields as Record<string, unknown>)['fsd'] }));
  await flagBurnPoints(db, projectCode, table.columns, flagged as unknown as RecordRow[]);
  const head = `,"xmdq":${json(ctx.areaName)},"code_project1":${json(ctx.areaCode)},"code_project2":${json(projectCode)},"code_project3":${json(filter.tableCode)}`;
  const tail = `,"table_code":${json(filter.tableCode)},"deleted":${filter.deleted}`;
  let text = '[';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const editor = r.editor_id ? editorOf(names.get(r.editor_id)) : ',"user_edit":null';
    let links = '';
    if (sign && photoColumns.length) {
      const first = firstPhoto(r.fields as Record<string, unknown>, photoColumns);
      links = first
        ? `,"thumbUrl":${json(sign(first, 'thumb').url)},"photoUrl":${json(sign(first, 'full').url)}`
        : ',"thumbUrl":null,"photoUrl":null';
    }
    const flag = (flagged[i] as { fsd_flag?: unknown }).fsd_flag;
    text +=
      `${i ? ',' : ''}{"id":${json(r.id)}${head},"code_project4":${json(r.section_code)}` +
      `${collectorOf(names.get(r.collector_id))}${times[i]}${editor}${placeJson(r)}${tail}` +
      `${fields[i]}${links}${flag === undefined ? '' : `,"fsd_flag":${JSON.stringify(flag)}`}}`;
  }
  const { nextCursor, prevCursor } = plan.cursors(rows);
  return {
    columnList: table.columns,
    result: {
      list: new RowsJson(`${text}]`) as unknown as RecordRow[],
      total: total.total,
      totalExact: total.totalExact,
      nextCursor,
      prevCursor,
    },
  };
}
