import { editSelfInfoBody, envelope, selfInfoValue, t } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as profile from './service.ts';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/user/selfInfo', {
    config: { access: 'session' },
    schema: { tags, summary: '个人资料', response: { 200: envelope(selfInfoValue) } },
    handler: async (req) => ok(await profile.selfInfo(deps, authOf(req))),
  });

  app.post('/api/user/editSelfInfo', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '修改个人资料（手机号只读）',
      body: editSelfInfoBody,
      response: { 200: envelope(selfInfoValue) },
    },
    handler: async (req) =>
      ok(await profile.editSelfInfo(deps, authOf(req), req.body), t(requestLang(req), 'profileSaved')),
  });
};
