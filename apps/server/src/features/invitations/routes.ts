import {
  addVisitUserBody,
  delInviteBody,
  envelope,
  insertInviteBody,
  inviteItem,
  inviteListBody,
  pageOf,
  registerBody,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as invites from './service.ts';

const tags = ['invitations'];

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/user/listInvite', {
    config: { access: 'invitations.manage' },
    schema: {
      tags,
      summary: '邀请码列表',
      body: inviteListBody,
      response: { 200: envelope(pageOf(inviteItem)) },
    },
    handler: async (req) => ok(await invites.listInvites(deps, managedProject(req), req.body)),
  });

  app.post('/api/user/insertInvite', {
    config: { access: 'invitations.manage' },
    schema: {
      tags,
      summary: '生成邀请码',
      body: insertInviteBody,
      response: { 200: envelope(z.object({ id: z.string(), code: z.string() })) },
    },
    handler: async (req) =>
      ok(
        await invites.createInvite(deps, authOf(req), managedProject(req), req.body),
        t(requestLang(req), 'saved'),
      ),
  });

  app.post('/api/user/delInvite/', {
    config: { access: 'invitations.manage' },
    schema: { tags, summary: '作废邀请码', body: delInviteBody, response: { 200: envelope(z.null()) } },
    handler: async (req) => {
      await invites.revokeInvite(deps, authOf(req), managedProject(req), req.body.id);
      return ok(null, t(requestLang(req), 'revoked'));
    },
  });

  app.post('/api/user/addVisitUser/', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '输入邀请码加入项目',
      body: addVisitUserBody,
      response: { 200: envelope(z.object({ projectCode: z.string(), projectName: z.string() })) },
    },
    handler: async (req) => {
      const joined = await invites.joinWithCode(deps, authOf(req), req.body.code, req.ip);
      return ok(joined, t(requestLang(req), 'joinedProject', { name: joined.projectName }));
    },
  });

  app.post('/api/user/register', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '凭邀请码注册（待审核）',
      body: registerBody,
      response: { 200: envelope(z.object({ id: z.string(), projectName: z.string() })) },
    },
    handler: async (req) =>
      ok(await invites.register(deps, req.body, req.ip), t(requestLang(req), 'registered')),
  });
};
