import {
  addMembersBody,
  addMembersValue,
  candidateListBody,
  envelope,
  managerListBody,
  memberListBody,
  noValue,
  pageOf,
  projectMember,
  removeMemberBody,
  t,
  userListItem,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, prjCodeInBody } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as members from './members.ts';

const tags = ['projects'];

/** A project's members: listing them, adding existing accounts with a role, removing them. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/project/prj1ManagerList', {
    config: { access: 'projects.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '项目管理员（超级管理员可指定 prjCode）',
      body: managerListBody,
      response: { 200: envelope(z.array(projectMember)) },
    },
    handler: async (req) => ok(await members.administrators(deps, managedProject(req, req.body.prjCode))),
  });

  for (const url of ['/api/project/prj1UserList', '/apiproject/prj1UserList']) {
    app.post(url, {
      config: { access: 'projects.read', projectOf: prjCodeInBody },
      schema: {
        tags,
        summary: '项目成员，分页（也接受规格中的拼写 /apiproject/…）',
        body: memberListBody,
        response: { 200: envelope(pageOf(projectMember)) },
      },
      handler: async (req) => {
        const { pageNum, pageSize, keyword, prjCode } = req.body;
        const code = managedProject(req, prjCode);
        return ok(await members.members(deps, code, { keyword }, { pageNum, pageSize }));
      },
    });
  }

  app.post('/api/project/userList4Prj1', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '可加入项目的用户（已启用、尚未加入，按关键字）',
      body: candidateListBody,
      response: { 200: envelope(pageOf(userListItem)) },
    },
    handler: async (req) =>
      ok(
        await members.candidates(
          deps,
          {
            keyword: req.body.keyword,
            status: 'active',
            notInProject: req.body.prjCode,
            noSuperAdmins: true,
          },
          { pageNum: 1, pageSize: 20 },
        ),
      ),
  });

  app.post('/api/project/addPrj1User', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '把已有账号加入项目并授予角色',
      body: addMembersBody,
      response: { 200: envelope(addMembersValue) },
    },
    handler: async (req) => {
      const added = await members.addMembers(deps, authOf(req), req.body);
      return ok({ count: added }, t(requestLang(req), 'membersAdded', { count: added }));
    },
  });

  app.post('/api/project/delPrj1User', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '把用户移出项目（收回其在项目中的全部角色）',
      body: removeMemberBody,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await members.removeMember(deps, authOf(req), req.body);
      return ok(null, t(requestLang(req), 'memberRemoved'));
    },
  });
};
