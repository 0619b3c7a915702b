import type { MeasureItem, StandardTableItem } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { Executor } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as q from './queries.ts';

/** Adds the built-in measures, tables and fields that are missing; never overwrites edits. */
export function ensureStandards(db: Executor): Promise<void> {
  return q.insertMissingBuiltins(db);
}

export function tablesWithColumns(db: Executor, codes?: string[]): Promise<StandardTableItem[]> {
  return q.tablesWithColumns(db, codes);
}

export function measures(db: Executor, codes?: string[]): Promise<MeasureItem[]> {
  return q.measures(db, codes);
}

export function projectMeasureCodes(db: Executor, projectCode: string): Promise<string[]> {
  return q.projectMeasureCodes(db, projectCode);
}

/** The standard tables of the project's chosen measures, active columns only (what the field app fills in). */
export async function projectTables(db: Executor, projectCode: string): Promise<StandardTableItem[]> {
  const chosen = await q.measures(db, await q.projectMeasureCodes(db, projectCode));
  const tables = await q.tablesWithColumns(
    db,
    chosen.map((m) => m.standardTableCode),
  );
  return tables.map((t) => ({ ...t, columns: t.columns.filter((c) => !c.retired) }));
}

/**
 * Metadata lists are answered whole (the screens show all of them), so they are bounded where
 * they grow: adding beyond these is refused.
 */
export const metadataLimits = { tables: 100, columnsPerTable: 200, factors: 500 };

/** Refuses a new row when its kind already holds `max` of them (editing an existing one is fine). */
async function refuseBeyond(
  db: Executor,
  kind: 'tables' | 'columns' | 'factors',
  code: string,
  tableCode: string | undefined,
  max: number,
  message: 'tooManyTables' | 'tooManyColumns' | 'tooManyFactors',
) {
  const row = await q.countOf(db, kind, code, tableCode);
  if (row.existing === 0 && row.total >= max) throw fail.invalid(message, { max });
}

export async function saveTable(deps: AppDeps, input: { code: string; name: string; description: string }) {
  const { db } = deps.database;
  await refuseBeyond(db, 'tables', input.code, undefined, metadataLimits.tables, 'tooManyTables');
  await q.upsertTable(db, input);
  return (await q.tablesWithColumns(db, [input.code]))[0]!;
}

/** Adds or changes a field. Saving a retired field brings it back; its code and type never change meaning. */
export async function saveColumn(deps: AppDeps, input: q.ColumnInput) {
  const { db } = deps.database;
  if (!(await q.findTable(db, input.tableCode))) throw fail.notFound();
  await refuseBeyond(
    db,
    'columns',
    input.code,
    input.tableCode,
    metadataLimits.columnsPerTable,
    'tooManyColumns',
  );
  await q.upsertColumn(db, input);
  return (await q.tablesWithColumns(db, [input.tableCode]))[0]!.columns.find((c) => c.code === input.code)!;
}

/** Removing a field retires it: records keep their values and still show them as history. */
export async function retireColumn(deps: AppDeps, tableCode: string, code: string) {
  if (!(await q.retireColumn(deps.database.db, tableCode, code))) throw fail.notFound();
}

export function listFactors(deps: AppDeps) {
  return q.listFactors(deps.database.db);
}

export async function saveFactor(deps: AppDeps, input: Parameters<typeof q.upsertFactor>[1]) {
  await refuseBeyond(
    deps.database.db,
    'factors',
    input.code,
    undefined,
    metadataLimits.factors,
    'tooManyFactors',
  );
  return q.upsertFactor(deps.database.db, input);
}

export async function deleteFactor(deps: AppDeps, code: string) {
  if (!(await q.deleteFactor(deps.database.db, code))) throw fail.notFound();
}
