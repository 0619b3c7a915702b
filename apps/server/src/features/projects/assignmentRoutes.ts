import {
  envelope,
  memberSectionsBody,
  memberSectionsItem,
  memberSectionsValue,
  setMemberSectionsBody,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInBody } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import { memberSections, setMemberSections } from './assignments.ts';

const tags = ['projects'];

/**
 * 标段分配: read (whoever sees the project's members) and set (whoever manages its users).
 * Registered by the projects routes on their own instance.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/project/memberSections', {
    config: { access: 'projects.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '成员的采集标段（标段分配，超级管理员可指定 prjCode）',
      body: memberSectionsBody,
      response: { 200: envelope(memberSectionsValue) },
    },
    handler: async (req) =>
      ok(await memberSections(deps, managedProject(req, req.body.prjCode), req.body.userIds)),
  });

  app.post('/api/project/setMemberSections', {
    config: { access: 'users.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '设置成员的采集标段（劳务人员只能在分配的标段采集）',
      body: setMemberSectionsBody,
      response: { 200: envelope(memberSectionsItem) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      const value = await setMemberSections(
        deps,
        authOf(req),
        managedProject(req, req.body.prjCode),
        req.body,
        lang,
      );
      return ok(value, t(lang, 'saved'));
    },
  });
};
