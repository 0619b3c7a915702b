import {
  type ColumnRules,
  ErrorCode,
  type FieldError,
  type Lang,
  type MeasureItem,
  quantityRuleProblems,
  type StandardTableItem,
  unitFieldProblems,
} from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { holdingsText } from '../../platform/holdings.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { recordHoldings } from './holdings.ts';
import * as q from './queries.ts';
import { builtinUpgrades, quantityKeys } from './upgrade.ts';

/**
 * Adds the built-in measures, tables and fields that are missing, and brings installed built-in
 * fields to today's definitions where nobody edited them (upgrade.ts: the units and limits of
 * issue 26); each table changed gets a new descriptor version. Runs at start, under the start lock.
 */
export async function ensureStandards(db: Executor): Promise<void> {
  await q.insertMissingBuiltins(db);
  const upgrades = builtinUpgrades(await q.builtinColumns(db));
  if (!upgrades.length) return;
  await db.transaction(async (tx) => {
    for (const u of upgrades) await q.setColumnDefinition(tx, u);
    for (const table of new Set(upgrades.map((u) => u.tableCode))) await q.bumpVersion(tx, table);
  });
}

/** A refusal naming the fields, as a record's field errors are answered. */
function refused(errors: FieldError[]): AppError {
  return new AppError(
    ErrorCode.validation,
    'fieldErrors',
    { text: errors.map((e) => e.message).join('；') },
    { fields: errors },
  );
}

/**
 * The rules to store: quantity declarations the request leaves out are kept from the stored field
 * (a form that does not know them must not strip a quantity of its unit); `unitColumn: ''` and
 * `maxByUnit: {}` clear them.
 */
function rulesToStore(given: ColumnRules, before: ColumnRules | undefined, sameType: boolean): ColumnRules {
  const rules: ColumnRules = { ...given };
  if (before && sameType) {
    for (const k of quantityKeys) {
      if (k !== 'unit' && rules[k] === undefined && before[k] !== undefined)
        Object.assign(rules, { [k]: before[k] });
    }
  }
  if (rules.unitColumn === '') delete rules.unitColumn;
  if (rules.maxByUnit && !Object.keys(rules.maxByUnit).length) delete rules.maxByUnit;
  return rules;
}

export function tablesWithColumns(db: Executor, codes?: string[]): Promise<StandardTableItem[]> {
  return q.tablesWithColumns(db, codes);
}

export type TableDescriptor = StandardTableItem & { version: number };

/** One table's columns (retired ones too) and its descriptor version; undefined when unknown. */
export async function descriptorOf(db: Executor, tableCode: string): Promise<TableDescriptor | undefined> {
  const [table] = await q.tablesWithColumns(db, [tableCode]);
  if (!table) return undefined;
  return { ...table, version: (await q.tableVersion(db, tableCode)) ?? 1 };
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

export async function saveTable(
  deps: AppDeps,
  auth: AuthContext,
  input: { code: string; name: string; description: string },
) {
  const { db } = deps.database;
  await refuseBeyond(db, 'tables', input.code, undefined, metadataLimits.tables, 'tooManyTables');
  await db.transaction(async (tx) => {
    await q.upsertTable(tx, input);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'update',
      entity: 'standard',
      entityId: input.code,
      summary: `${input.code} ${input.name}`,
      params: { kind: 'table', name: input.name, code: input.code },
      after: input,
    });
  });
  return (await q.tablesWithColumns(db, [input.code]))[0]!;
}

/**
 * Adds or changes a field. Saving a retired field brings it back; its code and type never change
 * meaning. A quantity's unit rules are checked against the table's other fields (contract
 * quantityRuleProblems), and a select field other quantities take their unit from keeps units as options.
 */
export async function saveColumn(
  deps: AppDeps,
  auth: AuthContext,
  given: q.ColumnInput,
  lang: Lang = 'zh-CN',
) {
  const { db } = deps.database;
  if (!(await q.findTable(db, given.tableCode))) throw fail.notFound();
  await refuseBeyond(
    db,
    'columns',
    given.code,
    given.tableCode,
    metadataLimits.columnsPerTable,
    'tooManyColumns',
  );
  const { tableCode, code } = given;
  const before = await q.findColumn(db, tableCode, code);
  const input = {
    ...given,
    rules: rulesToStore(given.rules, before?.rules, before?.fldInput === given.fldInput),
  };
  const siblings = await q.columnsOf(db, tableCode);
  const problems = [
    ...quantityRuleProblems(input, siblings, lang),
    ...unitFieldProblems(input, siblings, lang),
  ];
  if (problems.length) throw refused(problems);
  // Once records hold a column, its type never changes meaning: a new type needs a new code.
  if (
    before &&
    before.fldInput !== input.fldInput &&
    (await recordHoldings().columnHasValues(db, tableCode, code))
  ) {
    throw fail.invalid('columnTypeLocked', { code });
  }
  await db.transaction(async (tx) => {
    await q.upsertColumn(tx, input);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: before ? 'update' : 'create',
      entity: 'standard',
      entityId: `${tableCode}.${code}`,
      summary: `${tableCode}.${code} ${input.value}`,
      params: { kind: 'column', name: input.value, code, table: tableCode },
      before: before ?? null,
      after: input,
    });
  });
  return (await q.tablesWithColumns(db, [tableCode]))[0]!.columns.find((c) => c.code === code)!;
}

/**
 * Removing a field retires it: records keep their values and still show them as history. A field
 * another one takes its unit from stays (its quantities would lose their unit).
 */
export async function retireColumn(deps: AppDeps, auth: AuthContext, tableCode: string, code: string) {
  const user = (await q.columnsOf(deps.database.db, tableCode)).find(
    (c) => !c.retired && c.rules.unitColumn === code,
  );
  if (user) throw fail.invalid('unitColumnInUse', { code, user: user.value });
  await deps.database.db.transaction(async (tx) => {
    const retired = await q.retireColumn(tx, tableCode, code);
    if (!retired) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'retire',
      entity: 'standard',
      entityId: `${tableCode}.${code}`,
      summary: `${tableCode}.${code} ${retired.value}`,
      params: { kind: 'column', name: retired.value, code, table: tableCode },
      before: retired,
    });
  });
}

/**
 * Retiring a custom table, as columns are retired: it stays listed (retired) so records made with
 * it stay readable, but is offered nowhere, and its custom measures go. Refused for built-in
 * tables, and while a project's measures use it or records hold it (the message says which).
 */
export async function retireTable(deps: AppDeps, auth: AuthContext, code: string) {
  const { db } = deps.database;
  const table = await q.findTable(db, code);
  if (!table || table.retiredAt) throw fail.notFound();
  if (table.builtIn) throw fail.invalid('tableBuiltIn');
  const [projects, recordCount] = await Promise.all([
    q.projectsUsingTable(db, code),
    recordHoldings().tableRecordCount(db, code),
  ]);
  const held: { label: 'holdsProjects' | 'holdsRecords'; n: number }[] = [];
  if (projects) held.push({ label: 'holdsProjects', n: projects });
  if (recordCount) held.push({ label: 'holdsRecords', n: recordCount });
  if (held.length) throw fail.conflict('tableInUse', { holdings: holdingsText(held) });
  await db.transaction(async (tx) => {
    if (!(await q.retireTable(tx, code))) throw fail.notFound();
    const measures = await q.deleteCustomMeasuresOf(tx, code);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'retire',
      entity: 'standard',
      entityId: code,
      summary: `${code} ${table.name}`,
      params: { kind: 'table', name: table.name, code },
      before: { ...table, measures },
    });
  });
}

/** Adds or changes the control measure of a custom table, so projects can choose it. */
export async function saveMeasure(
  deps: AppDeps,
  auth: AuthContext,
  input: { code: string; name: string; description: string; standardTableCode: string },
): Promise<MeasureItem> {
  const { db } = deps.database;
  const table = await q.findTable(db, input.standardTableCode);
  if (!table) throw fail.notFound();
  if (table.retiredAt) throw fail.invalid('tableRetired', { code: table.code });
  const before = await q.findMeasure(db, input.code);
  if (before?.builtIn) throw fail.invalid('measureBuiltIn', { code: input.code });
  await db.transaction(async (tx) => {
    await q.upsertMeasure(tx, input);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: before ? 'update' : 'create',
      entity: 'standard',
      entityId: `measure:${input.code}`,
      summary: `${input.code} ${input.name} → ${input.standardTableCode}`,
      params: { kind: 'measure', name: input.name, code: input.code, table: input.standardTableCode },
      before: before ?? null,
      after: input,
    });
  });
  return (await q.measures(db, [input.code]))[0]!;
}

export function listFactors(deps: AppDeps) {
  return q.listFactors(deps.database.db);
}

/** A factor (上报因子) has no table yet: its unit and kind are checked, its unit field when it joins a table. */
export async function saveFactor(
  deps: AppDeps,
  auth: AuthContext,
  input: Parameters<typeof q.upsertFactor>[1],
  lang: Lang = 'zh-CN',
) {
  const problems = quantityRuleProblems(input, [], lang, { tableless: true });
  if (problems.length) throw refused(problems);
  await refuseBeyond(
    deps.database.db,
    'factors',
    input.code,
    undefined,
    metadataLimits.factors,
    'tooManyFactors',
  );
  return deps.database.db.transaction(async (tx) => {
    const row = await q.upsertFactor(tx, input);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'update',
      entity: 'standard',
      entityId: `factor.${input.code}`,
      summary: `${input.code} ${input.value}`,
      params: { kind: 'factor', name: input.value, code: input.code },
      after: input,
    });
    return row;
  });
}

export async function deleteFactor(deps: AppDeps, auth: AuthContext, code: string) {
  await deps.database.db.transaction(async (tx) => {
    const removed = await q.deleteFactor(tx, code);
    if (!removed) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'delete',
      entity: 'standard',
      entityId: `factor.${code}`,
      summary: code,
      params: { kind: 'factor', name: removed?.value ?? code, code },
      before: removed,
    });
  });
}
