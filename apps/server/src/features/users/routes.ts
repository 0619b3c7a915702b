import {
  addUserBody,
  addUserValue,
  delUserRoleQuery,
  editUserBody,
  envelope,
  noValue,
  pageOf,
  projectTreeNode,
  queryPhoneQuery,
  queryPhoneValue,
  resetPasswordByManagerBody,
  resetPasswordValue,
  t,
  userIdBody,
  userIdQuery,
  userListBody,
  userListItem,
  verifyBody,
  verifyListBody,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as users from './service.ts';

const tags = ['users'];
const done = envelope(noValue);

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/user/userList', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '用户列表',
      body: userListBody,
      response: { 200: envelope(pageOf(userListItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, prjCode, ...filter } = req.body;
      const auth = authOf(req);
      // Super administrators list everyone unless they name a project; others see their project.
      const projectCode = auth.isSuperAdmin ? prjCode : managedProject(req, prjCode);
      return ok(await users.listUsers(deps, { ...filter, projectCode }, { pageNum, pageSize }));
    },
  });

  app.post('/api/user/addUser', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '新增用户（加入当前项目）',
      body: addUserBody.extend({ prjCode: z.string().max(64).optional() }),
      response: { 200: envelope(addUserValue) },
    },
    handler: async (req) =>
      ok(
        await users.addUser(deps, authOf(req), managedProject(req, req.body.prjCode), req.body),
        t(requestLang(req), 'saved'),
      ),
  });

  app.post('/api/user/addUserInfo', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '修改用户信息、状态和本项目角色',
      body: editUserBody.extend({ prjCode: z.string().max(64).optional() }),
      response: { 200: done },
    },
    handler: async (req) => {
      await users.editUser(deps, authOf(req), managedProject(req, req.body.prjCode), req.body);
      return ok(null, t(requestLang(req), 'saved'));
    },
  });

  app.delete('/api/user/deleteUser', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '删除用户（停用账号，数据保留）',
      querystring: userIdQuery,
      response: { 200: done },
    },
    handler: async (req) => {
      await users.deleteUser(deps, authOf(req), managedProject(req), req.query.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });

  app.post('/api/user/resetPassword', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '重置为随机临时密码（消息中告知一次）',
      body: userIdBody,
      response: { 200: envelope(resetPasswordValue) },
    },
    handler: async (req) => {
      const password = await users.resetPassword(deps, authOf(req), managedProject(req), req.body.id);
      return ok({ password }, t(requestLang(req), 'passwordReset', { password }));
    },
  });

  app.post('/api/user/resetPasswordByManager', {
    config: { access: 'users.manage' },
    schema: { tags, summary: '管理员设置新密码', body: resetPasswordByManagerBody, response: { 200: done } },
    handler: async (req) => {
      await users.setPassword(deps, authOf(req), managedProject(req), req.body.id, req.body.newPassword);
      return ok(null, t(requestLang(req), 'passwordSet'));
    },
  });

  app.get('/api/user/queryPhone', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '手机号是否已被使用',
      querystring: queryPhoneQuery,
      response: { 200: envelope(queryPhoneValue) },
    },
    handler: async (req) => ok({ exists: await users.phoneExists(deps, req.query.phone) }),
  });

  app.get('/api/user/prjTree4AddUser', {
    config: { access: 'users.manage' },
    schema: { tags, summary: '可添加用户的项目树', response: { 200: envelope(z.array(projectTreeNode)) } },
    handler: async (req) => {
      const auth = authOf(req);
      const tree = await users.projectTree(deps, auth);
      if (auth.isSuperAdmin) return ok(tree);
      // A project administrator adds users to the project they manage now.
      const only = managedProject(req);
      const keep = (nodes: typeof tree): typeof tree =>
        nodes.flatMap((n) => {
          if (n.type === 'project') return n.value === only ? [n] : [];
          const children = keep(n.children ?? []);
          return children.length ? [{ ...n, children }] : [];
        });
      return ok(keep(tree));
    },
  });

  app.post('/api/user/verifyUserList', {
    config: { access: 'users.review' },
    schema: {
      tags,
      summary: '待审核用户',
      body: verifyListBody,
      response: { 200: envelope(pageOf(userListItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, keyword } = req.body;
      return ok(await users.pendingUsers(deps, managedProject(req), { keyword }, { pageNum, pageSize }));
    },
  });

  app.post('/api/user/verify', {
    config: { access: 'users.review' },
    schema: { tags, summary: '审核注册用户', body: verifyBody, response: { 200: done } },
    handler: async (req) => {
      await users.review(deps, authOf(req), managedProject(req), req.body);
      return ok(null, t(requestLang(req), req.body.approve ? 'approved' : 'rejected'));
    },
  });

  app.delete('/api/user/delUserRoleRecord', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '移除用户在本项目的一个角色',
      querystring: delUserRoleQuery,
      response: { 200: done },
    },
    handler: async (req) => {
      await users.removeUserRole(deps, authOf(req), managedProject(req), req.query.userId, req.query.roleId);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });
};
