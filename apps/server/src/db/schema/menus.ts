import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Menu items (resources). `scope` separates the project menus from the system-admin menus
 * (sysMenus). Seeded items keep fixed ids below 10000; items added later take ids from 10000.
 */
export const menuItems = pgTable('menu_items', {
  id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  pid: integer().notNull().default(0),
  scope: text({ enum: ['project', 'system'] })
    .notNull()
    .default('project'),
  title: text().notNull(),
  titleEn: text().notNull().default(''),
  icon: text().notNull().default(''),
  sort: integer().notNull().default(0),
  path: text().notNull().default(''),
  redirect: text().notNull().default(''),
  description: text().notNull().default(''),
  hidden: boolean().notNull().default(false),
  builtIn: boolean().notNull().default(false),
});
