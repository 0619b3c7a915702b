import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';

/** A prevention project (a county's campaign). The projects feature extends this table. */
export const projects = pgTable(
  'projects',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    areaCode: text()
      .notNull()
      .references(() => areas.code),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('projects_area_idx').on(t.areaCode)],
);

/** 标段: a contract lot of a project, worked by one contractor team. */
export const sections = pgTable(
  'sections',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    code: text().notNull(),
    name: text().notNull(),
    contractor: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sections_project_code_uq').on(t.projectCode, t.code)],
);
