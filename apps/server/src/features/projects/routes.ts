import {
  boundaryImportQuery,
  boundaryImportValue,
  boundaryLimits,
  ErrorCode,
  sectionBoundaryItem,
  addMembersBody,
  addMembersValue,
  candidateListBody,
  envelope,
  mainStoreValue,
  managerListBody,
  measureItem,
  memberListBody,
  noValue,
  pageOf,
  pageQuery,
  prjCodeBody,
  projectBody,
  projectItem,
  projectListBody,
  projectMember,
  projectTreeNode,
  removeMemberBody,
  sectionBody,
  sectionIdBody,
  sectionItem,
  setUpTypeBody,
  standardTableItem,
  storageUsageItem,
  t,
  userListItem,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, prjCodeInBody, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import { assignmentRoutes } from './assignmentRoutes.ts';
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
        await projects.setMeasures(deps, authOf(req), req.body.prjCode, req.body.measureCodes),
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
    handler: async (req) => ok(await projects.tables(deps, req.body.prjCode)),
  });

  app.get('/api/project/fzcsList', {
    config: { access: 'session' },
    schema: { tags, summary: '防治措施列表', response: { 200: envelope(z.array(measureItem)) } },
    handler: async () => ok(await projects.allMeasures(deps)),
  });

  app.get('/api/project/listFzcs4AddPrj1', {
    config: { access: 'session' },
    schema: { tags, summary: '可选防治措施（含标准表）', response: { 200: envelope(z.array(measureItem)) } },
    handler: async () => ok(await projects.allMeasures(deps)),
  });

  app.post('/api/project/prj1BDList', {
    config: { access: 'projects.read' },
    schema: { tags, summary: '标段列表', body: pageQuery, response: { 200: envelope(pageOf(sectionItem)) } },
    handler: async (req) => {
      const { pageNum, pageSize } = req.body;
      return ok(await projects.sectionPage(deps, managedProject(req), { pageNum, pageSize }));
    },
  });

  app.get('/api/project/selectBDInfo', {
    config: { access: 'projects.read' },
    schema: {
      tags,
      summary: '标段详情',
      querystring: z.object({ id: z.uuid() }),
      response: { 200: envelope(sectionItem) },
    },
    handler: async (req) => ok(await projects.section(deps, managedProject(req), req.query.id)),
  });

  app.post('/api/project/updateBdInfo', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '新增或修改标段', body: sectionBody, response: { 200: envelope(sectionItem) } },
    handler: async (req) =>
      ok(
        await projects.saveSection(deps, authOf(req), managedProject(req), req.body),
        t(requestLang(req), 'saved'),
      ),
  });

  app.post('/api/project/delBdInfo', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '删除标段', body: sectionIdBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await projects.removeSection(deps, authOf(req), managedProject(req), req.body.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });

  app.get('/api/project/bdBoundaries', {
    config: { access: 'projects.read' },
    schema: {
      tags,
      summary: '标段边界（地图用，WGS 84 MultiPolygon）',
      response: { 200: envelope(z.array(sectionBoundaryItem)) },
    },
    handler: async (req) => ok(await projects.sectionBoundaries(deps, managedProject(req))),
  });

  app.post('/api/project/importBdBoundary', {
    config: { access: 'projects.manage' },
    schema: {
      tags,
      summary: '导入标段边界（multipart，字段 file：shapefile ZIP 或 GeoJSON；mode=preview 只检查）',
      consumes: ['multipart/form-data'],
      querystring: boundaryImportQuery,
      response: { 200: envelope(boundaryImportValue) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) {
        throw new AppError(ErrorCode.unsupportedMediaType, 'unsupportedContentType', {
          type: req.headers['content-type'] ?? '',
        });
      }
      const part = await req.file({ limits: { fileSize: boundaryLimits.maxBytes, files: 1 } });
      if (!part) throw new AppError(ErrorCode.validation, 'uploadNoFile');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.validation, 'boundaryTooBig', {
            what: '文件大小',
            count: `> ${boundaryLimits.maxBytes}`,
            max: boundaryLimits.maxBytes,
          });
        }
        throw error;
      }
      const value = await projects.importBoundaries(
        deps,
        authOf(req),
        managedProject(req),
        { name: part.filename || 'boundary', bytes },
        req.query,
      );
      return ok(
        value,
        value.applied
          ? t(requestLang(req), 'boundaryImported', { count: value.sections.length })
          : t(requestLang(req), 'ok'),
      );
    },
  });

  app.post('/api/project/clearBdBoundary', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '清除标段边界', body: sectionIdBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await projects.clearBoundary(deps, authOf(req), managedProject(req), req.body.id);
      return ok(null, t(requestLang(req), 'saved'));
    },
  });

  app.post('/api/project/prj1ManagerList', {
    config: { access: 'projects.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '项目管理员（超级管理员可指定 prjCode）',
      body: managerListBody,
      response: { 200: envelope(z.array(projectMember)) },
    },
    handler: async (req) => ok(await projects.administrators(deps, managedProject(req, req.body.prjCode))),
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
        return ok(await projects.members(deps, code, { keyword }, { pageNum, pageSize }));
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
        await projects.candidates(
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
      const added = await projects.addMembers(deps, authOf(req), req.body);
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
      await projects.removeMember(deps, authOf(req), req.body);
      return ok(null, t(requestLang(req), 'memberRemoved'));
    },
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

  await assignmentRoutes(app, {});
};
