import {
  envelope,
  noValue,
  roleDetailQuery,
  roleIdQuery,
  roleItem,
  roleListQuery,
  t,
  updateRoleBody,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as roles from './service.ts';

const tags = ['roles'];

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/common/role', {
    config: { access: 'project', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '本项目可用角色（超级管理员可指定 prjCode）',
      querystring: roleListQuery,
      response: { 200: envelope(z.array(roleItem)) },
    },
    handler: async (req) => ok(await roles.listRoles(deps, managedProject(req, req.query.prjCode))),
  });

  app.get('/api/auth/itemUser4Update', {
    config: { access: 'roles.manage' },
    schema: {
      tags,
      summary: '角色详情（编辑用）',
      querystring: roleDetailQuery,
      response: { 200: envelope(roleItem) },
    },
    handler: async (req) => ok(await roles.roleDetail(deps, managedProject(req), req.query.dataId)),
  });

  app.post('/api/auth/updateRole', {
    config: { access: 'roles.manage' },
    schema: { tags, summary: '新增或修改角色', body: updateRoleBody, response: { 200: envelope(roleItem) } },
    handler: async (req) =>
      ok(
        await roles.saveRole(deps, authOf(req), managedProject(req), req.body),
        t(requestLang(req), 'saved'),
      ),
  });

  app.delete('/api/auth/deleteRole', {
    config: { access: 'roles.manage' },
    schema: {
      tags,
      summary: '删除角色（无人使用时）',
      querystring: roleIdQuery,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await roles.deleteRole(deps, authOf(req), managedProject(req), req.query.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });
};
