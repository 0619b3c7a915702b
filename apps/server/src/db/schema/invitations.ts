import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { roles } from './roles.ts';
import { users } from './users.ts';

/** An invitation code: joins whoever uses it to a project with a role, until it expires or runs out. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique(),
    projectCode: text()
      .notNull()
      .references(() => projects.code),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    uses: integer().notNull().default(0),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('invitations_project_idx').on(t.projectCode), index('invitations_role_idx').on(t.roleId)],
);
