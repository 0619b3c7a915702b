import type { MeasureItem, StandardTableItem } from '@pineguard/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type ColumnRules,
  columnDescriptors,
  controlMeasures,
  projectMeasures,
  reportingFactors,
  standardTables,
} from '../../db/schema/index.ts';
import { builtinMeasures } from './builtin.ts';

/** Adds the built-in measures, tables and fields that are missing; never overwrites edits. */
export async function insertMissingBuiltins(db: Executor): Promise<void> {
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

/** The built-in tables' fields as stored (what ensureStandards upgrades). */
export async function builtinColumns(db: Executor) {
  const rows = await db
    .select({
      tableCode: columnDescriptors.tableCode,
      code: columnDescriptors.code,
      fldDescript: columnDescriptors.fldDescript,
      rules: columnDescriptors.rules,
      retiredAt: columnDescriptors.retiredAt,
    })
    .from(columnDescriptors)
    .innerJoin(standardTables, eq(standardTables.code, columnDescriptors.tableCode))
    .where(eq(standardTables.builtIn, true));
  return rows.map(({ retiredAt, ...r }) => ({ ...r, retired: retiredAt !== null }));
}

/** Sets a field's description and rules (a built-in upgrade); the caller raises the table's version. */
export async function setColumnDefinition(
  db: Executor,
  c: { tableCode: string; code: string; fldDescript: string; rules: ColumnRules },
): Promise<void> {
  await db
    .update(columnDescriptors)
    .set({ fldDescript: c.fldDescript, rules: c.rules })
    .where(and(eq(columnDescriptors.tableCode, c.tableCode), eq(columnDescriptors.code, c.code)));
}

/** Every field of one table, retired ones included (what a field's unit rules are checked against). */
export async function columnsOf(db: Executor, tableCode: string) {
  const rows = await db.select().from(columnDescriptors).where(eq(columnDescriptors.tableCode, tableCode));
  return rows.map((c) => ({ ...c, retired: c.retiredAt !== null }));
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
    retired: t.retiredAt !== null,
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

export async function measures(db: Executor, codes?: string[]): Promise<MeasureItem[]> {
  const rows = await db
    .select({
      code: controlMeasures.code,
      name: controlMeasures.name,
      description: controlMeasures.description,
      standardTableCode: controlMeasures.standardTableCode,
      standardTableName: sql<string>`coalesce(${standardTables.name}, '')`,
      builtIn: controlMeasures.builtIn,
    })
    .from(controlMeasures)
    .leftJoin(standardTables, eq(standardTables.code, controlMeasures.standardTableCode))
    // Measures of a retired table are offered nowhere (retiring refuses while a project uses one).
    .where(
      and(
        codes ? inArray(controlMeasures.code, codes.length ? codes : ['']) : undefined,
        isNull(standardTables.retiredAt),
      ),
    )
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

/**
 * How many rows of a kind exist (fields: within one table) and whether `code` is one of them:
 * what the limits on metadata are checked against.
 */
export async function countOf(
  db: Executor,
  kind: 'tables' | 'columns' | 'factors',
  code: string,
  tableCode?: string,
): Promise<{ total: number; existing: number }> {
  const existing = sql<number>`count(*) filter (where ${
    kind === 'tables'
      ? eq(standardTables.code, code)
      : kind === 'columns'
        ? eq(columnDescriptors.code, code)
        : eq(reportingFactors.code, code)
  })`.mapWith(Number);
  const from = kind === 'tables' ? standardTables : kind === 'columns' ? columnDescriptors : reportingFactors;
  const where = kind === 'columns' ? eq(columnDescriptors.tableCode, tableCode ?? '') : undefined;
  const [row] = await db.select({ total: count(), existing }).from(from).where(where);
  return row ?? { total: 0, existing: 0 };
}

export async function upsertTable(db: Executor, input: { code: string; name: string; description: string }) {
  await db
    .insert(standardTables)
    .values(input)
    .onConflictDoUpdate({
      target: standardTables.code,
      // Saving a retired table brings it back, as saving a retired column does.
      set: { name: input.name, description: input.description, retiredAt: null, updatedAt: sql`now()` },
    });
}

export async function findTable(db: Executor, code: string) {
  const [table] = await db.select().from(standardTables).where(eq(standardTables.code, code));
  return table;
}

export type ColumnInput = {
  tableCode: string;
  code: string;
  value: string;
  fldDescript: string;
  fldInput: string;
  sort: number;
  rules: ColumnRules;
};

/** Writes a field (bringing a retired one back) and touches its table. */
export async function upsertColumn(db: Executor, input: ColumnInput): Promise<void> {
  const { tableCode, code: _code, ...values } = input;
  await db
    .insert(columnDescriptors)
    .values({ ...input, retiredAt: null })
    .onConflictDoUpdate({
      target: [columnDescriptors.tableCode, columnDescriptors.code],
      set: { ...values, retiredAt: null },
    });
  await bumpVersion(db, tableCode);
}

export async function findColumn(db: Executor, tableCode: string, code: string) {
  const [row] = await db
    .select()
    .from(columnDescriptors)
    .where(and(eq(columnDescriptors.tableCode, tableCode), eq(columnDescriptors.code, code)));
  return row;
}

export async function tableVersion(db: Executor, tableCode: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: standardTables.version })
    .from(standardTables)
    .where(eq(standardTables.code, tableCode));
  return row?.version;
}

/** Every change of a table's columns raises its descriptor version (records keep the one they met). */
export async function bumpVersion(db: Executor, tableCode: string): Promise<void> {
  await db
    .update(standardTables)
    .set({ version: sql`${standardTables.version} + 1`, updatedAt: sql`now()` })
    .where(eq(standardTables.code, tableCode));
}

/** Retires an active field; answers how many were retired. */
/** Retires a live column; answers the retired row, or undefined when there was none. */
export async function retireColumn(db: Executor, tableCode: string, code: string) {
  const updated = await db
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
  if (updated.length) await bumpVersion(db, tableCode);
  return updated[0];
}

export function listFactors(db: Executor) {
  return db.select().from(reportingFactors).orderBy(reportingFactors.code);
}

export async function upsertFactor(
  db: Executor,
  input: { code: string; value: string; fldDescript: string; fldInput: string; rules: ColumnRules },
) {
  const { code: _code, ...values } = input;
  const [row] = await db
    .insert(reportingFactors)
    .values(input)
    .onConflictDoUpdate({ target: reportingFactors.code, set: values })
    .returning();
  return row!;
}

/** Deletes a factor; answers the deleted row, or undefined when there was none. */
export async function deleteFactor(db: Executor, code: string) {
  const [removed] = await db.delete(reportingFactors).where(eq(reportingFactors.code, code)).returning();
  return removed;
}

/** Marks a table retired; answers whether a live one was. */
export async function retireTable(db: Executor, code: string): Promise<boolean> {
  const rows = await db
    .update(standardTables)
    .set({ retiredAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(standardTables.code, code), isNull(standardTables.retiredAt)))
    .returning({ code: standardTables.code });
  return rows.length > 0;
}

/** Projects (archived ones too) whose chosen measures use a table. */
export async function projectsUsingTable(db: Executor, tableCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${projectMeasures.projectCode})`.mapWith(Number) })
    .from(projectMeasures)
    .innerJoin(controlMeasures, eq(controlMeasures.code, projectMeasures.measureCode))
    .where(eq(controlMeasures.standardTableCode, tableCode));
  return row?.n ?? 0;
}

/** Removes the custom measures of a table (none is chosen by a project: checked before). */
export async function deleteCustomMeasuresOf(db: Executor, tableCode: string) {
  return db
    .delete(controlMeasures)
    .where(and(eq(controlMeasures.standardTableCode, tableCode), eq(controlMeasures.builtIn, false)))
    .returning();
}

export async function findMeasure(db: Executor, code: string) {
  const [row] = await db.select().from(controlMeasures).where(eq(controlMeasures.code, code));
  return row;
}

export async function upsertMeasure(
  db: Executor,
  input: { code: string; name: string; description: string; standardTableCode: string },
): Promise<void> {
  const { name, description, standardTableCode } = input;
  await db
    .insert(controlMeasures)
    .values({ ...input, builtIn: false, sort: 1000 })
    .onConflictDoUpdate({ target: controlMeasures.code, set: { name, description, standardTableCode } });
}
