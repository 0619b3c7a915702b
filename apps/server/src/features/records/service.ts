import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { Executor } from '../../db/client.ts';
import * as projects from '../projects/index.ts';
import * as standards from '../standards/index.ts';
import { sectionScope, tableFor } from './context.ts';
import * as q from './queries.ts';
import { findRecord } from './listQueries.ts';

/**
 * The records feature's services, one module per job; this file names them all for routes.ts and
 * the seed (which stores its demo records through ingestion and review, as the field would):
 * - ingest.ts   the field's batch and the PC upload (the write path)
 * - list.ts     the data list: filter, sort, keyset cursors, totals; detail.ts one record
 * - review.ts   approve, send back, reject, delete, restore; correct.ts the approval save
 * - counters.ts the rollup kept in step with writes, its sums and the data centre's summary
 * - field.ts    the field app's setup and its own records
 * - context.ts  project context, table descriptors, section scope, visible and lockable records
 * - ports.ts    what other features plug in (after-write checks, burn point flags)
 * Here: the columns calls and the small reads other features make through index.ts.
 */
export { type IncomingRecord, ingest, parseCollect, uploadFromPc } from './ingest.ts';
export { list } from './list.ts';
export { detail, type MediaSigner } from './detail.ts';
export { examine, examineByFilter, setDeleted } from './review.ts';
export { correct } from './correct.ts';
export { rollupSums, rollupVersion, tableSummary } from './counters.ts';
export { fieldSetup, ownRecent, ownStates } from './field.ts';
export { sectionScope } from './context.ts';

/* ------------------------------------------------------------------ columns, examiners */

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

/* ------------------------------------------------------------------ reads for other features */

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

/** Where a record lives (project and section), or undefined: for features that answer about a record. */
export async function recordPlace(db: Executor, id: string) {
  const row = await findRecord(db, id.toLowerCase());
  return row ? { projectCode: row.project_code, sectionCode: row.section_code } : undefined;
}

/** Felling and burn records of a project naming any of the QR tag codes (for the qrTags feature). */
export function recordsNamingTags(db: Executor, projectCode: string, codes: string[]) {
  return q.recordsNamingTags(db, projectCode, codes);
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
