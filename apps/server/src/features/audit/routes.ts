import { auditItem, auditListBody, envelope, pageOf } from '@pineguard/contract';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, users } from '../../db/schema/index.ts';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { managedProject } from '../../platform/scope.ts';
import { containsPattern } from '../../platform/sql.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.post('/api/audit/list', {
    config: { access: 'users.manage' },
    schema: {
      tags: ['audit'],
      summary: '操作日志（本项目；超级管理员可看全部）',
      body: auditListBody,
      response: { 200: envelope(pageOf(auditItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, entity, keyword } = req.body;
      const like = containsPattern(keyword);
      const where = and(
        authOf(req).isSuperAdmin ? undefined : eq(auditLog.projectCode, managedProject(req)),
        entity ? eq(auditLog.entity, entity) : undefined,
        like
          ? or(ilike(auditLog.summary, like), ilike(users.name, like), ilike(users.account, like))
          : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where);
      const rows = await db
        .select({ entry: auditLog, actorName: users.name, actorAccount: users.account })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize);
      return ok({
        total: total?.n ?? 0,
        list: rows.map(({ entry, actorName, actorAccount }) => ({
          ...entry,
          at: entry.at.toISOString(),
          actorName,
          actorAccount,
        })),
      });
    },
  });
};
