import type { MeasureItem, StandardTableItem } from '@pineguard/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  type ColumnRules,
  columnDescriptors,
  controlMeasures,
  projectMeasures,
  reportingFactors,
  standardTables,
} from '../../db/schema/index.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import * as records from '../records/index.ts';
import { builtinMeasures } from './builtin.ts';

/** Adds the built-in measures, tables and fields that are missing; never overwrites edits. */
export async function ensureStandards(db: Executor): Promise<void> {
  await db
    .insert(standardTables)
    .values(builtinMeasures.map((m) => ({ ...m.table, builtIn: true, columns: undefined })))
    .onConflictDoNothing();
  await db
    .insert(columnDescriptors)
    .values(
      builtinMeasures.flatMap((m) =>
        m.table.columns.map((c, i) => ({
          tableCode: m.table.code,
          code: c.code,
          value: c.value,
          fldDescript: c.fldDescript ?? '',
          fldInput: c.fldInput,
          sort: (i + 1) * 10,
          rules: c.rules ?? {},
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(controlMeasures)
    .values(
      builtinMeasures.map((m, i) => ({
        code: m.code,
        name: m.name,
        description: m.description,
        standardTableCode: m.table.code,
        sort: i,
        builtIn: true,
      })),
    )
    .onConflictDoNothing();
}

export async function tablesWithColumns(db: Executor, codes?: string[]): Promise<StandardTableItem[]> {
  const tables = await db
    .select()
    .from(standardTables)
    .where(codes ? inArray(standardTables.code, codes.length ? codes : ['']) : undefined)
    .orderBy(standardTables.code);
  if (!tables.length) return [];
  const columns = await db
    .select()
    .from(columnDescriptors)
    .where(
      inArray(
        columnDescriptors.tableCode,
        tables.map((t) => t.code),
      ),
    )
    .orderBy(asc(columnDescriptors.sort), asc(columnDescriptors.code));
  return tables.map((t) => ({
    code: t.code,
    name: t.name,
    description: t.description,
    builtIn: t.builtIn,
    columns: columns
      .filter((c) => c.tableCode === t.code)
      .map((c) => ({
        code: c.code,
        value: c.value,
        fldDescript: c.fldDescript,
        fldInput: c.fldInput,
        sort: c.sort,
        rules: c.rules,
        retired: c.retiredAt !== null,
      })),
  }));
}

export type TableDescriptor = StandardTableItem & { version: number };

/** One table's columns (retired ones too) and its descriptor version; undefined when unknown. */
export async function descriptorOf(db: Executor, tableCode: string): Promise<TableDescriptor | undefined> {
  const [table] = await tablesWithColumns(db, [tableCode]);
  if (!table) return undefined;
  const [row] = await db
    .select({ version: standardTables.version })
    .from(standardTables)
    .where(eq(standardTables.code, tableCode));
  return { ...table, version: row?.version ?? 1 };
}

export async function measures(db: Executor, codes?: string[]): Promise<MeasureItem[]> {
  const rows = await db
    .select({
      code: controlMeasures.code,
      name: controlMeasures.name,
      description: controlMeasures.description,
      standardTableCode: controlMeasures.standardTableCode,
      standardTableName: sql<string>`coalesce(${standardTables.name}, '')`,
    })
    .from(controlMeasures)
    .leftJoin(standardTables, eq(standardTables.code, controlMeasures.standardTableCode))
    .where(codes ? inArray(controlMeasures.code, codes.length ? codes : ['']) : undefined)
    .orderBy(controlMeasures.sort, controlMeasures.code);
  return rows;
}

export async function projectMeasureCodes(db: Executor, projectCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: projectMeasures.measureCode })
    .from(projectMeasures)
    .where(eq(projectMeasures.projectCode, projectCode))
    .orderBy(projectMeasures.measureCode);
  return rows.map((r) => r.code);
}

/** The standard tables of the project's chosen measures, active columns only (what the field app fills in). */
export async function projectTables(db: Executor, projectCode: string): Promise<StandardTableItem[]> {
  const chosen = await measures(db, await projectMeasureCodes(db, projectCode));
  const tables = await tablesWithColumns(
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

/** Refuses a new row when `rows` already holds `max` of them (editing an existing one is fine). */
async function refuseBeyond(
  db: Executor,
  table: typeof standardTables | typeof columnDescriptors | typeof reportingFactors,
  where: SQL | undefined,
  exists: SQL,
  max: number,
  message: 'tooManyTables' | 'tooManyColumns' | 'tooManyFactors',
) {
  const [row] = await db
    .select({ total: count(), existing: sql<number>`count(*) filter (where ${exists})`.mapWith(Number) })
    .from(table)
    .where(where);
  if (row && row.existing === 0 && row.total >= max) throw fail.invalid(message, { max });
}

export async function saveTable(
  deps: AppDeps,
  auth: AuthContext,
  input: { code: string; name: string; description: string },
) {
  await refuseBeyond(
    deps.database.db,
    standardTables,
    undefined,
    eq(standardTables.code, input.code),
    metadataLimits.tables,
    'tooManyTables',
  );
  await deps.database.db
    .insert(standardTables)
    .values(input)
    .onConflictDoUpdate({
      target: standardTables.code,
      set: { name: input.name, description: input.description, updatedAt: sql`now()` },
    });
  await audit(deps.database.db, {
    actorId: auth.userId,
    projectCode: null,
    action: 'update',
    entity: 'standard',
    entityId: input.code,
    summary: `${input.code} ${input.name}`,
    after: input,
  });
  return (await tablesWithColumns(deps.database.db, [input.code]))[0]!;
}

/** Adds or changes a field. Saving a retired field brings it back; its code and type never change meaning. */
export async function saveColumn(
  deps: AppDeps,
  auth: AuthContext,
  input: {
    tableCode: string;
    code: string;
    value: string;
    fldDescript: string;
    fldInput: string;
    sort: number;
    rules: ColumnRules;
  },
) {
  const { db } = deps.database;
  const [table] = await db.select().from(standardTables).where(eq(standardTables.code, input.tableCode));
  if (!table) throw fail.notFound();
  await refuseBeyond(
    db,
    columnDescriptors,
    eq(columnDescriptors.tableCode, input.tableCode),
    eq(columnDescriptors.code, input.code),
    metadataLimits.columnsPerTable,
    'tooManyColumns',
  );
  const { tableCode, code, ...values } = input;
  const [before] = await db
    .select()
    .from(columnDescriptors)
    .where(and(eq(columnDescriptors.tableCode, tableCode), eq(columnDescriptors.code, code)));
  // Once records hold a column, its type never changes meaning: a new type needs a new code.
  if (before && before.fldInput !== input.fldInput && (await records.columnHasValues(db, tableCode, code))) {
    throw fail.invalid('columnTypeLocked', { code });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(columnDescriptors)
      .values({ ...input, retiredAt: null })
      .onConflictDoUpdate({
        target: [columnDescriptors.tableCode, columnDescriptors.code],
        set: { ...values, retiredAt: null },
      });
    await bumpVersion(tx, tableCode);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: before ? 'update' : 'create',
      entity: 'standard',
      entityId: `${tableCode}.${code}`,
      summary: `${tableCode}.${code} ${input.value}`,
      before: before ?? null,
      after: input,
    });
  });
  return (await tablesWithColumns(db, [tableCode]))[0]!.columns.find((c) => c.code === code)!;
}

/** Removing a field retires it: records keep their values and still show them as history. */
export async function retireColumn(deps: AppDeps, auth: AuthContext, tableCode: string, code: string) {
  await deps.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(columnDescriptors)
      .set({ retiredAt: sql`now()` })
      .where(
        and(
          eq(columnDescriptors.tableCode, tableCode),
          eq(columnDescriptors.code, code),
          isNull(columnDescriptors.retiredAt),
        ),
      )
      .returning();
    if (!updated.length) throw fail.notFound();
    await bumpVersion(tx, tableCode);
    await audit(tx, {
      actorId: auth.userId,
      projectCode: null,
      action: 'delete',
      entity: 'standard',
      entityId: `${tableCode}.${code}`,
      summary: `${tableCode}.${code} ${updated[0]!.value}`,
      before: updated[0],
    });
  });
}

/** Every change of a table's columns raises its descriptor version (records keep the one they met). */
async function bumpVersion(db: Executor, tableCode: string) {
  await db
    .update(standardTables)
    .set({ version: sql`${standardTables.version} + 1`, updatedAt: sql`now()` })
    .where(eq(standardTables.code, tableCode));
}

export function listFactors(deps: AppDeps) {
  return deps.database.db.select().from(reportingFactors).orderBy(reportingFactors.code);
}

export async function saveFactor(
  deps: AppDeps,
  auth: AuthContext,
  input: { code: string; value: string; fldDescript: string; fldInput: string; rules: ColumnRules },
) {
  await refuseBeyond(
    deps.database.db,
    reportingFactors,
    undefined,
    eq(reportingFactors.code, input.code),
    metadataLimits.factors,
    'tooManyFactors',
  );
  const { code: _code, ...values } = input;
  const [row] = await deps.database.db
    .insert(reportingFactors)
    .values(input)
    .onConflictDoUpdate({ target: reportingFactors.code, set: values })
    .returning();
  await audit(deps.database.db, {
    actorId: auth.userId,
    projectCode: null,
    action: 'update',
    entity: 'standard',
    entityId: `factor.${input.code}`,
    summary: `${input.code} ${input.value}`,
    after: input,
  });
  return row!;
}

export async function deleteFactor(deps: AppDeps, auth: AuthContext, code: string) {
  const removed = await deps.database.db
    .delete(reportingFactors)
    .where(eq(reportingFactors.code, code))
    .returning();
  if (!removed.length) throw fail.notFound();
  await audit(deps.database.db, {
    actorId: auth.userId,
    projectCode: null,
    action: 'delete',
    entity: 'standard',
    entityId: `factor.${code}`,
    summary: code,
    before: removed[0],
  });
}
