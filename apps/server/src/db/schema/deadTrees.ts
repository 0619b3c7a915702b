import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * 枯死松树普查 (ksss). A spreadsheet upload is an import task; its accepted rows become trees
 * (one per project, sub-compartment and tree number: a later file updates a tree); the census
 * per sub-compartment is recounted from the trees in the same transaction.
 */
export const deadTreeImports = pgTable(
  'dead_tree_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    fileName: text().notNull(),
    /** SHA-256 of the file's bytes: the same file imported again changes nothing. */
    sha256: text().notNull(),
    /** 0 waiting, 1 importing, 2 done, 3 failed. */
    state: smallint().notNull().default(0),
    progress: smallint().notNull().default(0),
    rows: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    message: text().notNull().default(''),
    errorFileId: uuid().references(() => files.id),
    /** The background job running it, when the job runner holds it. */
    jobId: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('dead_tree_imports_project_created_idx').on(t.projectCode, t.createdAt.desc(), t.id.desc()),
    index('dead_tree_imports_project_sha_idx').on(t.projectCode, t.sha256),
  ],
);

export const deadTrees = pgTable(
  'dead_trees',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    xiaobanCode: text().notNull(),
    treeNo: text().notNull(),
    sectionCode: text().notNull().default(''),
    township: text().notNull(),
    village: text().notNull().default(''),
    species: text().notNull(),
    dbh: doublePrecision().notNull(),
    height: doublePrecision(),
    longitude: doublePrecision().notNull(),
    latitude: doublePrecision().notNull(),
    /** 0 standing (未伐), 1 felled (已伐). */
    state: smallint().notNull().default(0),
    surveyDate: date({ mode: 'string' }).notNull(),
    felledDate: date({ mode: 'string' }),
    remark: text().notNull().default(''),
    importId: uuid().references(() => deadTreeImports.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dead_trees_project_xiaoban_tree_uq').on(t.projectCode, t.xiaobanCode, t.treeNo)],
);

export const deadTreeCensus = pgTable(
  'dead_tree_census',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    xiaobanCode: text().notNull(),
    sectionCode: text().notNull().default(''),
    township: text().notNull(),
    village: text().notNull().default(''),
    deadCount: integer().notNull(),
    felledCount: integer().notNull(),
    surveyDate: date({ mode: 'string' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dead_tree_census_project_xiaoban_uq').on(t.projectCode, t.xiaobanCode)],
);
