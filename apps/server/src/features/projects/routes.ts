import {
  envelope,
  mainStoreValue,
  measureItem,
  noValue,
  pageOf,
  pageQuery,
  prjCodeBody,
  projectBody,
  projectItem,
  projectListBody,
  projectTreeNode,
  setUpTypeBody,
  standardTableItem,
  storageUsageItem,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, prjCodeInBody, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import { assignmentRoutes } from './assignmentRoutes.ts';
import * as measures from './measures.ts';
import { memberRoutes } from './memberRoutes.ts';
import { sectionRoutes } from './sectionRoutes.ts';
import * as projects from './service.ts';

const tags = ['projects'];

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/project/list', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '全部项目（超级管理员）',
      body: projectListBody,
      response: { 200: envelope(pageOf(projectItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, ...filter } = req.body;
      return ok(await projects.listProjects(deps, filter, { pageNum, pageSize }));
    },
  });

  app.post('/api/project/add', {
    config: { access: 'system.admin' },
    schema: { tags, summary: '新建项目', body: projectBody, response: { 200: envelope(projectItem) } },
    handler: async (req) =>
      ok(await projects.save(deps, authOf(req), req.body, false), t(requestLang(req), 'saved')),
  });

  app.post('/api/project/addPrj1', {
    config: { access: 'projects.manage', projectOf: (req) => (req.body as { code?: string }).code },
    schema: {
      tags,
      summary: '修改项目基本信息',
      body: projectBody,
      response: { 200: envelope(projectItem) },
    },
    handler: async (req) =>
      ok(await projects.save(deps, authOf(req), req.body, true), t(requestLang(req), 'saved')),
  });

  app.get('/api/project/detail', {
    config: { access: 'projects.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '项目详情',
      querystring: z.object({ prjCode: z.string().max(64) }),
      response: { 200: envelope(projectItem) },
    },
    handler: async (req) => ok(await projects.detail(deps, req.query.prjCode)),
  });

  app.get('/api/project/showPrj1', {
    config: { access: 'project' },
    schema: { tags, summary: '当前主项目', response: { 200: envelope(projectItem) } },
    handler: async (req) => ok(await projects.detail(deps, managedProject(req))),
  });

  app.post('/api/project/delete', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '删除项目：仍有标段、成员或数据时拒绝；空项目归档（可恢复）',
      body: prjCodeBody,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await projects.remove(deps, authOf(req), req.body.prjCode);
      return ok(null, t(requestLang(req), 'projectArchived'));
    },
  });

  app.post('/api/project/restore', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '恢复已归档的项目（超级管理员）',
      body: prjCodeBody,
      response: { 200: envelope(projectItem) },
    },
    handler: async (req) =>
      ok(await projects.restore(deps, authOf(req), req.body.prjCode), t(requestLang(req), 'projectRestored')),
  });

  app.post('/api/project/prj1List', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '我参与的项目',
      body: pageQuery.extend({ keyword: z.string().trim().max(50).optional() }),
      response: { 200: envelope(pageOf(projectItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, keyword } = req.body;
      return ok(await projects.memberProjects(deps, authOf(req), { keyword }, { pageNum, pageSize }));
    },
  });

  app.post('/api/project/setUpType', {
    config: { access: 'projects.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '设置项目的防治措施',
      body: setUpTypeBody,
      response: { 200: envelope(z.array(measureItem)) },
    },
    handler: async (req) =>
      ok(
        await measures.setMeasures(deps, authOf(req), req.body.prjCode, req.body.measureCodes),
        t(requestLang(req), 'saved'),
      ),
  });

  app.post('/api/project/prj1StandCodeList', {
    config: { access: 'project', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '项目的标准表及字段',
      body: prjCodeBody,
      response: { 200: envelope(z.array(standardTableItem)) },
    },
    handler: async (req) => ok(await measures.tables(deps, req.body.prjCode)),
  });

  app.get('/api/project/fzcsList', {
    config: { access: 'session' },
    schema: { tags, summary: '防治措施列表', response: { 200: envelope(z.array(measureItem)) } },
    handler: async () => ok(await measures.allMeasures(deps)),
  });

  app.get('/api/project/listFzcs4AddPrj1', {
    config: { access: 'session' },
    schema: { tags, summary: '可选防治措施（含标准表）', response: { 200: envelope(z.array(measureItem)) } },
    handler: async () => ok(await measures.allMeasures(deps)),
  });

  app.get('/api/user/prjTree4Fsdgl', {
    config: { access: 'session' },
    schema: { tags, summary: '焚烧点管理的项目树', response: { 200: envelope(z.array(projectTreeNode)) } },
    handler: async (req) => ok(await projects.projectTree(deps, authOf(req))),
  });

  app.post('/api/project/storeUsageDataList', {
    config: { access: 'projects.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '项目存储用量（按文件类别）',
      body: z.object({ prjCode: z.string().max(64).optional() }).default({}),
      response: { 200: envelope(z.array(storageUsageItem)) },
    },
    handler: async (req) => ok(await projects.storageUsage(deps, req.body.prjCode ?? managedProject(req))),
  });

  app.get('/api/project/mainStore', {
    config: { access: 'projects.read' },
    schema: {
      tags,
      summary: '主项目数据（项目设置一次取全）',
      response: { 200: envelope(mainStoreValue) },
    },
    handler: async (req) => ok(await projects.mainStore(deps, managedProject(req))),
  });

  await sectionRoutes(app, {});
  await memberRoutes(app, {});
  await assignmentRoutes(app, {});
};
