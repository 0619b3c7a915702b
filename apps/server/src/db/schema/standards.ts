import type { ColumnRules } from '@pineguard/contract';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/** 防治措施: a kind of control work; each brings its standard table of fields. */
export const controlMeasures = pgTable('control_measures', {
  code: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  standardTableCode: text().notNull(),
  sort: integer().notNull().default(0),
  builtIn: boolean().notNull().default(false),
});

/** 标准表: the field set of one kind of record, e.g. gbymfs0101 (疫木焚烧). */
export const standardTables = pgTable('standard_tables', {
  code: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  builtIn: boolean().notNull().default(false),
  /** Raised by every change of the table's columns; each record keeps the version it was checked against. */
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** A custom table no longer offered (as columns are retired): records made with it stay readable. */
  retiredAt: timestamp({ withTimezone: true }),
});

export type { ColumnRules };

/**
 * 字段描述: one dynamic field of a standard table. `code` is a safe identifier; a removed column
 * is retired, never deleted, so records collected with it stay readable.
 */
export const columnDescriptors = pgTable(
  'column_descriptors',
  {
    tableCode: text()
      .notNull()
      .references(() => standardTables.code),
    code: text().notNull(),
    value: text().notNull(),
    fldDescript: text().notNull().default(''),
    fldInput: text().notNull(),
    sort: integer().notNull().default(0),
    rules: jsonb().$type<ColumnRules>().notNull().default({}),
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tableCode, t.code] })],
);

/** 上报因子: a reusable field definition that metadata managers add to standard tables. */
export const reportingFactors = pgTable('reporting_factors', {
  code: text().primaryKey(),
  value: text().notNull(),
  fldDescript: text().notNull().default(''),
  fldInput: text().notNull(),
  rules: jsonb().$type<ColumnRules>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The control measures a project has chosen (setUpType). */
export const projectMeasures = pgTable(
  'project_measures',
  {
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    measureCode: text()
      .notNull()
      .references(() => controlMeasures.code),
  },
  (t) => [primaryKey({ columns: [t.projectCode, t.measureCode] })],
);
