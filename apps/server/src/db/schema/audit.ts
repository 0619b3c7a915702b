import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Who changed what in users, roles, grants, menus and invitations, with the row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid()
      .notNull()
      .references(() => users.id),
    projectCode: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    summary: text().notNull().default(''),
    /** Names the web's sentence needs (see platform/audit.ts); null on rows written before it. */
    params: jsonb().$type<Record<string, unknown>>(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_log_project_at_idx').on(t.projectCode, t.at),
    index('audit_log_project_id_idx').on(t.projectCode, t.id),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
