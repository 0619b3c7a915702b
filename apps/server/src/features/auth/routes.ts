import {
  envelope,
  loginBody,
  loginPrjBody,
  loginPrjValue,
  loginValue,
  noValue,
  passwordBody,
  projectTreeNode,
  selectProjectBody,
  selectProjectValue,
  selfValue,
  switchRoleBody,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as auth from './service.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/user/login', {
    config: { access: 'public' },
    schema: { tags, summary: '登录', body: loginBody, response: { 200: envelope(loginValue) } },
    handler: async (req) => ok(await auth.login(deps, { ...req.body, address: req.ip })),
  });

  app.post('/api/user/loginPrj', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '登录并进入项目（登录 + 选择主项目）',
      body: loginPrjBody,
      response: { 200: envelope(loginPrjValue) },
    },
    handler: async (req) => ok(await auth.loginProject(deps, { ...req.body, address: req.ip })),
  });

  app.get('/api/user/self', {
    config: { access: 'session' },
    schema: { tags, summary: '当前用户信息 (getInfo)', response: { 200: envelope(selfValue) } },
    handler: async (req) => ok(await auth.self(deps, authOf(req), requestLang(req))),
  });

  app.post('/api/user/loginOut', {
    config: { access: 'session' },
    schema: { tags, summary: '退出登录', response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await auth.logout(deps, authOf(req));
      return ok(null, t(requestLang(req), 'loggedOut'));
    },
  });

  app.post('/api/user/password', {
    config: { access: 'session' },
    schema: { tags, summary: '修改密码', body: passwordBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await auth.changePassword(deps, authOf(req), req.body);
      return ok(null, t(requestLang(req), 'passwordChanged'));
    },
  });

  app.post('/api/user/selectProject', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '选择主项目',
      body: selectProjectBody,
      response: { 200: envelope(selectProjectValue) },
    },
    handler: async (req) => ok(await auth.selectProject(deps, authOf(req), req.body.prjCode)),
  });

  app.get('/api/user/userProjectTree', {
    config: { access: 'session' },
    schema: { tags, summary: '可选项目树', response: { 200: envelope(z.array(projectTreeNode)) } },
    handler: async (req) => ok(await auth.projectTree(deps, authOf(req))),
  });

  app.post('/api/user/switchRole', {
    config: { access: 'project' },
    schema: {
      tags,
      summary: '切换当前角色（返回新令牌）',
      body: switchRoleBody,
      response: { 200: envelope(loginValue) },
    },
    handler: async (req) =>
      ok(await auth.switchRole(deps, authOf(req), req.body.roleId), t(requestLang(req), 'roleSwitched')),
  });
};
