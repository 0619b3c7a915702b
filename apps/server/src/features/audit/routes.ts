import { auditItem, auditListBody, envelope, pageOf } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { managedProject } from '../../platform/scope.ts';
import * as audit from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

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
      const projectCode = authOf(req).isSuperAdmin ? undefined : managedProject(req);
      return ok(await audit.listAudit(deps, { projectCode, entity, keyword }, { pageNum, pageSize }));
    },
  });
};
