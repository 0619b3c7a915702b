import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** GB/T 2260 divisions: level 1 province, 2 city, 3 county, 4 township. Loaded from a dataset. */
export const areas = pgTable(
  'areas',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    parentCode: text(),
    level: smallint().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('areas_parent_idx').on(t.parentCode)],
);
