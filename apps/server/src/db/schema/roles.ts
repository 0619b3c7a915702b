import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { menuItems } from './menus.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/** A role grants API permissions and menus. Built-in roles are kept in step with code at start. */
export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  permissions: jsonb().$type<string[]>().notNull().default([]),
  builtIn: boolean().notNull().default(false),
  /**
   * Built-in roles: the version of the built-in grants this role has been offered
   * (roles/builtin.ts `builtinGrantChanges`); each start adds what later versions added, once.
   */
  builtinVersion: integer().notNull().default(1),
  /** null: platform-wide (built-in or made by a super administrator); else the project that owns it. */
  projectCode: text().references(() => projects.code),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A user holds roles per project: membership of a project is having a role in it. */
export const userProjectRoles = pgTable(
  'user_project_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectCode, t.roleId] }),
    index('user_project_roles_project_role_idx').on(t.projectCode, t.roleId),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
